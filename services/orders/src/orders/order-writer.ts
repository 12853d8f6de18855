/**
 * Writes order changes together with their history and outbox events, inside the caller's
 * transaction. Used by placing, processing, catalog's commit rejection and the demo seed, so every
 * path produces the same rows and the same events.
 */
import { Injectable } from '@nestjs/common';
import {
  AppError,
  EVENTS,
  type Actor,
  type EventEnvelope,
  type OrderSnapshot,
  type OrderStatus,
} from '@lr/contracts';
import {
  GroupWriter,
  OutboxWriter,
  RecordedReplies,
  type Executor,
  type ReplyKey,
} from '@lr/nest-kit';
import type { OrderLineRow, OrderRow } from '../db/schema.js';
import { StudentFingerprints } from '../privacy/student-fingerprints.js';
import type { AccessLogWrite } from '../student-data/student-data-disclosure.js';
import { toEventSnapshot, toOrderSnapshot } from './order.mapper.js';
import {
  RememberedOrderOutdated,
  rowVersionsText,
  type RememberedOrder,
  type RowVersions,
} from './recent-orders.js';
import { OrderChangesRepository } from './order-changes.repository.js';
import {
  OrderPlacementRepository,
  placedEventAsStored,
  type NewOrder,
  type PlacedOrderInsert,
} from './order-placement.repository.js';

type ActorRef = Pick<Actor, 'id' | 'name'>;

export interface OrderChange {
  to: OrderStatus;
  /** Given quantity per line, in line order. */
  quantities: number[];
  actor: ActorRef | null;
  reason: string | null;
  /** When it happened (default now; the demo seed backdates). */
  at?: Date;
  /** The read of student details that the answer to the change is: logged with the change. */
  access?: AccessLogWrite;
  /**
   * When the order and lines come from a remembered copy (recent-orders.ts): the versions of their
   * rows then. The change is written only if the stored rows are still those; otherwise, or when it
   * would write nothing to compare them with, it throws RememberedOrderOutdated.
   */
  remembered?: RowVersions;
}

/** What a change wrote: the answer, and the order as now stored with the versions of its rows. */
export interface AppliedChange {
  snapshot: OrderSnapshot;
  statusChanged: boolean;
  accessLogged: boolean;
  /** Null when the change wrote nothing (it changed nothing and only recorded its reply). */
  stored: RememberedOrder | null;
}

/** A new order ready to insert: its rows and event, its number not yet assigned. */
interface PreparedOrder {
  row: OrderRow;
  lines: OrderLineRow[];
  insert: PlacedOrderInsert;
}

@Injectable()
export class OrderWriter {
  /** New orders placed at the same moment share one insert (see `place`). */
  private readonly placing: GroupWriter<PreparedOrder, OrderSnapshot>;

  constructor(
    private readonly placement: OrderPlacementRepository,
    private readonly changes: OrderChangesRepository,
    private readonly outbox: OutboxWriter,
    private readonly replies: RecordedReplies,
    private readonly fingerprints: StudentFingerprints,
  ) {
    this.placing = new GroupWriter((prepared) => this.insertAll(placement.db, prepared));
  }

  /**
   * Places a new Processing order with its first history entry and `orders.order.placed.v1`, in
   * one statement with the orders placed at the same moment (`GroupWriter`: one round trip and one
   * commit for the group under load, at once when alone).
   */
  async place(order: NewOrder, actor: ActorRef): Promise<OrderSnapshot> {
    return this.placing.submit(await this.prepare(order, actor));
  }

  /**
   * Inserts a new Processing order, its first history entry and `orders.order.placed.v1`, in one
   * statement (atomic on its own; inside a transaction when `exec` is one, as in the demo seed).
   */
  async insertPlaced(exec: Executor, order: NewOrder, actor: ActorRef): Promise<OrderSnapshot> {
    const [placed] = await this.insertAll(exec, [await this.prepare(order, actor)]);
    return placed!;
  }

  /** The rows, event and snapshot of a new order, its number still to be assigned. */
  private async prepare(order: NewOrder, actor: ActorRef): Promise<PreparedOrder> {
    // The order date is the moment the server accepted the request.
    const createdAt = order.createdAt ?? new Date();
    const shippingInfo = { ...order.shippingInfo, orderDate: createdAt.toISOString() };
    const stamp = await this.fingerprints.stamp(
      order.userId,
      shippingInfo.receivingPersonName,
      createdAt,
    );
    const studentFingerprint = stamp.fingerprint;
    const row: OrderRow = {
      id: order.id,
      // Assigned by the insert; the event's copy is filled in there too.
      orderNumber: 0,
      userId: order.userId,
      userName: order.userName,
      userLoginId: order.userLoginId,
      status: 'Processing',
      shippingInfo,
      createdAt,
      deliveredAt: null,
      version: 1,
      idempotencyKey: order.idempotencyKey,
      sharingConsentAt: order.sharingConsent ? createdAt : null,
      personalDataErasedAt: null,
      studentFingerprint,
      fingerprintYear: stamp.schoolYear,
      enteredById: order.enteredBy?.id ?? null,
      enteredByName: order.enteredBy?.name ?? null,
      pickup: null,
      pickupRemindedFor: null,
    };
    const lines: OrderLineRow[] = order.lines.map((line) => ({ ...line, orderId: order.id }));
    const event = this.outbox.envelope(
      EVENTS.ordersOrderPlaced,
      { order: toEventSnapshot(row, lines) },
      row.version,
    );
    return {
      row,
      lines,
      insert: {
        order: {
          ...order,
          createdAt,
          shippingInfo,
          studentFingerprint,
          fingerprintYear: stamp.schoolYear,
        },
        history: {
          actorId: actor.id,
          actorName: actor.name,
          quantities: lines.map((l) => l.quantity),
        },
        event,
      },
    };
  }

