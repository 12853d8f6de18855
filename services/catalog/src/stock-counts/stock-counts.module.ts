/** Stock counts (audits): the sheet, blind entry, review and finalising into `audit` movements. */
import { Module } from '@nestjs/common';
import { InventoryModule } from '../inventory/inventory.module.js';
import { StockCountsController } from './stock-counts.controller.js';
import { StockCountsRepository } from './stock-counts.repository.js';
import { StockCountsService } from './stock-counts.service.js';

@Module({
  imports: [InventoryModule],
  controllers: [StockCountsController],
  providers: [StockCountsRepository, StockCountsService],
})
export class StockCountsModule {}
