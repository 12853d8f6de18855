/**
 * Request-reply adapters of the access log and the privacy terms: the log's list and all the order
 * numbers and school names of one read (admins only), and the terms the store's Privacy Policy page
 * states (anyone, signed in or not).
 */
import { Controller, Inject } from '@nestjs/common';
import {
  ordersOps,
  type AccessLogEntry,
  type AccessLogListInput,
  type AccessLogNames,
  type AccessLogNamesInput,
  type PrivacyTerms,
} from '@lr/contracts';
import { Handles, KIT_CONFIG, withinReplyBudget } from '@lr/nest-kit';
import type { OrdersConfig } from '../config.js';
import { AccessLogRepository } from './access-log.repository.js';
import { StudentDataDisclosure } from './student-data-disclosure.js';

@Controller()
export class AccessLogController {
  constructor(
    private readonly log: AccessLogRepository,
    private readonly disclosure: StudentDataDisclosure,
    @Inject(KIT_CONFIG) private readonly config: OrdersConfig,
  ) {}

  @Handles(ordersOps.accessLog)
  list({ range, filter }: AccessLogListInput): Promise<{ items: AccessLogEntry[]; total: number }> {
    return this.log.list(filter, range);
  }

  @Handles(ordersOps.accessLogNames)
  async names(input: AccessLogNamesInput): Promise<AccessLogNames> {
    const page = await this.log.names(input);
    return { names: withinReplyBudget(page.names), total: page.total };
  }

  @Handles(ordersOps.privacyTerms)
  privacyTerms(): PrivacyTerms {
    return {
      studentDataRetentionDays: this.config.STUDENT_DATA_RETENTION_DAYS,
      accessLogRetentionDays: this.config.ACCESS_LOG_RETENTION_DAYS,
      contactEmail: this.config.PRIVACY_CONTACT_EMAIL ?? this.config.CHARITY_EMAIL,
    };
  }
}
