/**
 * Every answer of the orders service that shows orders to someone passes through here, so the two
 * rules about staff seeing student details live in one place:
 * - who saw what: a read by a volunteer or an admin is added to the access log (who, when, which
 *   orders, what they did, from which client address), once per HTTP request;
 * - need to know: a volunteer sees what picking and packing needs (student id, age, gender, sizes)
 *   but not the teacher's phone and e-mail, which they ask for on purpose (`rpc.orders.contact`,
 *   itself logged). Admins see everything.
 * A school reading its own orders is neither logged nor trimmed: the details are its own.
 */
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  accessContextSchema,
  parseOrThrow,
  type AccessContext,
  type Actor,
  type OrderReadView,
  type OrderSnapshot,
  type RpcRequest,
  type StudentDataAction,
} from '@lr/contracts';
import { LOGGER, hasRole, type Logger } from '@lr/nest-kit';
import { AccessLogRepository, type AccessRecord } from './access-log.repository.js';

type OrderView = OrderReadView;

export type OrderRef = Pick<OrderSnapshot, 'id' | 'orderNumber' | 'userId' | 'userName'>;

/** A read to log inside another statement: the entry (none: nothing to log) and who writes it. */
export interface AccessLogWrite {
  entry: AccessRecord | null;
  to: Pick<AccessLogRepository, 'insertSql'>;
}

/** Who reads and why: a handler's `call` (nest-kit `Call`) or a request. */
export type Reader = Pick<RpcRequest<unknown>, 'actor' | 'access' | 'requestId'>;

/** The teacher's phone and e-mail left out: what a volunteer is shown. */
export function withoutContact(order: OrderSnapshot): OrderView {
  return {
    ...order,
    shippingInfo: { ...order.shippingInfo, phoneNo: '', Email: '' },
    contactWithheld: true,
  };
}

@Injectable()
export class StudentDataDisclosure {
  private readonly logger: Logger;

  constructor(
    private readonly log: AccessLogRepository,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ context: StudentDataDisclosure.name });
  }

  /** True when the access context asks for a total only (the dashboard): no order is shown. */
  static countOnly(req: Reader): boolean {
    return req.access?.action === 'count';
  }

  /** One order shown to the caller (`action` unless the gateway named what the person does). */
  async showOne(req: Reader, action: StudentDataAction, order: OrderSnapshot): Promise<OrderView> {
    const [shown] = await this.show(req, action, [order]);
    if (!isStaff(req.actor)) return shown!;
    const consent = (await this.log.consentsOf([order.id])).get(order.id) ?? null;
    return {
      ...shown!,
      sharingConsent: consent ? 'given' : 'not-asked',
      sharingConsentAt: consent?.toISOString() ?? null,
    };
  }

  /** Orders shown to the caller: logged for staff, the teacher's contact left out for volunteers. */
  async show(
    req: Reader,
    action: StudentDataAction,
    orders: OrderSnapshot[],
  ): Promise<OrderView[]> {
    if (!isStaff(req.actor)) return orders;
    await this.record(req, actionOf(req, action), orders);
    return this.trimmed(req, orders);
  }

  /**
   * Orders whose read is already in the log (written with the change that showed them, see
   * `logWith`): the teacher's contact left out for volunteers, nothing logged again.
   */
  trimmed(req: Reader, orders: OrderSnapshot[]): OrderView[] {
    return req.actor?.role === 'volunteer' ? orders.map(withoutContact) : orders;
  }

  /**
   * The read of `orders` that `show` would log, for a write to log in its own statement (so the
   * change and its read commit together): the entry (null when nothing is to be logged) and the
   * log that writes it. Answer with `trimmed` once the write has logged it.
   */
  logWith(req: Reader, action: StudentDataAction, orders: OrderRef[]): AccessLogWrite {
    return { entry: this.entryOf(req, actionOf(req, action), orders, null), to: this.log };
  }

  /**
   * Adds a read (`action`, as given) to the access log. Answering fails when it cannot be logged: an unrecorded read of
   * student details is exactly what the log promises never happens.
   */
  async record(
    req: Reader,
    action: StudentDataAction,
    orders: OrderRef[],
    scope: string | null = null,
  ): Promise<void> {
    const entry = this.entryOf(req, action, orders, scope);
    if (!entry) return;
    await this.log.record(entry);
    this.logger.debug({ action, orders: orders.length }, 'student data access recorded');
  }

  /** The log entry of a read by staff; null for anyone else, or when nothing was read. */
  private entryOf(
    req: Reader,
    action: StudentDataAction,
    orders: OrderRef[],
    scope: string | null,
  ): AccessRecord | null {
    const actor = req.actor;
    if (!isStaff(actor) || (orders.length === 0 && scope === null)) return null;
    // The gateway's context is input like any other: checked before it reaches the log.
    const access: Partial<AccessContext> = req.access
      ? parseOrThrow(accessContextSchema, req.access)
      : {};
    return {
      // The gateway's id groups every page and resend of one HTTP request; a direct call's
      // request id does the same for its resends.
      accessId: access.accessId ?? req.requestId ?? randomUUID(),
      actor: { id: actor.id, loginId: actor.loginId, role: actor.role },
      action,
      orders: orders.map(({ id, orderNumber, userId, userName }) => ({
        id,
        orderNumber,
        userId,
        userName,
      })),
      scope,
      clientAddress: access.clientAddress ?? null,
    };
  }
}

/** What the gateway says the person is doing (it knows the route), else the subject's own action. */
function actionOf(req: Reader, fallback: StudentDataAction): StudentDataAction {
  const named = req.access?.action;
  return named && named !== 'count' ? named : fallback;
}

function isStaff(actor: Actor | null): actor is Actor {
  return hasRole(actor, 'admin', 'volunteer');
}
