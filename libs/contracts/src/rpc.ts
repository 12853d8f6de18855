/**
 * The request-reply envelope between the gateway and the services. The gateway authenticates the
 * caller and passes who they are as `actor`; services still check roles and ownership themselves.
 */
import { z } from 'zod';
import { roleSchema } from './domain.js';

export const actorSchema = z.object({
  id: z.uuid(),
  role: roleSchema,
  name: z.string(),
  loginId: z.string(),
});
export type Actor = z.infer<typeof actorSchema>;

export type RpcRequest<T = unknown> = { actor: Actor | null; input: T };

/** NATS header names used on every request and event. */
export const HEADERS = {
  correlationId: 'x-correlation-id',
} as const;
