/**
 * The fulfilment workflow: the status transitions of ORDER_TRANSITIONS (libs/contracts)
 * enforced here, given quantities while Processing, and one transaction per change holding the
 * order, its lines, its history and its outbox events. A change that commits stock answers with
 * catalog's decision on it (docs/adr/0221-status-change-answers-stock-outcome.md): catalog decides
 * once, from the durable event, and its decision is the one shown; orders checks no stock itself.
 */
import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  LIMITS,
  ORDER_TRANSITIONS,
  UI_MESSAGES,
  inventoryEffectOf,
  isCommittedStatus,
  type Actor,
  type OrderSnapshot,
  type OrderStatus,
  type ShortLine,
  type StockOutcome,
  type StockOutcomeInput,
  type UpdateOrderInput,
} from '@lr/contracts';
import {
  KIT_CONFIG,
  LOGGER,
  RecordedReplies,
  callerWaitsMs,
  metrics,
  withSpan,
  type Executor,
  type Logger,
  type ReplyKey,
} from '@lr/nest-kit';
import type { OrdersConfig } from '../config.js';
import type { OrderLineRow } from '../db/schema.js';
import { StockDecisions, type StockDecision } from '../inventory/stock-decisions.js';
import { OrderMailer } from '../notifications/order-mailer.js';
import { PickupOnStatusChange } from '../pickups/pickup-on-status-change.js';
import type { AccessLogWrite, OrderRef } from '../student-data/student-data-disclosure.js';
import { OrderWriter } from './order-writer.js';
import { OrderReadsRepository, type OrderWithLines } from './order-reads.repository.js';
import { toOrderRef, toOrderSnapshot } from './order.mapper.js';
import { RecentOrders, RememberedOrderOutdated, type RowVersions } from './recent-orders.js';

/**
 * What a change keeps of its caller's wait for after catalog's decision: the order's reads after a
 * refusal, the reply's trip back, and a busy process's delays. A caller whose attempt was resent
 * late waits less than the configured decision wait, and a `pending` answer it receives is worth
 * more than one that arrives after it gave up.
 */
const REPLY_MARGIN_MS = 1_000;

/** A change's recorded reply: the order, and whether the change waited for catalog's decision. */
type Recorded = OrderSnapshot & { stockAwaited?: boolean };

/** The order as a change left it, and what the change did to stock. */
export interface ChangedOrder {
  order: OrderSnapshot;
  stock: StockOutcome;
  /** The read of student details this answer is was logged with the change (`logRead`). */
  readLogged?: boolean;
}

/**
 * Checks that the order may move from `from` to `to` (staying in Processing only saves quantities,
 * docs/adr/0033-transitions-and-versions.md; any other move must be in the table) and returns the
 * given quantity per line.
 */
function checkedChange(
  from: OrderStatus,
  to: OrderStatus,
  lines: OrderLineRow[],
  newQuantity: number[] | null | undefined,
): number[] {
  const adjustOnly = from === 'Processing' && to === 'Processing';
  if (!adjustOnly && !ORDER_TRANSITIONS[from].includes(to)) {
    const allowed = ORDER_TRANSITIONS[from];
    throw AppError.conflict(
      `An order in status ${from} cannot move to ${to}; allowed: ${allowed.join(', ')}`,
      { allowed },
    );
  }
  return resolveQuantities(from, lines, newQuantity);
}

/** Validates `newQuantity` against the order; returns the given quantity per line. */
function resolveQuantities(
  status: OrderStatus,
  lines: OrderLineRow[],
  newQuantity: number[] | null | undefined,
): number[] {
  const current = lines.map((l) => l.quantity);
  if (newQuantity === null || newQuantity === undefined || newQuantity.length === 0) return current;
  const unchanged =
    newQuantity.length === current.length && newQuantity.every((q, i) => q === current[i]);
  if (status !== 'Processing') {
    // The old console sends the quantities back with every update: accept them when nothing changes.
    if (unchanged) return current;
    throw AppError.badRequest(
      'newQuantity: quantities can only be changed while the order is Processing',
    );
  }
  if (newQuantity.length !== lines.length) {
    throw AppError.badRequest(`newQuantity: expected ${lines.length} quantities, one per item`);
  }
  newQuantity.forEach((q, i) => {
    if (!Number.isInteger(q) || q < LIMITS.adminMinQuantity || q > LIMITS.adminMaxQuantity) {
      throw AppError.badRequest(
        `newQuantity.${i}: must be a whole number from ${LIMITS.adminMinQuantity} to ${LIMITS.adminMaxQuantity}`,
      );
    }
  });
  return newQuantity;
}

@Injectable()
export class ProcessOrderService {
  private readonly logger: Logger;

