/**
 * Applies the catalog's donation and stock-count events to the report (live, through the durable
 * consumer `reporting-catalog`, and in the rebuild's replay of the CATALOG stream: the same code).
 */
import { Inject, Injectable } from '@nestjs/common';
import { EVENTS, type EventDataMap, type EventEnvelope } from '@lr/contracts';
import { KIT_CONFIG, type BatchEventHandler, type Executor } from '@lr/nest-kit';
import type { ReportingConfig } from '../config.js';
import {
  StockIntakeRepository,
  type CountWrite,
  type DonationWrite,
} from './stock-intake.repository.js';

export const STOCK_INTAKE_EVENT_TYPES = [
  EVENTS.catalogDonationReceived,
  EVENTS.catalogDonationCorrected,
  EVENTS.catalogDonationDeleted,
  EVENTS.catalogStockCounted,
] as const;
type IntakeEventType = (typeof STOCK_INTAKE_EVENT_TYPES)[number];

export function isStockIntakeEventType(type: string): type is IntakeEventType {
  return (STOCK_INTAKE_EVENT_TYPES as readonly string[]).includes(type);
}

export type StockIntakeEvent = {
  [K in IntakeEventType]: EventEnvelope<EventDataMap[K]> & { type: K };
}[IntakeEventType];

@Injectable()
export class StockIntakeApplier {
  constructor(
    private readonly repository: StockIntakeRepository,
    @Inject(KIT_CONFIG) private readonly config: Pick<ReportingConfig, 'REPORT_TIME_ZONE'>,
  ) {}

  async apply(exec: Executor, events: readonly StockIntakeEvent[]): Promise<void> {
    const donations: DonationWrite[] = [];
    const counts: CountWrite[] = [];
    for (const event of events) {
      if (event.type === EVENTS.catalogStockCounted) {
        const adjustments = event.data.adjustments;
        counts.push({
          countId: event.data.countId,
          finalisedAt: event.data.finalisedAt,
          adjustedSizes: adjustments.length,
          net: adjustments.reduce((sum, a) => sum + a.difference, 0),
          absolute: adjustments.reduce((sum, a) => sum + Math.abs(a.difference), 0),
        });
      } else {
        const d = event.data.donation;
        donations.push({
          donationId: d.id,
          version: d.version,
          receivedOn: d.receivedOn,
          sourceKind: d.source.kind,
          items: d.lines.reduce((sum, l) => sum + l.quantity, 0),
          deleted: event.type === EVENTS.catalogDonationDeleted,
        });
      }
    }
    await this.repository.writeDonations(exec, donations);
    await this.repository.writeCounts(exec, counts, this.config.REPORT_TIME_ZONE);
  }

  batchHandler(): BatchEventHandler {
    return (tx, events) => this.apply(tx, events as readonly StockIntakeEvent[]);
  }
}
