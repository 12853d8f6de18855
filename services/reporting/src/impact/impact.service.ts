/** The impact report: what was given and received in a range, and its CSV (one file, sections). */
import { Inject, Injectable } from '@nestjs/common';
import { formatCents, type CsvFile, type Impact, type ImpactRange } from '@lr/contracts';
import { KIT_CONFIG } from '@lr/nest-kit';
import type { ReportingConfig } from '../config.js';
import { csvRows, type CsvValue } from '../export/csv.js';
import { ImpactRepository } from './impact.repository.js';

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

@Injectable()
export class ImpactService {
  constructor(
    private readonly repository: ImpactRepository,
    @Inject(KIT_CONFIG) private readonly config: Pick<ReportingConfig, 'REPORT_TIME_ZONE'>,
  ) {}

  async impact(range: ImpactRange): Promise<Impact> {
    const [given, categories, schools, kinds] = await Promise.all([
      this.repository.given(range),
      this.repository.byCategory(range),
      this.repository.bySchool(range),
      this.repository.received(range, this.config.REPORT_TIME_ZONE),
    ]);
    return {
      from: range.from,
      to: range.to,
      ordersDelivered: given.ordersDelivered,
      studentsHelped: given.studentsHelped,
      schoolsServed: given.schoolsServed,
      itemsGiven: given.items,
      valueGiven: formatCents(given.valueCents),
      itemsGivenWithoutValue: given.unvaluedItems,
      itemsGivenByCategory: categories.map((c) => ({
        category: c.category,
        items: c.items,
        value: formatCents(c.valueCents),
      })),
      donationsReceived: sum(kinds.map((k) => k.donations)),
      itemsReceived: sum(kinds.map((k) => k.items)),
      valueReceived: formatCents(sum(kinds.map((k) => k.valueCents))),
      receivedByKind: kinds.map((k) => ({
        kind: k.kind,
        donations: k.donations,
        items: k.items,
        value: formatCents(k.valueCents),
      })),
      schools: schools.map((s) => ({
        school: s.school,
        orders: s.orders,
        studentsHelped: s.studentsHelped,
        items: s.items,
        value: formatCents(s.valueCents),
      })),
    };
  }

  /**
   * Every table of the page in one CSV: each table starts with a row holding its title alone, then
   * its header row and its rows, and ends with an empty row (spreadsheets open it as it is).
   */
  async impactCsv(range: ImpactRange): Promise<CsvFile> {
    const impact = await this.impact(range);
    const rows: CsvValue[][] = [
      ['Impact report'],
      ['Figure', 'Value'],
      ['From', impact.from],
      ['To', impact.to],
      ['Students helped', impact.studentsHelped],
      ['Schools served', impact.schoolsServed],
      ['Orders delivered', impact.ordersDelivered],
      ['Items given', impact.itemsGiven],
      ['Value given', impact.valueGiven],
      ['Items given without a value', impact.itemsGivenWithoutValue],
      ['Donations received', impact.donationsReceived],
      ['Items received', impact.itemsReceived],
      ['Value received', impact.valueReceived],
      [],
      ['Items given by category'],
      ['Category', 'Items', 'Value'],
      ...impact.itemsGivenByCategory.map((c) => [c.category, c.items, c.value]),
      [],
      ['Donations received by source kind'],
      ['Source kind', 'Donations', 'Items', 'Value'],
      ...impact.receivedByKind.map((k) => [k.kind, k.donations, k.items, k.value]),
      [],
      ['Schools'],
      ['School', 'Orders', 'Students helped', 'Items', 'Value'],
      ...impact.schools.map((s) => [s.school, s.orders, s.studentsHelped, s.items, s.value]),
    ];
    return { filename: `impact_${range.from}_to_${range.to}.csv`, csv: csvRows(rows) };
  }
}
