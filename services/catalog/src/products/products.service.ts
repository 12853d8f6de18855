/** Product rules: visibility, listing and grouping, creation and edits with every stock change in the ledger. */
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  CATALOG_PAGE_SIZE,
  EVENTS,
  LIMITS,
  type Actor,
  type ConsoleList,
  type GroupedList,
  type ImageRef,
  type CatalogProduct,
  type ProductList,
  type createProductInputSchema,
  type consoleListProductsInputSchema,
  type listProductsInputSchema,
  type updateProductInputSchema,
} from '@lr/contracts';
import {
  KIT_CONFIG,
  LOGGER,
  OutboxWriter,
  RecordedReplies,
  decodeKeyset,
  hasRole,
  encodeKeyset,
  withinReplyBudget,
  type Executor,
  type Logger,
  type ReplyKey,
} from '@lr/nest-kit';
import { z } from 'zod';
import type { CatalogConfig } from '../config.js';
import type { StoredImage } from '../db/schema.js';
import { InventoryRepository } from '../inventory/inventory.repository.js';
import { StockLedger } from '../inventory/stock-ledger.js';
import { ProductHints } from './product-hints.js';
import { toCatalogProduct, toProductGroups } from './product.mapper.js';
import { ProductsRepository, type ProductAggregate } from './products.repository.js';

type ListInput = z.output<typeof listProductsInputSchema>;
type CreateInput = z.output<typeof createProductInputSchema>;
type UpdateInput = z.output<typeof updateProductInputSchema>;
type ConsoleInput = z.output<typeof consoleListProductsInputSchema>;

const notFound = () => AppError.notFound('Product not found');

/** The cursor of the by-name walk: the last product's name and id. */
const nameKeysetSchema = z.tuple([
  z
    .string()
    .max(200)
    .refine((name) => !name.includes('\u0000')),
  z.uuid(),
]);

function toStoredImages(images: ImageRef[]): StoredImage[] {
  return images.map((img) => ({ id: randomUUID(), url: img.url, originalUrl: img.originalUrl }));
}

@Injectable()
export class ProductsService {
  private readonly logger: Logger;

  constructor(
    private readonly products: ProductsRepository,
    private readonly inventory: InventoryRepository,
    private readonly ledger: StockLedger,
    private readonly outbox: OutboxWriter,
    private readonly hints: ProductHints,
    @Inject(LOGGER) logger: Logger,
    @Inject(KIT_CONFIG) private readonly config: Pick<CatalogConfig, 'LOW_STOCK_THRESHOLD'>,
    private readonly replies: RecordedReplies,
  ) {
    this.logger = logger.child({ context: 'ProductsService' });
  }

  /** Public callers and users see visible products only; admins see all. */
  async list(input: ListInput, actor: Actor | null): Promise<ProductList> {
    const visibleOnly = !hasRole(actor, 'admin');
    const filter = { visibleOnly, keyword: input.keyword, category: input.category };
    const pageSize = input.pageSize ?? CATALOG_PAGE_SIZE;
    const [productsCount, filteredProductsCount, page] = await Promise.all([
      this.products.count({ visibleOnly }),
      this.products.count(filter),
      this.products.page(filter, (input.page - 1) * pageSize, pageSize),
    ]);
    return {
      products: page.map(toCatalogProduct),
      productsCount,
      resultPerPage: pageSize,
      filteredProductsCount,
    };
  }

  async listGrouped(input: ListInput, actor: Actor | null): Promise<GroupedList> {
    const visibleOnly = !hasRole(actor, 'admin');
    const filter = { visibleOnly, keyword: input.keyword, category: input.category };
    const pageSize = input.pageSize ?? CATALOG_PAGE_SIZE;
    const [groupsCount, filteredGroupsCount, members] = await Promise.all([
      this.products.countGroups({ visibleOnly }),
      this.products.countGroups(filter),
      this.products.groupPage(filter, (input.page - 1) * pageSize, pageSize),
    ]);
    return {
      groups: toProductGroups(members),
      groupsCount,
      resultPerPage: pageSize,
      filteredGroupsCount,
    };
  }

  async get(id: string, actor: Actor | null): Promise<CatalogProduct> {
    const found = await this.products.findById(this.products.executor, id);
    if (!found || (!found.product.isShow && !hasRole(actor, 'admin'))) throw notFound();
    return toCatalogProduct(found);
  }

