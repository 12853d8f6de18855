/**
 * The request-reply envelope between the gateway and the services. The gateway authenticates the
 * caller and passes who they are as `actor`; services still check roles and ownership themselves.
 */
import { z } from 'zod';
import { roleSchema } from './domain.js';
import type { AccessContext } from './student-data-access.js';

export const actorSchema = z.object({
  id: z.uuid(),
  role: roleSchema,
  name: z.string(),
  loginId: z.string(),
});
export type Actor = z.infer<typeof actorSchema>;

export type RpcRequest<T = unknown> = {
  actor: Actor | null;
  input: T;
  /**
   * The caller's id for this call, the same on every resend of it (header `x-request-id`, copied
   * here by the answering service's transport; never taken from the body). A write that records its
   * reply under it answers a resend with that reply instead of writing again (`resend: deduped`, operation.ts).
   */
  requestId?: string | null;
  /**
   * Set by the gateway on calls that may show student details to staff: the log row they belong
   * to, what the person is doing and their client address (student-data-access.ts).
   */
  access?: AccessContext | null;
};

/** NATS header names used on every request and event. */
export const HEADERS = {
  correlationId: 'x-correlation-id',
  requestId: 'x-request-id',
  /**
   * How long (ms) the caller will wait for this attempt's reply, counted from when it sent it: a
   * service that waits on something else (orders on catalog's stock decision) answers within it.
   */
  replyWithinMs: 'x-reply-within-ms',
} as const;
