/**
 * Erasure and export on request (admins; the controller checks the role): one order's personal
 * data, or every order of a school whose student id matches, erased now; everything orders holds
 * about one student or one school, as one document.
 */
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { asc, eq } from 'drizzle-orm';
import {
  AppError,
  normaliseStudentId,
  type PrivacyEraseInput,
  type PrivacyEraseResult,
  type PrivacyExport,
  type PrivacyExportInput,
} from '@lr/contracts';
import { KIT_CONFIG, LOGGER, metrics, type Logger } from '@lr/nest-kit';
import type { OrdersConfig } from '../config.js';
import { orders, type OrderRow } from '../db/schema.js';
import { formatOrderNumber } from '../orders/order-number.js';
import { toOrderSnapshot } from '../orders/order.mapper.js';
import { OrderReadsRepository } from '../orders/order-reads.repository.js';
import { RecentOrders } from '../orders/recent-orders.js';
import { StudentDataDisclosure, type Reader } from '../student-data/student-data-disclosure.js';
import { ErasureRepository } from './erasure.repository.js';
import { CLOCK, type Clock } from './personal-data-retention.js';
import { studentIdOf } from './student-fingerprints.js';

/** What the access log names of an order (never its student details). */
function refOf(order: OrderRow) {
  return {
    id: order.id,
    orderNumber: formatOrderNumber(order.orderNumber),
    userId: order.userId,
    userName: order.userName,
  };
}

function isStudent(order: OrderRow, studentId: string): boolean {
  return (
    normaliseStudentId(studentIdOf(order.shippingInfo.receivingPersonName)) ===
    normaliseStudentId(studentId)
  );
}

@Injectable()
export class PrivacyRequestsService {
  private readonly logger: Logger;

  constructor(
    private readonly reads: OrderReadsRepository,
    private readonly erasures: ErasureRepository,
    private readonly disclosure: StudentDataDisclosure,
    private readonly recent: RecentOrders,
    @Inject(KIT_CONFIG) private readonly config: OrdersConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ context: PrivacyRequestsService.name });
  }

  async erase(req: Reader, input: PrivacyEraseInput): Promise<PrivacyEraseResult> {
    const actor = req.actor!;
    const at = this.clock();
    let chosen: OrderRow[];
    if ('orderId' in input) {
      const order = await this.reads.findById(this.reads.db, input.orderId);
      if (!order) throw AppError.notFound('Order not found with this Id');
      chosen = [order];
    } else {
      chosen = (await this.heldOrdersOf(input.school)).filter((order) =>
        isStudent(order, input.studentId),
      );
    }
    // Recorded before the erasure: an admin acting on student details is a read like any other.
    await this.disclosure.record(req, 'erase', chosen.map(refOf));
    const ids = chosen.map((order) => order.id);
    const erasedOrderIds = await this.erasures.eraseOrders(this.erasures.db, ids, at);
    // Nor are they kept in this process's memory (recent-orders.ts: other replicas' copies are
    // never answered from, and go within the minute).
    for (const id of erasedOrderIds) this.recent.forget(id);
    metrics.orders.personalDataErased.inc({ reason: 'request' }, erasedOrderIds.length);
    // Ids only: what was erased must not reach the log.
    this.logger.info({ by: actor.id, orderIds: erasedOrderIds }, 'personal data erased on request');
    return { id: randomUUID(), at: at.toISOString(), erasedOrderIds };
  }

  async export(req: Reader, input: PrivacyExportInput): Promise<PrivacyExport> {
    const actor = req.actor!;
    const all = await this.reads.db
      .select()
      .from(orders)
      .where(eq(orders.userId, input.school))
      .orderBy(asc(orders.createdAt));
    const first = all[0];
    if (!first) throw AppError.notFound('No orders of this school are held');
    const { studentId } = input;
    // An erased order no longer says whose it was: a student's export lists only held orders.
    const chosen =
      studentId === undefined
        ? all
        : all.filter((order) => !order.personalDataErasedAt && isStudent(order, studentId));
    await this.disclosure.record(req, 'export', chosen.map(refOf), `school ${input.school}`);
    const withLines = await this.reads.withLines(this.reads.db, chosen);
    this.logger.info(
      { by: actor.id, orders: chosen.length, school: input.school },
      'personal data exported',
    );
    return {
      generatedAt: this.clock().toISOString(),
      school: { id: input.school, name: all[all.length - 1]!.userName },
      studentId: studentId ?? null,
      retentionDays: this.config.STUDENT_DATA_RETENTION_DAYS,
      orders: withLines.map(({ order, lines }) => ({
        ...toOrderSnapshot(order, lines),
        personalDataErasedAt: order.personalDataErasedAt?.toISOString() ?? null,
      })),
    };
  }

  private heldOrdersOf(school: string): Promise<OrderRow[]> {
    return this.reads.db
      .select()
      .from(orders)
      .where(eq(orders.userId, school))
      .then((rows) => rows.filter((row) => !row.personalDataErasedAt));
  }
}
