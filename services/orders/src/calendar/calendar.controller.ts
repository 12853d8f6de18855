/** Request-reply adapters of the calendar feed operations (`pickupsOps.calendarFeed*`). */
import { Controller } from '@nestjs/common';
import { pickupsOps, type ParsedInputOf } from '@lr/contracts';
import { Handles, type Call } from '@lr/nest-kit';
import { CalendarFeedsService } from './calendar-feeds.service.js';

type FeedInput = ParsedInputOf<typeof pickupsOps.calendarFeed>;

@Controller()
export class CalendarController {
  constructor(private readonly feeds: CalendarFeedsService) {}

  @Handles(pickupsOps.calendarFeed)
  token({ owner }: FeedInput, call: Call<typeof pickupsOps.calendarFeed.callers>) {
    return this.feeds.token(call.actor, owner);
  }

  @Handles(pickupsOps.resetCalendarFeed)
  reset({ owner }: FeedInput, call: Call<typeof pickupsOps.resetCalendarFeed.callers>) {
    return this.feeds.reset(call.actor, owner);
  }

  @Handles(pickupsOps.calendarFeedText)
  text({ token }: ParsedInputOf<typeof pickupsOps.calendarFeedText>) {
    return this.feeds.text(token);
  }
}
