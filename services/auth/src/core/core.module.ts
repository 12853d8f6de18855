import { Module } from '@nestjs/common';
import { AfterReplyQueue } from './after-reply-queue.js';

/** Shared by the features that work after their answer (reset links, login id change notices). */
@Module({
  providers: [AfterReplyQueue],
  exports: [AfterReplyQueue],
})
export class AuthCoreModule {}
