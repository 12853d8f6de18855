/** Reviews of products by logged-in users; admins list and delete them. */
import { Module } from '@nestjs/common';
import { ProductsModule } from '../products/products.module.js';
import { ReviewsController } from './reviews.controller.js';
import { ReviewsRepository } from './reviews.repository.js';
import { ReviewsService } from './reviews.service.js';

@Module({
  imports: [ProductsModule],
  controllers: [ReviewsController],
  providers: [ReviewsRepository, ReviewsService],
})
export class ReviewsModule {}
