/**
 * Applies the catalog events the impact report needs: product events carrying a fair-market value
 * (its history) and donations (valued when read). Live through the `reporting-catalog` consumer and
 * in the rebuild's replay: the same code; live, a value that reaches back before deliveries already
 * counted revalues them (their contributions out, the value in, back in).
 */
import { Injectable } from '@nestjs/common';
import { EVENTS, toCents, type EventDataMap, type EventEnvelope } from '@lr/contracts';
import type { Executor } from '@lr/nest-kit';
import {
  ImpactIntakeRepository,
  type ImpactDonationWrite,
  type ValueWrite,
} from './impact-intake.repository.js';
import { ImpactRollupsRepository } from './impact-rollups.repository.js';
import { lockWholeModel, lockModelShared } from './read-model-locks.js';

export const IMPACT_CATALOG_EVENT_TYPES = [
  EVENTS.catalogProductCreated,
  EVENTS.catalogProductUpdated,
  EVENTS.catalogDonationReceived,
  EVENTS.catalogDonationCorrected,
  EVENTS.catalogDonationDeleted,
] as const;
type ImpactEventType = (typeof IMPACT_CATALOG_EVENT_TYPES)[number];

export function isImpactCatalogEventType(type: string): type is ImpactEventType {
  return (IMPACT_CATALOG_EVENT_TYPES as readonly string[]).includes(type);
}

export type ImpactCatalogEvent = {
  [K in ImpactEventType]: EventEnvelope<EventDataMap[K]> & { type: K };
}[ImpactEventType];

@Injectable()
export class ImpactApplier {
  constructor(
    private readonly intake: ImpactIntakeRepository,
    private readonly rollups: ImpactRollupsRepository,
  ) {}

  /** `live`: keep the rollups in step; the rebuild recomputes them once at the end instead. */
  async apply(
    exec: Executor,
    events: readonly { type: string }[],
    { live }: { live: boolean },
  ): Promise<void> {
    const values: ValueWrite[] = [];
    const donations: ImpactDonationWrite[] = [];
    for (const event of events) {
      if (!isImpactCatalogEventType(event.type)) continue;
      const e = event as ImpactCatalogEvent;
      if (e.type === EVENTS.catalogProductCreated || e.type === EVENTS.catalogProductUpdated) {
        // Absent: the event does not say (a review's change, or written before values existed).
        if (e.data.fairMarketValue === undefined) continue;
        values.push({
          productId: e.data.productId,
          version: e.version,
          validFrom: e.occurredAt,
          valueCents: e.data.fairMarketValue === null ? null : toCents(e.data.fairMarketValue),
        });
      } else {
        const d = e.data.donation;
        donations.push({
          donationId: d.id,
          version: d.version,
          receivedOn: d.receivedOn,
          sourceKind: d.source.kind,
          recordedAt: e.occurredAt,
          deleted: e.type === EVENTS.catalogDonationDeleted,
          lines: d.lines.map((l) => ({ productId: l.productId, quantity: l.quantity })),
        });
      }
    }
    await this.intake.writeDonations(exec, donations);
    if (!live) {
      await this.intake.writeValues(exec, values);
      return;
    }
    const fresh = await this.intake.newValues(exec, values);
    if (fresh.length === 0) return;
    const revalued = await this.rollups.ordersValuedBy(exec, fresh);
    await this.rollups.applyOrders(exec, revalued, -1);
    await this.intake.writeValues(exec, fresh);
    await this.rollups.applyOrders(exec, revalued, 1);
  }

  /**
   * The live batch. New values change rollups that order batches also change: with one, the model's
   * lock exclusively (values change seldom), so no order batch reads the history in between;
   * otherwise shared, which keeps the batch apart from a running rebuild only.
   */
  async applyLive(exec: Executor, events: readonly { type: string }[]): Promise<void> {
    const carriesValue = events.some(
      (e) =>
        (e.type === EVENTS.catalogProductCreated || e.type === EVENTS.catalogProductUpdated) &&
        (e as ImpactCatalogEvent & { data: { fairMarketValue?: unknown } }).data.fairMarketValue !==
          undefined,
    );
    if (carriesValue) await lockWholeModel(exec);
    else await lockModelShared(exec);
    await this.apply(exec, events, { live: true });
  }
}
