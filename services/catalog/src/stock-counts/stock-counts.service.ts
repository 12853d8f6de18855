/**
 * Stock counts (audits). Starting snapshots the sizes to count; figures are entered blind while
 * orders keep flowing; the difference is taken against the ledger at the moment of finalising, under
 * the sizes' row locks, and written as one `audit` movement per differing size with the
 * `catalog.stock.counted.v1` event, in one transaction. A finalised count is read-only.
 */
import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  EVENTS,
  INTAKE_MAX_PAGE,
  type Actor,
  type Category,
  type ConsoleList,
  type StockCountDifferenceDto,
  type StockCountDto,
  type StockCountLineDto,
  type StockCountReviewDto,
  type enterStockCountsInputSchema,
  type finaliseStockCountInputSchema,
  type listStockCountLinesInputSchema,
  type listStockCountsInputSchema,
  type startStockCountInputSchema,
} from '@lr/contracts';
import {
  LOGGER,
  OutboxWriter,
  RecordedReplies,
  type Executor,
  type Logger,
  type ReplyKey,
} from '@lr/nest-kit';
import type { z } from 'zod';
import { InventoryRepository } from '../inventory/inventory.repository.js';
import { StockLedger, type StockChange } from '../inventory/stock-ledger.js';
import {
  toCountMovementDto,
  toDifferenceDto,
  toStockCountDto,
  toStockCountLineDto,
} from './stock-count.mapper.js';
import { StockCountsRepository, type CountRow } from './stock-counts.repository.js';

const notFound = () => AppError.notFound('Stock count not found');
const readOnly = () => AppError.conflict('This stock count is finalised and read-only');

@Injectable()
export class StockCountsService {
  private readonly logger: Logger;

  constructor(
    private readonly repository: StockCountsRepository,
    private readonly inventory: InventoryRepository,
    private readonly ledger: StockLedger,
    private readonly outbox: OutboxWriter,
    @Inject(LOGGER) logger: Logger,
    private readonly replies: RecordedReplies,
  ) {
    this.logger = logger.child({ context: 'StockCountsService' });
  }

  /**
   * `replyKey` (start, finalise): the request's key when the caller may resend it; what the write
   * decided is recorded with it, and a resend answers from that instead of writing again.
   */
  async start(
    input: z.output<typeof startStockCountInputSchema>,
    actor: Actor,
    replyKey: ReplyKey | null = null,
  ): Promise<StockCountDto> {
    const category = input.scope === 'all' ? null : input.scope;
    const id = await this.replies.transaction(this.repository, replyKey, async (tx) => {
      const started = await this.repository.start(
        { scope: input.scope, category, note: input.note, actor },
        tx,
      );
      if (!started)
        throw AppError.badRequest(
          category ? `scope: no product in ${category} to count` : 'scope: no product to count',
        );
      return started;
    });
    this.logger.info({ countId: id, by: actor.id }, 'stock count started');
    return this.get(id);
  }

  async get(id: string): Promise<StockCountDto> {
    return toStockCountDto(await this.require(this.repository.executor, id));
  }

  async list(
    input: z.output<typeof listStockCountsInputSchema>,
  ): Promise<ConsoleList<StockCountDto>> {
    const { filter, range, sort } = input;
    const ids = filter.id === undefined ? undefined : [filter.id].flat();
    const { rows, total } = await this.repository.listCounts(
      { status: filter.status, ids },
      range.start,
      range.end - range.start + 1,
      sort,
    );
    return { items: rows.map(toStockCountDto), total };
  }

  async lines(
    input: z.output<typeof listStockCountLinesInputSchema>,
  ): Promise<ConsoleList<StockCountLineDto>> {
    const count = await this.require(this.repository.executor, input.id);
    const rows = await this.repository.lines(
      this.repository.executor,
      count.id,
      input.range.start,
      input.range.end - input.range.start + 1,
    );
    return { items: rows.map(toStockCountLineDto), total: count.sizes };
  }

  /** Figures for some sizes of the sheet; several counters may enter at once. */
  async enter(
    input: z.output<typeof enterStockCountsInputSchema>,
    actor: Actor,
  ): Promise<StockCountDto> {
    await this.repository.transaction(async (tx) => {
      const count = await this.require(tx, input.id, 'share');
      if (count.status !== 'open') throw readOnly();
      const sizeIds = input.lines.map((l) => l.sizeId);
      const onSheet = await this.repository.linesOfSizes(tx, count.id, sizeIds);
      for (const [i, entry] of input.lines.entries()) {
        const line = onSheet.find((l) => l.sizeId === entry.sizeId);
        if (!line) throw AppError.badRequest(`lines.${i}.sizeId: not on this count's sheet`);
        if (line.stock === null)
          throw AppError.conflict(
            `lines.${i}: ${line.productName} ${line.size} was deleted since the count started; it cannot be counted`,
          );
      }
      await this.repository.setCounted(tx, count.id, input.lines, actor.id);
    });
    return this.get(input.id);
  }