  private async insertAll(
    exec: Executor,
    prepared: readonly PreparedOrder[],
  ): Promise<OrderSnapshot[]> {
    const numbers = await this.placement.insertPlaced(
      exec,
      prepared.map((p) => p.insert),
      this.outbox,
    );
    // The statement wrote each order's number into its stored event: the same goes to the relay.
    await this.outbox.written(
      exec,
      prepared.map(({ insert: { event } }, i) => placedEventAsStored(event, numbers[i]!)),
    );
    return prepared.map((p, i) => toOrderSnapshot({ ...p.row, orderNumber: numbers[i]! }, p.lines));
  }

  /**
   * Writes one change: line quantities (with `orders.order.items-adjusted.v1`), then the status (with
   * `orders.order.status-changed.v1`). Each event gets its own order version so consumers that keep
   * only the newest version (reporting) see both. Everything is one statement, guarded by the
   * order's version: when someone changed the order since `order` was read, nothing is written and
   * the change is refused (no row lock or transaction needed; inside one when `exec` is one).
   * With `replyKey` the resulting snapshot is recorded as the request's reply in the same statement
   * (RecordedReplies), also when the change changes nothing.
   */
  async applyChange(
    exec: Executor,
    order: OrderRow,
    lines: OrderLineRow[],
    change: OrderChange,
    replyKey: ReplyKey | null = null,
    /** Recorded with the reply beside the snapshot (what a resend needs to answer alike). */
    recordedWith: Record<string, unknown> = {},
  ): Promise<AppliedChange> {
    const by = change.actor ? { id: change.actor.id, name: change.actor.name } : null;
    const at = change.at ?? new Date();
    let current = order;
    let currentLines = lines;
    const events: EventEnvelope[] = [];

    const changedLines = lines
      .map((line, i) => ({ line, quantity: change.quantities[i] ?? line.quantity }))
      .filter(({ line, quantity }) => line.quantity !== quantity);
    if (changedLines.length > 0) {
      currentLines = lines.map((line, i) => ({
        ...line,
        quantity: change.quantities[i] ?? line.quantity,
      }));
      current = { ...current, version: current.version + 1 };
      const snapshot = toEventSnapshot(current, currentLines);
      events.push(
        this.outbox.envelope(
          EVENTS.ordersOrderItemsAdjusted,
          {
            order: snapshot,
            previousQuantities: lines.map((l) => ({ lineId: l.id, quantity: l.quantity })),
            changedBy: by,
          },
          snapshot.version,
        ),
      );
    }

    const statusChanged = change.to !== order.status;
    if (statusChanged) {
      current = {
        ...current,
        status: change.to,
        // Set on entering Delivered, cleared on leaving it.
        deliveredAt: change.to === 'Delivered' ? at : null,
        version: current.version + 1,
      };
      const snapshot = toEventSnapshot(current, currentLines);
      events.push(
        this.outbox.envelope(
          EVENTS.ordersOrderStatusChanged,
          {
            order: snapshot,
            from: order.status,
            to: change.to,
            changedBy: by,
            reason: change.reason,
          },
          snapshot.version,
        ),
      );
    }

    const snapshot = toOrderSnapshot(current, currentLines);
    if (events.length === 0) {
      // Nothing is written that could confirm a remembered order: the answer must be the stored one.
      if (change.remembered) throw new RememberedOrderOutdated();
      await this.replies.record(exec, replyKey, { ...snapshot, ...recordedWith });
      return { snapshot, statusChanged, accessLogged: false, stored: null };
    }
    const versions = await this.changes.applyChange(exec, {
      orderId: order.id,
      expectedVersion: order.version,
      expectedRowVersions: change.remembered ? rowVersionsText(change.remembered) : null,
      order: { status: current.status, deliveredAt: current.deliveredAt, version: current.version },
      lineQuantities: changedLines.map(({ line, quantity }) => ({ id: line.id, quantity })),
      history: {
        actorId: by?.id ?? null,
        actorName: by?.name ?? null,
        fromStatus: order.status,
        toStatus: change.to,
        quantities: currentLines.map((l) => l.quantity),
        reason: change.reason,
        at,
      },
      events,
      outbox: this.outbox,
      reply: { key: replyKey, value: { ...snapshot, ...recordedWith }, to: this.replies },
      access: change.access,
    });
    if (versions === null) {
      if (change.remembered) throw new RememberedOrderOutdated();
      throw AppError.conflict(
        'This order was changed by someone else meanwhile; reload it and try again',
      );
    }
    await this.outbox.written(exec, events);
    return {
      snapshot,
      statusChanged,
      accessLogged: !!change.access?.entry,
      stored: { order: current, lines: currentLines, versions },
    };
  }
}
