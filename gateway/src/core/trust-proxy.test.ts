import Fastify from 'fastify';
import { parseConfig } from '@lr/nest-kit';
import { gatewayConfigSchema } from '../config.js';
import { fastifyTrustProxy } from './trust-proxy.js';

/** The address a request is seen from, behind the proxies TRUST_PROXY names. */
async function clientAddress(trustProxy: string, forwardedFor: string): Promise<string> {
  const config = parseConfig(gatewayConfigSchema, { TRUST_PROXY: trustProxy });
  const app = Fastify({ trustProxy: fastifyTrustProxy(config.TRUST_PROXY) });
  app.get('/', (request) => ({ ip: request.ip }));
  try {
    const response = await app.inject({
      method: 'GET',
      url: '/',
      remoteAddress: '10.0.0.9',
      headers: { 'x-forwarded-for': forwardedFor },
    });
    return (response.json() as { ip: string }).ip;
  } finally {
    await app.close();
  }
}

describe('TRUST_PROXY', () => {
  it('with one hop, a client-supplied X-Forwarded-For entry does not change the address', async () => {
    // The ingress controller appends the address it saw after whatever the client sent.
    expect(await clientAddress('1', '203.0.113.7')).toBe('203.0.113.7');
    expect(await clientAddress('1', '6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
    expect(await clientAddress('2', '6.6.6.6, 203.0.113.7, 10.0.0.2')).toBe('203.0.113.7');
  });

  it('trusts only the listed proxies', async () => {
    expect(await clientAddress('10.0.0.0/8', '6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
    expect(await clientAddress('192.168.0.1', '6.6.6.6')).toBe('10.0.0.9');
  });

  it('ignores the header when no proxy is trusted', async () => {
    expect(await clientAddress('false', '6.6.6.6')).toBe('10.0.0.9');
    expect(await clientAddress('0', '6.6.6.6')).toBe('10.0.0.9');
  });

  it('refuses true, which would let any client choose its address', () => {
    expect(() => parseConfig(gatewayConfigSchema, { TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY.*number of proxies/,
    );
    expect(() => parseConfig(gatewayConfigSchema, { TRUST_PROXY: 'some-host' })).toThrow(
      /TRUST_PROXY/,
    );
    expect(() => parseConfig(gatewayConfigSchema, { TRUST_PROXY: '10.0.0.0/33' })).toThrow(
      /TRUST_PROXY/,
    );
  });
});
