/**
 * `/api/console/pickup-slots` (ra-data-simple-rest; admins) and the console's other pickup routes:
 * the times to choose from at Ready for Pickup, changing an order's time, the dashboard's coming
 * pickups and the charity's calendar feed.
 */
import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { z } from 'zod';
import {
  calendarFeedSchema,
  orderPickupSchema,
  parseOrThrow,
  setPickupBodySchema,
  pickupSlotInputSchema,
  pickupSlotSchema,
  pickupsOps,
  pickupTimesSchema,
  upcomingPickupsSchema,
  upcomingPickupsInputSchema,
  type Actor,
} from '@lr/contracts';
import { RpcClient } from '@lr/nest-kit';
import { Access } from '../../auth/access.decorator.js';
import { CurrentActor } from '../../auth/current-actor.decorator.js';
import { ConsoleListRoute } from '../../core/console.js';
import { ApiDoc } from '../../docs/api-doc.decorator.js';

const idSchema = z.uuid('must be a pickup slot id');

@Controller()
export class ConsolePickupsController {
  constructor(private readonly rpc: RpcClient) {}

  @ConsoleListRoute('/api/console/pickup-slots', {
    summary: 'Weekly pickup slots by weekday and start (admins)',
    row: pickupSlotSchema,
    sortable: [],
  })
  @Access('admin')
  async list(@CurrentActor() actor: Actor) {
    const items = await this.rpc.call(pickupsOps.listPickupSlots, undefined, { actor });
    return { items, total: items.length };
  }

  @Get('/api/console/pickup-slots/:id')
  @Access('admin')
  @ApiDoc({ summary: 'One pickup slot (admins)', response: pickupSlotSchema })
  get(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return this.rpc.call(pickupsOps.getPickupSlot, { id: parseOrThrow(idSchema, id) }, { actor });
  }

  @Post('/api/console/pickup-slots')
  @Access('admin')
  @ApiDoc({
    summary:
      'Add a weekly pickup slot: weekday 1 (Monday)-7, start and end HH:MM, capacity (admins)',
    body: pickupSlotInputSchema,
    response: pickupSlotSchema,
  })
  create(@CurrentActor() actor: Actor, @Body() body: unknown) {
    const slot = parseOrThrow(pickupSlotInputSchema, stripId(body));
    return this.rpc.call(pickupsOps.createPickupSlot, slot, { actor });
  }

  @Put('/api/console/pickup-slots/:id')
  @Access('admin')
  @ApiDoc({
    summary: 'Change a pickup slot; orders already given a time keep it (admins)',
    body: pickupSlotInputSchema,
    response: pickupSlotSchema,
  })
  update(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() body: unknown) {
    const slot = parseOrThrow(pickupSlotInputSchema, stripId(body));
    return this.rpc.call(
      pickupsOps.updatePickupSlot,
      { id: parseOrThrow(idSchema, id), slot },
      { actor },
    );
  }

  @Delete('/api/console/pickup-slots/:id')
  @Access('admin')
  @ApiDoc({
    summary: 'Remove a pickup slot; orders already given it keep their time (admins)',
    response: pickupSlotSchema,
  })
  delete(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return this.rpc.call(
      pickupsOps.deletePickupSlot,
      { id: parseOrThrow(idSchema, id) },
      { actor },
    );
  }

  @Get('/api/console/pickup-times')
  @Access('admin', 'volunteer')
  @ApiDoc({
    summary: 'The open pickup dates to choose from at Ready for Pickup, the soonest first',
    response: pickupTimesSchema,
  })
  times(@CurrentActor() actor: Actor) {
    return this.rpc.call(pickupsOps.pickupTimes, undefined, { actor });
  }

  @Put('/api/console/orders/:id/pickup')
  @Access('admin', 'volunteer')
  @ApiDoc({
    summary: 'Change the pickup time of an order that is Ready for Pickup (mails the school)',
    body: setPickupBodySchema,
    response: orderPickupSchema,
  })
  setPickup(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() body: unknown) {
    const { pickup } = parseOrThrow(setPickupBodySchema, body ?? {});
    return this.rpc.call(
      pickupsOps.setPickup,
      { orderId: parseOrThrow(z.uuid('must be an order id'), id), pickup },
      { actor },
    );
  }

  @Get('/api/console/pickups/upcoming')
  @Access('admin', 'volunteer')
  @ApiDoc({
    summary: "Orders with a pickup or delivery in the coming days (days=2: today's and tomorrow's)",
    query: upcomingPickupsInputSchema,
    response: upcomingPickupsSchema,
  })
  upcoming(@CurrentActor() actor: Actor, @Query() query: Record<string, unknown>) {
    const input = parseOrThrow(upcomingPickupsInputSchema, { days: query.days ?? 2 });
    return this.rpc.call(pickupsOps.upcomingPickups, input, { actor });
  }

  @Get('/api/console/calendar-feed')
  @Access('admin')
  @ApiDoc({
    summary: "The charity's calendar feed secret (every pickup; admins)",
    response: calendarFeedSchema,
  })
  feed(@CurrentActor() actor: Actor) {
    return this.rpc.call(pickupsOps.calendarFeed, { owner: 'charity' }, { actor });
  }

  @Post('/api/console/calendar-feed/reset')
  @Access('admin')
  @ApiDoc({
    summary: "A new secret for the charity's calendar feed; the old URL stops working (admins)",
    response: calendarFeedSchema,
  })
  resetFeed(@CurrentActor() actor: Actor) {
    return this.rpc.call(pickupsOps.resetCalendarFeed, { owner: 'charity' }, { actor });
  }
}

/** react-admin sends the record's `id` back in the body of an edit. */
function stripId(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body ?? {};
  const { id: _id, ...rest } = body as Record<string, unknown>;
  return rest;
}
