/**
 * The one envelope every domain event travels in.
 *
 * `type` is the full subject without namespace, e.g. `orders.order.placed.v1`, so the schema version
 * is part of the type. `version` is the version of the entity the event is about (an order's version
 * grows by one on every change); consumers use it to ignore an older event that arrives late.
 */
import { z } from 'zod';

export const eventEnvelopeSchema = z.object({
  eventId: z.uuid(),
  type: z.string().min(1),
  version: z.number().int().nonnegative(),
  occurredAt: z.iso.datetime({ offset: true }),
  correlationId: z.string().min(1),
  /** W3C trace context of the change that produced the event (absent when tracing is off). */
  traceparent: z
    .string()
    .regex(/^[0-9a-f]{2}-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/)
    .optional(),
  data: z.unknown(),
});

export type EventEnvelope<T = unknown> = Omit<z.infer<typeof eventEnvelopeSchema>, 'data'> & {
  data: T;
};
