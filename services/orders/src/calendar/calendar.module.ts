import { Module } from '@nestjs/common';
import { CalendarController } from './calendar.controller.js';
import { CalendarFeedsService } from './calendar-feeds.service.js';

@Module({ controllers: [CalendarController], providers: [CalendarFeedsService] })
export class CalendarModule {}
