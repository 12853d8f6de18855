/** `/api/console/products` and `/api/console/movements` (ra-data-simple-rest dialect), admins only. */
import { Body, Controller, Delete, Get, Param, Post, Put, Req } from '@nestjs/common';
import { z } from 'zod';
import {
  catalogOps,
  AppError,
  consoleProductSchema,
  consoleProductUpdateBodySchema,
  createProductBodySchema,
  movementReasonSchema,
  movementSchema,
  parseOrThrow,
  textSchema,
  type Actor,
  MOVEMENT_SORT_FIELDS,
  PRODUCT_SORT_FIELDS,
} from '@lr/contracts';
import { RpcClient, collectRange } from '@lr/nest-kit';
import type { FastifyRequest } from 'fastify';
import { Access } from '../../auth/access.decorator.js';
import { CurrentActor } from '../../auth/current-actor.decorator.js';
import { ConsoleListRoute, ConsoleQuery, type ConsoleListQuery } from '../../core/console.js';
import { parseBody } from '../../core/body.js';
import { ImageStore } from '../../core/image-store.js';
import { ApiDoc } from '../../docs/api-doc.decorator.js';
import { CatalogWrites } from './catalog-writes.js';
import { ProductImageCleanup } from './product-image-cleanup.js';
import { createProductFromRequest } from './product-create.js';
import { readProductForm } from './product-form.js';
import { toConsoleProduct } from './product-views.js';

const movementFilterSchema = z.object({
  productId: textSchema().max(100).optional(),
  sizeId: textSchema().max(100).optional(),
  size: textSchema().max(40).optional(),
  reason: movementReasonSchema.optional(),
  orderId: textSchema().max(100).optional(),
});

/** Filters sent by the console; booleans may come as strings from URL-built filters. */
function productFilter(filter: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of ['q', 'category', 'SubCategory', 'id'] as const) {
    if (filter[key] !== undefined && filter[key] !== '') out[key] = filter[key];
  }
  for (const key of ['isShow', 'outOfStock'] as const) {
    const value = filter[key];
    if (value === 'true' || value === true) out[key] = true;
    else if (value === 'false' || value === false) out[key] = false;
  }
  return out;
}

@Controller()
export class ConsoleProductsController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly images: ImageStore,
    private readonly writes: CatalogWrites,
    private readonly cleanup: ProductImageCleanup,
  ) {}

  @ConsoleListRoute('/api/console/products', {
    summary:
      'Products (console list: filter q, category, SubCategory, isShow, outOfStock, id; sort name, Stock, createdAt, category, SubCategory, isShow, ratings, id)',
    row: consoleProductSchema,
    sortable: PRODUCT_SORT_FIELDS,
  })
  @Access('admin')
  async list(
    @CurrentActor() actor: Actor,
    @ConsoleQuery() { sort, range, filter }: ConsoleListQuery,
  ) {
    const list = await collectRange(
      (start, limit) =>
        this.rpc.call(
          catalogOps.consoleListProducts,
          { sort, range: { start, end: start + limit - 1 }, filter: productFilter(filter) },
          { actor },
        ),
      range.start,
      range.end - range.start + 1,
    );
    return { items: list.items.map(toConsoleProduct), total: list.total };
  }

  @Get('/api/console/products/:id')
  @Access('admin')
  @ApiDoc({ summary: 'One product (console)', response: consoleProductSchema })
  async get(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return toConsoleProduct(await this.rpc.call(catalogOps.getProduct, { id }, { actor }));
  }

  @Post('/api/console/products')
  @Access('admin')
  @ApiDoc({
    summary:
      'Create a product (console: JSON, or multipart with its images in the field images; nothing is created when an image is refused)',
    body: createProductBodySchema,
    multipart: true,
    response: consoleProductSchema,
  })
  async create(@CurrentActor() actor: Actor, @Req() request: FastifyRequest) {
    return toConsoleProduct(
      await createProductFromRequest(request, this.images, this.writes, actor),
    );
  }

  @Put('/api/console/products/:id')
  @Access('admin')
  @ApiDoc({
    summary:
      'Update a product (console, JSON: description, isShow, addStock, newSizes, setStock, removeImageIds)',
    body: consoleProductUpdateBodySchema,
    response: consoleProductSchema,
  })
  async update(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() body: unknown) {
    // Name, category and SubCategory are read-only: sent back unchanged they pass, a change is
    // refused by the catalog.
    const input = parseBody(consoleProductUpdateBodySchema, body);
    const before = input.removeImageIds?.length
      ? await this.rpc.call(catalogOps.getProduct, { id }, { actor })
      : null;
    const updated = await this.writes.call(catalogOps.updateProduct, { ...input, id }, { actor });
    if (before) await this.cleanup.removeDropped(before, updated, actor);
    return toConsoleProduct(updated);
  }

  @Delete('/api/console/products/:id')
  @Access('admin')
  @ApiDoc({ summary: 'Delete a product (console)', response: consoleProductSchema })
  async delete(@CurrentActor() actor: Actor, @Param('id') id: string) {
    const deleted = await this.writes.call(catalogOps.deleteProduct, { id }, { actor });
    await this.cleanup.removeDropped(deleted, null, actor);
    return toConsoleProduct(deleted);
  }

  @Post('/api/console/products/:id/images')
  @Access('admin')
  @ApiDoc({
    summary:
      'Add images to a product (multipart field images, PNG/JPEG/WebP, 5 MB each, 6 at most)',
    multipart: true,
    response: consoleProductSchema,
  })
  async addImages(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Req() request: FastifyRequest,
  ) {
    const form = await readProductForm(request, this.images, actor);
    if (form.imageCount === 0) throw AppError.badRequest('images: at least one image is required');
    // 404 before decoding anything for a product that does not exist.
    await this.rpc.call(catalogOps.getProduct, { id }, { actor });
    const product = await form.withImages((addImages) =>
      this.writes.call(catalogOps.updateProduct, { id, addImages }, { actor }),
    );
    return toConsoleProduct(product);
  }

  @Delete('/api/console/products/:id/images/:imageId')
  @Access('admin')
  @ApiDoc({ summary: 'Remove one image of a product', response: consoleProductSchema })
  async removeImage(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Param('imageId') imageId: string,
  ) {
    const product = await this.rpc.call(catalogOps.getProduct, { id }, { actor });
    if (!product.images.some((img) => img.id === imageId))
      throw AppError.notFound('Image not found');
    const updated = await this.writes.call(
      catalogOps.updateProduct,
      { id, removeImageIds: [imageId] },
      { actor },
    );
    await this.cleanup.removeDropped(product, updated, actor);
    return toConsoleProduct(updated);
  }

  @ConsoleListRoute('/api/console/movements', {
    summary:
      'Stock movements (console list: filter productId, sizeId, size, reason, orderId; newest first)',
    row: movementSchema,
    sortable: MOVEMENT_SORT_FIELDS,
  })
  @Access('admin')
  movements(
    @CurrentActor() actor: Actor,
    @ConsoleQuery() { sort, range, filter }: ConsoleListQuery,
  ) {
    return this.rpc.call(
      catalogOps.listMovements,
      { sort, range, filter: parseOrThrow(movementFilterSchema, filter) },
      { actor },
    );
  }
}
