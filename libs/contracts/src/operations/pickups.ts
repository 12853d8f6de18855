/** Pickup slots, the times orders are given, the dashboard's list and the calendar feeds (orders). */
import { z } from 'zod';
import { defineOperations } from '../operation.js';
import {
  calendarFeedRequestSchema,
  calendarFeedSchema,
  calendarFeedTextSchema,
  calendarFeedTokenSchema,
  orderPickupSchema,
  pickupSlotInputSchema,
  pickupSlotSchema,
  pickupTimesSchema,
  setPickupInputSchema,
  upcomingPickupsSchema,
  upcomingPickupsInputSchema,
} from '../pickups.js';

const slotIdSchema = z.strictObject({ id: z.uuid() });

export const pickupsOps = defineOperations('orders', {
  listPickupSlots: {
    input: z.unknown(),
    output: z.array(pickupSlotSchema),
    callers: ['admin'],
    resend: 'read',
  },
  getPickupSlot: {
    input: slotIdSchema,
    output: pickupSlotSchema,
    callers: ['admin'],
    resend: 'read',
  },
  // A second run would add a second slot.
  createPickupSlot: {
    input: pickupSlotInputSchema,
    output: pickupSlotSchema,
    callers: ['admin'],
    resend: 'once',
  },
  updatePickupSlot: {
    input: z.strictObject({ id: z.uuid(), slot: pickupSlotInputSchema }),
    output: pickupSlotSchema,
    callers: ['admin'],
    resend: 'idempotent',
  },
  deletePickupSlot: {
    input: slotIdSchema,
    output: pickupSlotSchema,
    callers: ['admin'],
    resend: 'once',
  },
  // Schools read them in the store; staff when choosing a time at Ready for Pickup.
  pickupTimes: {
    input: z.unknown(),
    output: pickupTimesSchema,
    callers: 'signed-in',
    resend: 'read',
  },
  // Changes an order's time (Ready for Pickup); the school is mailed when it moved.
  setPickup: {
    input: setPickupInputSchema,
    output: orderPickupSchema,
    callers: ['admin', 'volunteer'],
    resend: 'idempotent',
  },
  upcomingPickups: {
    input: upcomingPickupsInputSchema,
    output: upcomingPickupsSchema,
    callers: ['admin', 'volunteer'],
    resend: 'read',
  },
  // The caller's feed secret (a school's own, or the charity's for an admin), made on first ask.
  calendarFeed: {
    input: calendarFeedRequestSchema,
    output: calendarFeedSchema,
    callers: ['admin', 'user'],
    resend: 'idempotent',
  },
  // A new secret; the old URL stops working.
  resetCalendarFeed: {
    input: calendarFeedRequestSchema,
    output: calendarFeedSchema,
    callers: ['admin', 'user'],
    resend: 'once',
  },
  // The feed itself: calendar apps fetch it without a login, the secret is the access.
  calendarFeedText: {
    input: z.strictObject({ token: calendarFeedTokenSchema }),
    output: calendarFeedTextSchema,
    callers: 'anyone',
    resend: 'read',
  },
});
