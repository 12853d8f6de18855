/**
 * Pickup times: the weekly slots the charity opens (weekday, start, end, how many orders each),
 * the time an order is given when it becomes Ready for Pickup (a slot on a date, or delivery on a
 * date), and what schools and the console read about them. Slot times are wall-clock times in the
 * charity's time zone (the orders service's CHARITY_TIME_ZONE); an order's pickup keeps the
 * instants they stood for on its date, so a later change of the slot does not move booked orders.
 */
import { z } from 'zod';
import { digitsOrNumber } from './text.js';

// Own copy, not donations.ts's: events.ts imports this file, and donations.ts reaches events.ts.
const isoDaySchema = z.iso.date('must be a date (YYYY-MM-DD)');

/** ISO weekdays: 1 is Monday, 7 is Sunday. */
export const WEEKDAY_NAMES = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

const clockTimeSchema = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time of day HH:MM (24-hour)');

const slotShape = {
  weekday: z
    .number()
    .int()
    .min(1, 'must be 1 (Monday) to 7 (Sunday)')
    .max(7, 'must be 1 (Monday) to 7 (Sunday)'),
  start: clockTimeSchema,
  end: clockTimeSchema,
  /** Orders one date of the slot takes. */
  capacity: z.number().int().min(1).max(1000),
};
const endAfterStart = (s: { start?: string; end?: string }) =>
  s.start === undefined || s.end === undefined || s.end > s.start;
const endIssue = { message: 'must be after start', path: ['end'] };

export const pickupSlotInputSchema = z.strictObject(slotShape).refine(endAfterStart, endIssue);
export type PickupSlotInput = z.infer<typeof pickupSlotInputSchema>;

export const pickupSlotSchema = z.object({ id: z.uuid(), ...slotShape });
export type PickupSlot = z.infer<typeof pickupSlotSchema>;

/** The product's pickup times before any admin changed them. */
export const DEFAULT_PICKUP_SLOTS: readonly PickupSlotInput[] = [
  { weekday: 2, start: '14:00', end: '16:00', capacity: 20 },
  { weekday: 4, start: '08:00', end: '09:30', capacity: 20 },
];

/** The time an order was given: a slot's instants on one date, or delivery on a date. */
export const orderPickupSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('slot'),
    /** The slot it was booked on (which may since have changed or gone; the time stays). */
    slotId: z.uuid(),
    date: isoDaySchema,
    start: z.iso.datetime({ offset: true }),
    end: z.iso.datetime({ offset: true }),
    /** The charity's time zone, to show the times as the school reads them. */
    timeZone: z.string(),
  }),
  z.object({ kind: z.literal('delivery'), date: isoDaySchema }),
]);
export type OrderPickup = z.infer<typeof orderPickupSchema>;

/** What a volunteer chooses: a slot on one of its dates, or delivery on a date. */
export const pickupChoiceSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('slot'), slotId: z.uuid(), date: isoDaySchema }),
    z.strictObject({ kind: z.literal('delivery'), date: isoDaySchema }),
  ],
  { error: "must be { kind: 'slot', slotId, date } or { kind: 'delivery', date }" },
);
export type PickupChoice = z.infer<typeof pickupChoiceSchema>;

/** `PUT /api/console/orders/:id/pickup`: the order's new pickup time. */
export const setPickupBodySchema = z.strictObject({ pickup: pickupChoiceSchema });

/** One date of a slot that still takes orders. */
export const pickupOpeningSchema = z.object({
  slotId: z.uuid(),
  date: isoDaySchema,
  start: z.iso.datetime({ offset: true }),
  end: z.iso.datetime({ offset: true }),
  /** Orders it still takes. */
  free: z.number().int().nonnegative(),
});
export type PickupOpening = z.infer<typeof pickupOpeningSchema>;

/** The weekly times, the closed dates ahead and the next open dates, first the one to preselect. */
export const pickupTimesSchema = z.object({
  timeZone: z.string(),
  slots: z.array(pickupSlotSchema),
  closedDates: z.array(isoDaySchema),
  openings: z.array(pickupOpeningSchema),
});
export type PickupTimes = z.infer<typeof pickupTimesSchema>;

export const setPickupInputSchema = z.strictObject({
  orderId: z.uuid(),
  pickup: pickupChoiceSchema,
});

/** One order's time on the console dashboard (no student or teacher details). */
export const upcomingPickupSchema = z.object({
  orderId: z.uuid(),
  orderNumber: z.string(),
  userName: z.string(),
  status: z.string(),
  pickup: orderPickupSchema,
});
export type UpcomingPickup = z.infer<typeof upcomingPickupSchema>;

/** The coming days' pickups, with which day is today in the charity's time zone. */
export const upcomingPickupsSchema = z.object({
  today: isoDaySchema,
  pickups: z.array(upcomingPickupSchema),
});
export type UpcomingPickups = z.infer<typeof upcomingPickupsSchema>;

/** From today (the charity's day) for `days` days: 2 is today and tomorrow. */
export const upcomingPickupsInputSchema = z.strictObject({
  days: digitsOrNumber(z.number().int().min(1).max(31)),
});

// ---- calendar feeds -----------------------------------------------------------------------------

/** A feed's secret: who holds it can read the feed, so it is only shown to its owner. */
export const calendarFeedTokenSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{32,64}$/, 'must be a calendar feed token');
/** `school`: the caller's own orders; `charity`: every pickup (admins). */
export const calendarFeedOwnerSchema = z.enum(['school', 'charity']);
export const calendarFeedSchema = z.object({ token: calendarFeedTokenSchema });
export const calendarFeedRequestSchema = z.strictObject({ owner: calendarFeedOwnerSchema });
export const calendarFeedTextSchema = z.object({ ics: z.string() });