  /**
   * For other services (orders copies name, category, sub-category and image into its lines), in
   * the order asked; a cut page (products with many reviews) leaves out the last ones asked.
   */
  async getMany(ids: string[]): Promise<CatalogProduct[]> {
    return withinReplyBudget((await this.products.findByIds(ids)).map(toCatalogProduct));
  }

  /**
   * A console page. In name order it also says where the next page starts (`next`), so the old
   * "all products" route walks by keyset; a page cut to the reply budget ends where it was cut.
   */
  async consoleList(
    input: ConsoleInput,
  ): Promise<ConsoleList<CatalogProduct> & { next: string | null }> {
    const { filter, range, sort } = input;
    const byName = sort === null || (sort.field === 'name' && sort.order === 'ASC');
    if (input.after && (!byName || range.start > 0)) {
      throw AppError.badRequest('after: only in name order, from the first row');
    }
    const after = decodeKeyset(input.after, nameKeysetSchema);
    const ids =
      filter.id === undefined ? undefined : Array.isArray(filter.id) ? filter.id : [filter.id];
    const productFilter = {
      keyword: filter.q,
      category: filter.category,
      subCategory: filter.SubCategory,
      isShow: filter.isShow,
      outOfStock: filter.outOfStock,
      ids,
    };
    const limit = range.end - range.start + 1;
    const [total, rows] = await Promise.all([
      this.products.count(productFilter),
      // One more than the page tells whether another page follows.
      this.products.page(
        productFilter,
        range.start,
        limit + 1,
        sort,
        after && { name: after[0], id: after[1] },
      ),
    ]);
    const items = withinReplyBudget(rows.slice(0, limit).map(toCatalogProduct));
    const last = items[items.length - 1];
    const more = items.length < rows.length && last !== undefined;
    return {
      items,
      total,
      next: byName && more ? encodeKeyset([last.name, last.id]) : null,
    };
  }

  /**
   * `replyKey` (create, update, delete): the request's key when the caller may resend it; the
   * reply is recorded with the change and a resend gets it (RecordedReplies).
   */
  async create(
    input: CreateInput,
    actor: Actor,
    replyKey: ReplyKey | null = null,
  ): Promise<CatalogProduct> {
    return this.replies.transaction(this.products, replyKey, async (tx) => {
      if (
        await this.products.existsSameProduct(tx, input.name, input.category, input.SubCategory)
      ) {
        throw AppError.conflict(
          `A product named "${input.name}" already exists in ${input.category} / ${input.SubCategory}`,
        );
      }
      const product = await this.products.insertProduct(tx, {
        name: input.name,
        description: input.description,
        category: input.category,
        subCategory: input.SubCategory,
        isShow: input.isShow,
        images: toStoredImages(input.images),
        lowStockThreshold: this.config.LOW_STOCK_THRESHOLD,
        fairMarketValue: input.fairMarketValue ?? null,
      });
      const sizes = await this.products.insertSizes(
        tx,
        product.id,
        input.ProductSize.map((s) => s.size),
      );
      for (const [i, size] of sizes.entries()) {
        const stock = input.ProductSize[i]?.stock ?? 0;
        if (stock > 0) {
          await this.ledger.apply(tx, {
            productId: product.id,
            sizeId: size.id,
            delta: stock,
            reason: 'initial',
            actor,
          });
        }
      }
      const created = await this.reload(tx, product.id);
      await this.outbox.write(
        tx,
        EVENTS.catalogProductCreated,
        { productId: product.id, fairMarketValue: created.product.fairMarketValue },
        created.product.version,
      );
      this.logger.info({ productId: product.id, by: actor.id }, 'product created');
      return toCatalogProduct(created);
    });
  }

