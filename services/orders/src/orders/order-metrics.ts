/**
 * The orders-by-status gauge: sampled from the table at scrape time, so it is right after a
 * restart, a restore or a change made by another replica (a counter kept in memory would not be).
 */
import {
  Injectable,
  type OnApplicationBootstrap,
  type BeforeApplicationShutdown,
} from '@nestjs/common';
import { metrics } from '@lr/nest-kit';
import { OrderListsRepository } from './order-lists.repository.js';

@Injectable()
export class OrderMetrics implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private removeSource: (() => void) | undefined;

  constructor(private readonly lists: OrderListsRepository) {}

  onApplicationBootstrap(): void {
    this.removeSource = metrics.orders.byStatus.addSource(async () =>
      (await this.lists.countByStatus()).map((row) => ({
        labels: { status: row.status },
        value: row.count,
      })),
    );
  }

  beforeApplicationShutdown(): void {
    this.removeSource?.();
  }
}
