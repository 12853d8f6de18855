/** Review rules: one per user and product, ratings kept equal to the mean and count of the reviews. */
import { Injectable } from '@nestjs/common';
import {
  AppError,
  EVENTS,
  type Actor,
  type ConsoleList,
  type ConsoleReviewDto,
} from '@lr/contracts';
import { hasRole, OutboxWriter, RecordedReplies, type ReplyKey } from '@lr/nest-kit';
import { ProductsRepository } from '../products/products.repository.js';
import { ReviewsRepository, type ReviewWithProduct } from './reviews.repository.js';

export function toConsoleReviewDto(row: ReviewWithProduct): ConsoleReviewDto {
  return {
    id: row.id,
    productId: row.productId,
    productName: row.productName,
    userId: row.userId,
    name: row.userName,
    rating: Number(row.rating),
    comment: row.comment,
    createdAt: row.updatedAt.toISOString(),
  };
}

@Injectable()
export class ReviewsService {
  constructor(
    private readonly reviews: ReviewsRepository,
    private readonly products: ProductsRepository,
    private readonly outbox: OutboxWriter,
    private readonly replies: RecordedReplies,
  ) {}

  async upsert(
    input: { productId: string; rating: number; comment: string },
    actor: Actor,
  ): Promise<ConsoleReviewDto> {
    return this.reviews.transaction(async (tx) => {
      const product = await this.products.findById(tx, input.productId, true);
      if (!product || (!product.product.isShow && !hasRole(actor, 'admin')))
        throw AppError.notFound('Product not found');
      const row = await this.reviews.upsert(tx, {
        productId: product.product.id,
        userId: actor.id,
        userName: actor.name,
        rating: input.rating,
        comment: input.comment,
      });
      const version = await this.reviews.refreshRatings(tx, product.product.id);
      await this.outbox.write(
        tx,
        EVENTS.catalogProductUpdated,
        { productId: product.product.id },
        version,
      );
      return toConsoleReviewDto({ ...row, productName: product.product.name });
    });
  }

  /** With `replyKey` a resend of a delete that went through gets its reply, not a 404. */
  async delete(id: string, replyKey: ReplyKey | null = null): Promise<ConsoleReviewDto> {
    return this.replies.transaction(this.reviews, replyKey, async (tx) => {
      const row = await this.reviews.findById(tx, id);
      if (!row) throw AppError.notFound('Review not found');
      await this.products.findById(tx, row.productId, true);
      await this.reviews.delete(tx, row.id);
      const version = await this.reviews.refreshRatings(tx, row.productId);
      await this.outbox.write(
        tx,
        EVENTS.catalogProductUpdated,
        { productId: row.productId },
        version,
      );
      return toConsoleReviewDto(row);
    });
  }

  async list(
    filter: { productId?: string; q?: string },
    range: { start: number; end: number },
    sort: { field: string; order: 'ASC' | 'DESC' } | null,
  ): Promise<ConsoleList<ConsoleReviewDto>> {
    const { rows, total } = await this.reviews.list(
      filter,
      range.start,
      range.end - range.start + 1,
      sort,
    );
    return { items: rows.map(toConsoleReviewDto), total };
  }
}