  /** What finalising now would write, and what moved since the count started. */
  async review(id: string): Promise<StockCountReviewDto> {
    const executor = this.repository.executor;
    const count = await this.require(executor, id);
    if (count.status === 'finalised') return this.finalisedReview(executor, count);
    const counted = await this.repository.countedLines(executor, count.id);
    const differences: StockCountDifferenceDto[] = [];
    let matching = 0;
    for (const line of counted) {
      if (line.stock === null || line.counted === null) continue;
      if (line.counted === line.stock) matching += 1;
      else differences.push(toDifferenceDto(line, line.stock, line.counted));
    }
    return this.reviewOf(executor, count, differences, matching);
  }

  async finalise(
    input: z.output<typeof finaliseStockCountInputSchema>,
    actor: Actor,
    replyKey: ReplyKey | null = null,
  ): Promise<StockCountReviewDto> {
    await this.replies.transaction(this.repository, replyKey, async (tx) => {
      const count = await this.require(tx, input.id, 'update');
      if (count.status !== 'open') throw readOnly();
      const counted = await this.repository.countedLines(tx, count.id);
      const { sizes } = await this.inventory.lockProductsAndSizes(
        tx,
        counted.map((l) => l.productId),
      );
      const confirmed = new Map((input.confirmedBooks ?? []).map((c) => [c.sizeId, c.books]));
      const moved: string[] = [];
      const results: { sizeId: string; books: number; difference: number }[] = [];
      const adjustments = [];
      const changes: StockChange[] = [];
      for (const line of counted) {
        const size = sizes.find((s) => s.sizeId === line.sizeId);
        if (!size || line.counted === null) continue;
        const seen = confirmed.get(line.sizeId);
        if (input.confirmedBooks && seen !== undefined && seen !== size.stock)
          moved.push(`${line.productName} ${line.size} (books ${seen} → ${size.stock})`);
        const difference = line.counted - size.stock;
        if (input.confirmedBooks && seen === undefined && difference !== 0)
          moved.push(`${line.productName} ${line.size} (books now ${size.stock})`);
        results.push({ sizeId: line.sizeId, books: size.stock, difference });
        if (difference !== 0) {
          adjustments.push({
            productId: line.productId,
            productName: line.productName,
            category: line.category as Category,
            size: line.size,
            books: size.stock,
            counted: line.counted,
            difference,
          });
          changes.push({
            productId: size.productId,
            sizeId: size.sizeId,
            delta: difference,
            reason: 'audit',
            countId: count.id,
            actor,
          });
        }
      }
      if (moved.length > 0) {
        throw AppError.conflict(
          `Stock moved since you reviewed this count: ${moved.join(', ')}. Review the differences again.`,
          { sizes: moved },
        );
      }
      await this.ledger.applyAll(tx, changes);
      await this.repository.finalise(tx, count.id, results, actor);
      const done = await this.require(tx, count.id);
      await this.outbox.write(
        tx,
        EVENTS.catalogStockCounted,
        {
          countId: count.id,
          scope: count.scope,
          startedAt: count.startedAt,
          finalisedAt: done.finalisedAt ?? new Date().toISOString(),
          finalisedBy: { id: actor.id, name: actor.name },
          countedSizes: results.length,
          adjustments,
        },
        1,
      );
    });
    this.logger.info({ countId: input.id, by: actor.id }, 'stock count finalised');
    return this.review(input.id);
  }

  private async finalisedReview(executor: Executor, count: CountRow): Promise<StockCountReviewDto> {
    const counted = await this.repository.countedLines(executor, count.id);
    const differences: StockCountDifferenceDto[] = [];
    let matching = 0;
    for (const line of counted) {
      if (line.books === null || line.counted === null) continue;
      if (line.difference === 0) matching += 1;
      else differences.push(toDifferenceDto(line, line.books, line.counted));
    }
    return this.reviewOf(executor, count, differences, matching);
  }

  private async reviewOf(
    executor: Executor,
    count: CountRow,
    differences: StockCountDifferenceDto[],
    matching: number,
  ): Promise<StockCountReviewDto> {
    const [deletedSizes, movements] = await Promise.all([
      this.repository.deletedSizes(executor, count.id),
      this.repository.movementsSince(executor, count.id, count.ledgerWatermark, INTAKE_MAX_PAGE),
    ]);
    return {
      count: toStockCountDto(count),
      differences,
      matching,
      uncounted: count.sizes - count.countedSizes,
      deletedSizes,
      movementsSinceStart: movements.rows.map(toCountMovementDto),
      movementsSinceStartTotal: movements.total,
    };
  }

  private async require(
    executor: Executor,
    id: string,
    lock: 'share' | 'update' | null = null,
  ): Promise<CountRow> {
    const count = await this.repository.findCount(executor, id, lock);
    if (!count) throw notFound();
    return count;
  }
}
