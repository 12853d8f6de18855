/** Donations: sources, intake with its stock movements, corrections and deletion. */
import { Module } from '@nestjs/common';
import { InventoryModule } from '../inventory/inventory.module.js';
import { ProductsModule } from '../products/products.module.js';
import { DonationLines } from './donation-lines.js';
import { DonationsController } from './donations.controller.js';
import { DonationsRepository } from './donations.repository.js';
import { DonationsService } from './donations.service.js';

@Module({
  imports: [InventoryModule, ProductsModule],
  controllers: [DonationsController],
  providers: [DonationsRepository, DonationLines, DonationsService],
})
export class DonationsModule {}
