/** The catalog service: products, sizes and the stock ledger, reviews, and the order-event consumer. */
import { fileURLToPath } from 'node:url';
import { Module, type DynamicModule } from '@nestjs/common';
import { KitModule, type Logger } from '@lr/nest-kit';
import type { CatalogConfig } from './config.js';
import { DonationsModule } from './donations/donations.module.js';
import { InventoryModule } from './inventory/inventory.module.js';
import { ProductsModule } from './products/products.module.js';
import { StockCountsModule } from './stock-counts/stock-counts.module.js';
import { ReviewsModule } from './reviews/reviews.module.js';

/** Works from src/ under jest and from dist/ at run time. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations', import.meta.url));

@Module({})
export class CatalogAppModule {
  static register(config: CatalogConfig, logger?: Logger): DynamicModule {
    return {
      module: CatalogAppModule,
      imports: [
        KitModule.forService({
          service: 'catalog',
          schema: 'catalog',
          migrationsDir: MIGRATIONS_DIR,
          config,
          logger,
        }),
        InventoryModule,
        ProductsModule,
        ReviewsModule,
        DonationsModule,
        StockCountsModule,
      ],
    };
  }
}
