/**
 * The store's `/api/v1` additions: pickup times, active notices and their dismissal, the school's
 * calendar feed secret, and the feed itself (a calendar app fetches it with the secret, no login).
 */
import { Controller, Get, Param, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  calendarFeedSchema,
  calendarFeedTokenSchema,
  noticeSchema,
  noticesOps,
  parseOrThrow,
  pickupsOps,
  pickupTimesSchema,
  type Actor,
} from '@lr/contracts';
import { RpcClient } from '@lr/nest-kit';
import { Access } from '../../auth/access.decorator.js';
import { CurrentActor } from '../../auth/current-actor.decorator.js';
import { ApiDoc } from '../../docs/api-doc.decorator.js';

const ok = z.literal(true);

@Controller()
export class StorePickupsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('/api/v1/pickup-times')
  @Access('login')
  @ApiDoc({
    summary: "The charity's weekly pickup times, its closed dates ahead and the next open dates",
    response: z.object({ success: ok, pickupTimes: pickupTimesSchema }),
  })
  async times(@CurrentActor() actor: Actor) {
    const pickupTimes = await this.rpc.call(pickupsOps.pickupTimes, undefined, { actor });
    return { success: true as const, pickupTimes };
  }

  @Get('/api/v1/notices')
  @Access('login')
  @ApiDoc({
    summary: "Today's notices from the charity that the caller has not dismissed",
    response: z.object({ success: ok, notices: z.array(noticeSchema) }),
  })
  async notices(@CurrentActor() actor: Actor) {
    const notices = await this.rpc.call(noticesOps.activeNotices, undefined, { actor });
    return { success: true as const, notices };
  }

  @Post('/api/v1/notices/:id/dismiss')
  @Access('login')
  @ApiDoc({
    summary: 'Hide a notice for the caller (remembered for the account, on every device)',
    response: z.object({ success: ok }),
  })
  async dismiss(@CurrentActor() actor: Actor, @Param('id') id: string) {
    const noticeId = parseOrThrow(z.uuid('must be a notice id'), id);
    await this.rpc.call(noticesOps.dismissNotice, { id: noticeId }, { actor });
    return { success: true as const };
  }

  @Get('/api/v1/me/calendar-feed')
  @Access('user')
  @ApiDoc({
    summary: "The school's calendar feed secret (its orders' pickup times); keep it private",
    response: z.object({ success: ok, feed: calendarFeedSchema }),
  })
  async feed(@CurrentActor() actor: Actor) {
    const feed = await this.rpc.call(pickupsOps.calendarFeed, { owner: 'school' }, { actor });
    return { success: true as const, feed };
  }

  @Post('/api/v1/me/calendar-feed/reset')
  @Access('user')
  @ApiDoc({
    summary: "A new secret for the school's calendar feed; the old URL stops working",
    response: z.object({ success: ok, feed: calendarFeedSchema }),
  })
  async resetFeed(@CurrentActor() actor: Actor) {
    const feed = await this.rpc.call(pickupsOps.resetCalendarFeed, { owner: 'school' }, { actor });
    return { success: true as const, feed };
  }

  @Get('/api/v1/calendar/:token/pickups.ics')
  @Access('public')
  @ApiDoc({
    summary: 'A calendar feed of pickup times (iCalendar); the secret in the path is its access',
    response: z.string(),
    responseType: 'text/calendar',
    responses: { '404': 'No feed has this secret (it may have been reset)' },
  })
  async calendar(@Param('token') token: string, @Res({ passthrough: true }) reply: FastifyReply) {
    const parsed = parseOrThrow(calendarFeedTokenSchema, token);
    const { ics } = await this.rpc.call(pickupsOps.calendarFeedText, { token: parsed }, {});
    void reply.header('Content-Type', 'text/calendar; charset=utf-8');
    void reply.header('Cache-Control', 'private, no-cache');
    void reply.header('Referrer-Policy', 'no-referrer');
    return ics;
  }
}
