import { Module } from '@nestjs/common';
import { AccessLogController } from './access-log.controller.js';
import { AccessLogPruner } from './access-log.pruner.js';
import { AccessLogRepository } from './access-log.repository.js';
import { StudentDataDisclosure } from './student-data-disclosure.js';

/** Who saw which student's details (the access log, its retention) and the privacy terms. */
@Module({
  controllers: [AccessLogController],
  providers: [AccessLogRepository, StudentDataDisclosure, AccessLogPruner],
  exports: [StudentDataDisclosure],
})
export class StudentDataModule {}
