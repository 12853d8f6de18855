/**
 * Request-reply adapters of the access log and the privacy terms: the log's list (admins only),
 * reads served by another service that the gateway reports (admins only), and the terms the store's
 * Privacy Policy page states (anyone, signed in or not).
 */
import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  RPC,
  accessLogListInputSchema,
  parseOrThrow,
  type AccessLogEntry,
  type PrivacyTerms,
  type RpcRequest,
} from '@lr/contracts';
import { KIT_CONFIG, requireRole } from '@lr/nest-kit';
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

  @MessagePattern(RPC.orders.accessLog)
  list(@Payload() req: RpcRequest<unknown>): Promise<{ items: AccessLogEntry[]; total: number }> {
    requireRole(req.actor, 'admin');
    const { range, filter } = parseOrThrow(accessLogListInputSchema, req.input);
    return this.log.list(filter, range);
  }

  @MessagePattern(RPC.orders.privacyTerms)
  privacyTerms(): PrivacyTerms {
    return {
      studentDataRetentionDays: this.config.STUDENT_DATA_RETENTION_DAYS,
      accessLogRetentionDays: this.config.ACCESS_LOG_RETENTION_DAYS,
      contactEmail: this.config.PRIVACY_CONTACT_EMAIL ?? this.config.CHARITY_EMAIL,
    };
  }
}
