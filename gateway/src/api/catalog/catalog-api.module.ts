/**
 * HTTP routes backed by the catalog service: its /api/v1 calls and its /api/console
 * resources. Controllers only adapt HTTP to one request-reply call each.
 */
import { Module } from '@nestjs/common';
import { AdminProductsController } from './admin-products.controller.js';
import { ConsoleDonationsController } from './console-donations.controller.js';
import { ConsoleProductsController } from './console-products.controller.js';
import { ConsoleStockCountsController } from './console-stock-counts.controller.js';
import { DashboardController } from './dashboard.controller.js';
import { PlaceholderController } from './placeholder.controller.js';
import { CatalogWrites } from './catalog-writes.js';
import { ProductImageCleanup } from './product-image-cleanup.js';
import { ProductReadCache } from './product-read-cache.js';
import { ProductsController } from './products.controller.js';
import { ReviewsController } from './reviews.controller.js';

@Module({
  controllers: [
    ProductsController,
    AdminProductsController,
    ConsoleProductsController,
    ConsoleDonationsController,
    ConsoleStockCountsController,
    ReviewsController,
    DashboardController,
    PlaceholderController,
  ],
  providers: [ProductReadCache, CatalogWrites, ProductImageCleanup],
})
export class CatalogApiModule {}
