/**
 * Placing a request: who may, what a line must meet, the address from the school's
 * profile, one order per idempotency key (the client's, else the call's request id, so a resent
 * call places nothing twice), and the `orders.order.placed.v1` event in the same transaction as
 * the order. Placing does not touch stock.
 */
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  type Actor,
  type CatalogProduct,
  type OrderSnapshot,
  type PlaceOrderInput,
  type ShippingInfo,
} from '@lr/contracts';
import {
  conflictFromUniqueViolation,
  LOGGER,
  metrics,
  uniqueViolationOf,
  withSpan,
  type Logger,
} from '@lr/nest-kit';
import { CatalogClient, imageOf } from '../clients/catalog.client.js';
import { UsersClient, type SchoolProfile } from '../clients/users.client.js';
import { OrderMailer } from '../notifications/order-mailer.js';
import {
  describeRefusal,
  findDuplicateLine,
  findSize,
  refuseByCatalog,
  refuseShortStock,
} from './line-rules.js';
import { toOrderSnapshot } from './order.mapper.js';
import { OrderWriter } from './order-writer.js';
import type { NewOrder } from './order-placement.repository.js';
import { OrderReadsRepository } from './order-reads.repository.js';
import { PlacementLimit } from './placement-limit.js';
import { StudentLimitService } from '../student-limits/student-limit.service.js';

/** The other submit with this key won but its order is gone (deleted in between). */
const IDEMPOTENCY_MESSAGES = {
  orders_idempotency_unique: 'Idempotency-Key: this key was already used for another order',
};

@Injectable()
export class PlaceOrderService {
  private readonly logger: Logger;

  constructor(
    private readonly reads: OrderReadsRepository,
    private readonly writer: OrderWriter,
    private readonly catalog: CatalogClient,
    private readonly users: UsersClient,
    private readonly mailer: OrderMailer,
    private readonly limit: PlacementLimit,
    private readonly studentLimit: StudentLimitService,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ context: PlaceOrderService.name });
  }

  /**
   * `requestId`: the caller's id for this call, the same when it is resent (the replica that took
   * it may have died after placing the order); it is the order's key when the client sent none.
   * `school`: the school the request is for when staff enter it (by phone or e-mail); every rule
   * applies as if the school placed it, and the order records who entered it.
   */
  async place(
    actor: Actor,
    input: PlaceOrderInput,
    requestId: string | null = null,
    school: Actor = actor,
  ): Promise<OrderSnapshot> {
    const duplicate = findDuplicateLine(input.lines);
    if (duplicate >= 0) {
      throw AppError.badRequest(`orderItems.${duplicate}: the same item and size appear twice`);
    }

    // The profile and the products are independent: ask both services at once.
    // A resent call finds the order of its first run by this key, as a repeated checkout does.
    const key = input.idempotencyKey ?? requestId;
    const productIds = [...new Set(input.lines.map((l) => l.productId))];
    // The student's requests are counted meanwhile (read by the rule below, after the lines are
    // checked, so a bad line is still the error a school sees first).
    const studentCheck = this.studentLimit.checkRequest(
      school.id,
      input.shippingInfo.receivingPersonName,
      input.studentLimitReason,
    );
    studentCheck.catch(() => undefined);
    const [profile, products] = await Promise.all([
      this.users.profileOf(school),
      this.catalog.getProducts(productIds, actor),
    ]);

    let placed: OrderSnapshot;
    let counted = false;
    try {
      const order = this.buildOrder(school, profile, products, input, key);
      // A repeated submit counts its own first order, so it reaches the lookup below when refused.
      const reason = this.studentLimit.enforce(await studentCheck, input.studentLimitReason);
      if (reason) order.shippingInfo.studentLimitReason = reason;
      if (school.id !== actor.id) order.enteredBy = { id: actor.id, name: actor.name };
      // Counted once the request is valid; a repeated submit over the limit still finds its order.
      await this.limit.take(school);
      counted = true;
      // One statement, shared with orders placed at the same moment: no transaction needed.
      placed = await withSpan('orders', 'pg insert order', () => this.writer.place(order, actor));
    } catch (error) {
      // A repeated submit (same idempotency key) gets the order it placed the first time, even when
      // its lines would now be refused; two racing submits: the other one won. Looked up only here,
      // so a first submit costs no extra query.
      const repeated = key && (error instanceof AppError || uniqueViolationOf(error) !== null);
      if (repeated) {
        const existing = await this.reads.findByIdempotencyKey(this.reads.db, school.id, key);
        if (existing) {
          if (counted) await this.limit.giveBack(school);
          return toOrderSnapshot(existing.order, existing.lines);
        }
      }
      throw conflictFromUniqueViolation(error, IDEMPOTENCY_MESSAGES) ?? error;
    }
    metrics.orders.placed.inc();
    this.logger.info({ orderId: placed.id, orderNumber: placed.orderNumber }, 'order placed');
    this.mailer.orderPlaced(placed);
    return placed;
  }

  /**
   * Checks every line against the catalog and copies what the order keeps of each product. The
   * stock check reads the sizes' stock in the same reply (a fail-fast check: stock is only taken when
   * the order is committed: a status past Processing).
   */
  private buildOrder(
    actor: Actor,
    profile: SchoolProfile,
    products: Map<string, CatalogProduct>,
    input: PlaceOrderInput,
    idempotencyKey: string | null,
  ): NewOrder {
    const refused = refuseByCatalog(input.lines, products, profile.exemptFromLineCap);
    if (refused.length === 0) refused.push(...refuseShortStock(input.lines, products));
    if (refused.length > 0) {
      throw AppError.conflict(
        `Some items cannot be requested: ${refused.map(describeRefusal).join('; ')}`,
        {
          lines: refused,
        },
      );
    }

    const shippingInfo: ShippingInfo = {
      userName: profile.name,
      receivingPersonName: input.shippingInfo.receivingPersonName,
      additionalComments: input.shippingInfo.additionalComments,
      userLoggedInDesignation: input.shippingInfo.userLoggedInDesignation,
      // From the profile, never from the client (address and district joined by a bar).
      userAddress: `${profile.address ?? ''}|${profile.district ?? ''}`,
      orderDate: '',
      phoneNo: input.shippingInfo.phoneNo,
      Email: input.shippingInfo.Email,
    };
    const orderId = randomUUID();
    return {
      id: orderId,
      userId: actor.id,
      userName: profile.name,
      userLoginId: profile.loginId,
      shippingInfo,
      idempotencyKey,
      sharingConsent: input.sharingConsent === true,
      lines: input.lines.map((line, position) => {
        const product = products.get(line.productId)!;
        const size = findSize(product, line.size)!;
        return {
          id: randomUUID(),
          position,
          productId: product.id,
          name: product.name,
          category: product.category,
          subCategory: product.subCategory,
          size: size.size,
          requestedQuantity: line.quantity,
          quantity: line.quantity,
          image: imageOf(product),
        };
      }),
    };
  }
}
