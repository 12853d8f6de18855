/** Stock: the ledger, the order-event consumer, the stock check and availability figures. */
import { Module } from '@nestjs/common';
import { InventoryConsumer } from './inventory.consumer.js';
import { InventoryController } from './inventory.controller.js';
import { InventoryRepository } from './inventory.repository.js';
import { InventoryService } from './inventory.service.js';
import { OrderInventoryHandler } from './order-inventory.handler.js';
import { StockLedger } from './stock-ledger.js';

@Module({
  controllers: [InventoryController],
  providers: [
    InventoryRepository,
    StockLedger,
    InventoryService,
    OrderInventoryHandler,
    InventoryConsumer,
  ],
  exports: [InventoryRepository, StockLedger],
})
export class InventoryModule {}
