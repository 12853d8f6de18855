/** Products: listing, grouping, details and the admin's edits. */
import { Module } from '@nestjs/common';
import { InventoryModule } from '../inventory/inventory.module.js';
import { ProductHints } from './product-hints.js';
import { ProductsController } from './products.controller.js';
import { ProductsRepository } from './products.repository.js';
import { ProductsService } from './products.service.js';

@Module({
  imports: [InventoryModule],
  controllers: [ProductsController],
  providers: [ProductsRepository, ProductsService, ProductHints],
  exports: [ProductsRepository, ProductHints],
})
export class ProductsModule {}