  constructor(
    private readonly reads: OrderReadsRepository,
    private readonly writer: OrderWriter,
    private readonly decisions: StockDecisions,
    private readonly mailer: OrderMailer,
    private readonly replies: RecordedReplies,
    private readonly pickups: PickupOnStatusChange,
    private readonly recent: RecentOrders,
    @Inject(KIT_CONFIG) private readonly config: Pick<OrdersConfig, 'STOCK_DECISION_WAIT_MS'>,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ context: ProcessOrderService.name });
  }

  /**
   * `replyKey`: the request's key when the caller may resend it. The reply is recorded with the
   * change; a resend whose first run changed the order (its transition now looks forbidden, or the
   * version moved) gets that reply and changes nothing, with catalog's decision as known now.
   */
  async update(
    actor: Actor,
    input: UpdateOrderInput,
    replyKey: ReplyKey | null = null,
    /** The read of student details that the answer will be, to log with the change. */
    logRead?: (order: OrderRef) => AccessLogWrite,
  ): Promise<ChangedOrder> {
    try {
      return await this.change(actor, input, replyKey, logRead);
    } catch (error) {
      const { stockAwaited, ...order } = await this.replies.replayOr<Recorded>(
        this.reads.db,
        replyKey,
        error,
      );
      const version = order.version;
      if (stockAwaited === false) return { order, stock: { outcome: 'none', version } };
      // A reply recorded before the field existed: a committed status may have taken stock.
      if (stockAwaited === undefined && !isCommittedStatus(order.status))
        return { order, stock: { outcome: 'none', version } };
      const stock = await this.stockOutcome({ id: order.id, version });
      if (stock.outcome !== 'refused') return { order, stock };
      // As the first answer did: the order as catalog's refusal left it.
      const now = await this.reads.findWithLines(this.reads.db, order.id);
      return { order: now ? toOrderSnapshot(now.order, now.lines) : order, stock };
    }
  }

  /**
   * Catalog's decision on the commit of `version`: known already, or waited for (bounded); a
   * refusal the order already shows (it went back to Processing) counts as known.
   */
  async stockOutcome(
    { id, version }: StockOutcomeInput,
    waitMs = this.decisionWaitMs(),
  ): Promise<StockOutcome> {
    const watch = this.decisions.watch(id);
    try {
      const known = await watch.until(version, 0);
      if (known) return known;
      const found = await this.reads.findById(this.reads.db, id);
      if (!found) throw AppError.notFound('Order not found with this Id');
      if (found.version > version) {
        const refused = await this.refusedAfter(id, found.version, version);
        if (refused) return { outcome: 'refused', version };
      }
      return (await watch.until(version, waitMs)) ?? { outcome: 'pending', version };
    } finally {
      watch.close();
    }
  }

  /** How long to wait for catalog's decision: the configured wait, within what the caller waits. */
  private decisionWaitMs(): number {
    const configured = this.config.STOCK_DECISION_WAIT_MS;
    return Math.max(0, Math.min(configured, callerWaitsMs() - REPLY_MARGIN_MS));
  }

  /** Whether the change right after `version` was catalog's refusal of its commit. */
  private async refusedAfter(id: string, current: number, version: number): Promise<boolean> {
    if (current !== version + 1) return false;
    const history = await this.reads.history(this.reads.db, id);
    const last = history[history.length - 1];
    return (
      !!last &&
      last.actorId === null &&
      last.toStatus === 'Processing' &&
      (last.reason ?? '').startsWith(UI_MESSAGES.inventoryBelowZero)
    );
  }

  private async change(
    actor: Actor,
    input: UpdateOrderInput,
    replyKey: ReplyKey | null,
    logRead: ((order: OrderRef) => AccessLogWrite) | undefined,
  ): Promise<ChangedOrder> {
    // Started from the order as this process last showed or wrote it, when it has it and the
    // change is one guarded statement (a pickup written alongside comes first and would not be).
    const remembered = this.recent.take(input.id);
    if (
      remembered &&
      !input.pickup &&
      !this.pickups.writesAlongside(remembered.order, input.status)
    ) {
      try {
        const answer = await this.changeFrom(
          remembered,
          remembered.versions,
          actor,
          input,
          replyKey,
          logRead,
        );
        metrics.orders.rememberedOrderChanges.inc({ outcome: 'used' });
        return answer;
      } catch (error) {
        if (!(error instanceof RememberedOrderOutdated)) throw error;
        metrics.orders.rememberedOrderChanges.inc({ outcome: 'outdated' });
      }
    }
    const found = await this.reads.findWithLines(this.reads.db, input.id);
    if (!found) throw AppError.notFound('Order not found with this Id');
    return this.changeFrom(found, undefined, actor, input, replyKey, logRead);
  }

  /**
   * The change from the order as `start` has it. From a remembered order (`remembered`: the
   * versions of its rows then), whatever the remembered order alone would refuse or leave unchanged
   * throws RememberedOrderOutdated instead, as does a write that finds the stored rows changed:
   * nothing was written, and the stored order decides.
   */
  private async changeFrom(
    { order, lines }: OrderWithLines,
    remembered: RowVersions | undefined,
    actor: Actor,
    input: UpdateOrderInput,
    replyKey: ReplyKey | null,
    logRead: ((order: OrderRef) => AccessLogWrite) | undefined,
  ): Promise<ChangedOrder> {
    const from = order.status;
    const to = input.status;
    let quantities: number[];
    try {
      quantities = checkedChange(from, to, lines, input.newQuantity);
    } catch (error) {
      if (remembered && error instanceof AppError) throw new RememberedOrderOutdated();
      throw error;
    }

    const effect = inventoryEffectOf(from, to);
    // A commit of nothing given takes no stock: catalog commits it without a movement.
    const takes = effect === 'commit' && quantities.some((q) => q > 0);
    // Watched before the write: catalog may decide before the writer returns.
    const watch = takes ? this.decisions.watch(order.id) : null;
    try {
      // One statement guarded by the version read above: a change made meanwhile refuses this one.
      // Entering Ready for Pickup books the order's time in the same transaction (pickups/).
      const result = await withSpan('orders', 'pg update order', () =>
        this.pickups.around(order, to, input.pickup, (exec, changed) =>
          this.writer.applyChange(
            exec,
            changed,
            lines,
            {
              to,
              quantities,
              actor,
              reason: null,
              // The order's number and school do not change with its status.
              access: logRead?.(toOrderRef(order)),
              remembered,
            },
            replyKey,
            // A resend answers with catalog's decision too: whether there is one to wait for.
            { stockAwaited: takes },
          ),
        ),
      );
      if (result.stored) this.recent.remember(result.stored);
      if (result.statusChanged) metrics.orders.statusChanges.inc({ from, to });
      this.logger.info({ orderId: order.id, from, to, effect }, 'order updated');
      const version = result.snapshot.version;
      const answer: ChangedOrder = watch
        ? await this.withDecision(
            result.snapshot,
            await withSpan('orders', 'await stock decision', () =>
              watch.until(version, this.decisionWaitMs()),
            ),
          )
        : { order: result.snapshot, stock: { outcome: 'none' as const, version } };
      // A change catalog refused did not happen for the school: no mail says it did.
      if (result.statusChanged && answer.stock.outcome !== 'refused')
        this.mailer.statusChanged(result.snapshot, to);
      return { ...answer, readLogged: result.accessLogged };
    } finally {
      watch?.close();
    }
  }

  /** The answer once catalog decided (or did not in time). */
  private async withDecision(
    order: OrderSnapshot,
    decision: StockDecision | null,
  ): Promise<ChangedOrder> {
    if (!decision) {
      this.logger.warn({ orderId: order.id, version: order.version }, 'stock decision pending');
      return { order, stock: { outcome: 'pending', version: order.version } };
    }
    if (decision.outcome === 'committed') return { order, stock: decision };
    // The refusal changes the order again.
    this.recent.forget(order.id);
    // Returned to Processing here rather than waiting for the durable consumer (on any replica) to
    // do it: the same guarded change, made once by whichever comes first.
    const now = await this.reads.db.transaction(async (tx) => {
      await this.returnRejectedCommit(tx, {
        orderId: order.id,
        orderVersion: decision.version,
        shortLines: decision.shortLines,
      });
      return this.reads.findWithLines(tx, order.id);
    });
    return {
      order: now ? toOrderSnapshot(now.order, now.lines) : order,
      stock: decision,
    };
  }

  /**
   * Catalog could not commit the order's stock (a race left too little): return the order to
   * Processing with the reason, but only if it is still at the version that was rejected.
   */
  async returnRejectedCommit(
    tx: Executor,
    input: { orderId: string; orderVersion: number; shortLines: ShortLine[] },
  ): Promise<boolean> {
    const order = await this.reads.findById(tx, input.orderId, { lock: true });
    if (!order || order.version !== input.orderVersion || order.status === 'Processing')
      return false;
    const lines = (await this.reads.linesOf(tx, [order.id])).get(order.id) ?? [];
    const reason = `${UI_MESSAGES.inventoryBelowZero} ${input.shortLines
      .map((s) => `${s.name} (${s.size}): ${s.requested} given, ${s.available} in stock`)
      .join('; ')}`;
    await this.writer.applyChange(tx, order, lines, {
      to: 'Processing',
      quantities: lines.map((l) => l.quantity),
      actor: null,
      reason,
    });
    await this.pickups.release(tx, order.id);
    metrics.orders.statusChanges.inc({ from: order.status, to: 'Processing' });
    this.logger.warn(
      { orderId: order.id, version: order.version },
      'commit rejected by catalog; order back to Processing',
    );
    return true;
  }
}