  async update(
    input: UpdateInput,
    actor: Actor,
    replyKey: ReplyKey | null = null,
  ): Promise<CatalogProduct> {
    const updated = await this.replies.transaction(this.products, replyKey, async (tx) => {
      const current = await this.products.findById(tx, input.id, true);
      if (!current) throw notFound();
      this.assertReadOnlyUnchanged(current, input);
      const { sizes } = await this.inventory.lockProductsAndSizes(tx, [current.product.id]);
      const sizeByName = (name: string) =>
        sizes.find((s) => s.size.toLowerCase() === name.toLowerCase());
      const productId = current.product.id;

      for (const [i, added] of (input.newSizes ?? []).entries()) {
        if (sizeByName(added.size))
          throw AppError.badRequest(`newSizes.${i}.size: size "${added.size}" already exists`);
      }
      const inserted = await this.products.insertSizes(
        tx,
        productId,
        (input.newSizes ?? []).map((s) => s.size),
      );
      for (const [i, size] of inserted.entries()) {
        const stock = input.newSizes?.[i]?.stock ?? 0;
        if (stock > 0)
          await this.ledger.apply(tx, {
            productId,
            sizeId: size.id,
            delta: stock,
            reason: 'initial',
            actor,
          });
      }
      for (const [i, add] of (input.addStock ?? []).entries()) {
        const size = sizeByName(add.size);
        if (!size) throw AppError.badRequest(`addStock.${i}.size: unknown size "${add.size}"`);
        size.stock = await this.ledger.apply(tx, {
          productId,
          sizeId: size.sizeId,
          delta: add.quantity,
          reason: 'restock',
          actor,
        });
      }
      for (const [i, set] of (input.setStock ?? []).entries()) {
        const size = sizeByName(set.size);
        if (!size)
          throw AppError.badRequest(`ProductSize: unknown size "${set.size}"`, { index: i });
        const delta = set.stock - size.stock;
        if (delta === 0) continue;
        size.stock = await this.ledger.apply(tx, {
          productId,
          sizeId: size.sizeId,
          delta,
          reason: delta > 0 ? 'restock' : 'correction',
          actor,
        });
      }

      for (const [i, t] of (input.sizeLowStock ?? []).entries()) {
        if (!sizeByName(t.size))
          throw AppError.badRequest(`sizeLowStock.${i}.size: unknown size "${t.size}"`);
      }
      await this.products.setSizeThresholds(tx, productId, input.sizeLowStock ?? []);

      const images = this.nextImages(current.product.images, input);
      const version = await this.products.updateProduct(tx, productId, {
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.isShow !== undefined ? { isShow: input.isShow } : {}),
        ...(input.lowStockThreshold !== undefined
          ? { lowStockThreshold: input.lowStockThreshold }
          : {}),
        ...(input.fairMarketValue !== undefined ? { fairMarketValue: input.fairMarketValue } : {}),
        images,
      });
      // The value in force from now on travels with every product edit (reporting keeps its history).
      const fairMarketValue =
        input.fairMarketValue !== undefined
          ? input.fairMarketValue
          : current.product.fairMarketValue;
      await this.outbox.write(
        tx,
        EVENTS.catalogProductUpdated,
        { productId, fairMarketValue },
        version,
      );
      return toCatalogProduct(await this.reload(tx, productId));
    });
    await this.hints.productsChanged([updated.id]);
    return updated;
  }

  async delete(
    id: string,
    actor: Actor,
    replyKey: ReplyKey | null = null,
  ): Promise<CatalogProduct> {
    const deleted = await this.replies.transaction(this.products, replyKey, async (tx) => {
      const current = await this.products.findById(tx, id, true);
      if (!current) throw notFound();
      await this.products.deleteProduct(tx, current.product.id);
      await this.outbox.write(
        tx,
        EVENTS.catalogProductDeleted,
        { productId: current.product.id },
        current.product.version + 1,
      );
      this.logger.info({ productId: current.product.id, by: actor.id }, 'product deleted');
      return toCatalogProduct(current);
    });
    await this.hints.productsChanged([deleted.id]);
    return deleted;
  }

  /** name, category and SubCategory are read-only: the old form sends them back unchanged; a change is refused. */
  private assertReadOnlyUnchanged({ product }: ProductAggregate, input: UpdateInput): void {
    const checks: [keyof UpdateInput, string | undefined, string][] = [
      ['name', input.name, product.name],
      ['category', input.category, product.category],
      ['SubCategory', input.SubCategory, product.subCategory],
    ];
    for (const [field, sent, stored] of checks) {
      if (sent !== undefined && sent.trim() !== '' && sent.trim() !== stored) {
        throw AppError.badRequest(`${String(field)}: is read-only and cannot be changed`);
      }
    }
  }

  private nextImages(current: StoredImage[], input: UpdateInput): StoredImage[] {
    const removed = new Set(input.removeImageIds ?? []);
    const kept =
      input.replaceImages && input.addImages?.length
        ? []
        : current.filter((img) => !removed.has(img.id));
    const next = [...kept, ...toStoredImages(input.addImages ?? [])];
    if (next.length > LIMITS.productImagesMax) {
      throw AppError.badRequest(`images: at most ${LIMITS.productImagesMax} images per product`);
    }
    return next;
  }

  private async reload(tx: Executor, id: string): Promise<ProductAggregate> {
    const found = await this.products.findById(tx, id);
    if (!found) throw notFound();
    return found;
  }
}
