/**
 * Sends one request-reply call with a request id of the test's choosing, as RpcClient sends each
 * attempt of a call: sending it twice with one id is a resend whose first reply was lost (the
 * replica died after answering, or the NATS node carrying the reply did).
 */
import { randomUUID } from 'node:crypto';
import { headers } from '@nats-io/transport-node';
import { HEADERS, namespaced, type Actor, type RpcReply } from '@lr/contracts';
import type { TestEnv } from './env.js';

export async function callWithRequestId<T = unknown>(
  env: TestEnv,
  subject: string,
  input: unknown,
  options: { actor: Actor | null; requestId: string; timeoutMs?: number },
): Promise<RpcReply<T>> {
  const hdrs = headers();
  hdrs.set(HEADERS.correlationId, randomUUID());
  hdrs.set(HEADERS.requestId, options.requestId);
  const reply = await env.nc.request(
    namespaced(env.namespace, subject),
    JSON.stringify({ actor: options.actor, input }),
    { timeout: options.timeoutMs ?? 15_000, headers: hdrs },
  );
  return JSON.parse(new TextDecoder().decode(reply.data)) as RpcReply<T>;
}
