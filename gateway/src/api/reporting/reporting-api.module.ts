/**
 * HTTP routes backed by the reporting service: its /api/v1 calls (spec section 7) and its /api/console
 * resources. Controllers only adapt HTTP to one request-reply call each.
 */
import { Module } from '@nestjs/common';

@Module({
  controllers: [],
})
export class ReportingApiModule {}
