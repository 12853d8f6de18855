/**
 * With tracing off (no OTEL_EXPORTER_OTLP_ENDPOINT), the gateway's requests to the services carry
 * no trace of their own, and a trace the caller sent (`traceparent`) is passed on to the services
 * unchanged, so a tracing proxy or client in front of the gateway still sees one trace.
 */
import { namespaced } from '@lr/contracts';
import { tracingOn } from '@lr/nest-kit';
import type { Msg, Subscription } from '@nats-io/transport-node';
import { DEMO_CODE, startAuthHarness, type AuthHarness } from './auth-harness.js';

const CALLER_TRACE = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';

describe('gateway with tracing off', () => {
  let h: AuthHarness;
  let spy: Subscription;
  const seen: Msg[] = [];

  beforeAll(async () => {
    h = await startAuthHarness();
    // A plain subscriber gets a copy of every request beside the service's queue group.
    spy = h.env.nc.subscribe(namespaced(h.env.namespace, 'rpc.auth.>'), {
      callback: (_error, msg) => {
        seen.push(msg);
      },
    });
    await h.env.nc.flush();
  });
  afterAll(async () => {
    spy?.unsubscribe();
    await h?.close();
  });

  async function login(extra: Record<string, string>): Promise<Msg[]> {
    seen.length = 0;
    const response = await h.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: extra,
      payload: { email: 'maplegrove', password: DEMO_CODE },
    });
    expect(response.statusCode).toBe(200);
    await h.env.nc.flush();
    expect(seen.length).toBeGreaterThan(0);
    return [...seen];
  }

  it('sends requests without a trace header when the caller sent none', async () => {
    expect(tracingOn()).toBe(false);
    for (const msg of await login({})) {
      expect(msg.headers?.get('traceparent') ?? '').toBe('');
    }
  });

  it("passes the caller's traceparent on to the services unchanged", async () => {
    for (const msg of await login({ traceparent: CALLER_TRACE })) {
      expect(msg.headers?.get('traceparent')).toBe(CALLER_TRACE);
    }
  });
});
