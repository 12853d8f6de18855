/** The LR345 report: figures, top-11 rankings and weekly series for charts. */
import { Inject, Injectable } from '@nestjs/common';
import type { Report, ReportRange } from '@lr/contracts';
import { KIT_CONFIG } from '@lr/nest-kit';
import type { ReportingConfig } from '../config.js';
import { StockIntakeRepository } from '../read-model/stock-intake.repository.js';
import { ReportRepository } from './report.repository.js';
import { spanOfWeeks, withEmptyWeeks } from './weeks.js';

@Injectable()
export class ReportService {
  constructor(
    private readonly repository: ReportRepository,
    private readonly intake: StockIntakeRepository,
    @Inject(KIT_CONFIG) private readonly config: ReportingConfig,
  ) {}

  get timeZone(): string {
    return this.config.REPORT_TIME_ZONE;
  }

  async report(range: ReportRange): Promise<Report> {
    const [itemsReceived, countAdjustments] = await Promise.all([
      this.intake.itemsReceived(range),
      this.intake.countAdjustments(range),
    ]);
    const [totals, topItems, topSchools, received, fulfilled, itemsByCategory] = await Promise.all([
      this.repository.totals(range),
      this.repository.topItems(range),
      this.repository.topSchools(range),
      this.repository.weeklyReceived(range),
      this.repository.weeklyFulfilled(range),
      this.repository.weeklyItemsByCategory(range),
    ]);
    const weeks = spanOfWeeks(received, fulfilled);
    return {
      ordersReceived: totals.ordersReceived,
      ordersFulfilled: totals.ordersFulfilled,
      averageFulfilmentHours: totals.averageFulfilmentHours,
      itemsFulfilled: totals.itemsFulfilled,
      itemsReceived: itemsReceived.total,
      itemsReceivedByKind: itemsReceived.byKind,
      countAdjustments,
      studentsHelped: totals.studentsHelped,
      topItems,
      topSchools,
      weekly: {
        ordersReceived: withEmptyWeeks(received, weeks),
        ordersFulfilled: withEmptyWeeks(fulfilled, weeks),
        itemsByCategory,
      },
    };
  }
}
