/** `/api/console/products` and `/api/console/movements` (ra-data-simple-rest dialect), admins only. */
import { Body, Controller, Delete, Get, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { z } from 'zod';
import {
  AppError,
  parseOrThrow,
  RPC,
  textSchema,
  type Actor,
  type ConsoleList,
  type MovementDto,
  type CatalogProduct,
} from '@lr/contracts';
import { RpcClient, collectRange } from '@lr/nest-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Access } from '../../auth/access.decorator.js';
import { CurrentActor } from '../../auth/current-actor.decorator.js';
import { consoleListQuerySchema, parseConsoleQuery, sendConsoleList } from '../../core/console.js';
import { bodyObject } from '../../core/body.js';
import { ImageStore } from '../../core/image-store.js';
import { ApiDoc } from '../../docs/api-doc.decorator.js';
import { CatalogWrites } from './catalog-writes.js';
import { createProductFromRequest } from './product-create.js';
import { numberLists, readProductForm } from './product-form.js';
import { toConsoleProduct } from './product-views.js';

export const consoleProductCreateSchema = z.object({
  name: z.string(),
  description: z.string().optional(),
  category: z.string(),
  SubCategory: z.string(),
  ProductSize: z.array(z.object({ size: z.string(), stock: z.number() })),
  isShow: z.boolean().optional(),
});

export const consoleProductUpdateSchema = z.object({
  description: z.string().optional(),
  isShow: z.boolean().optional(),
  addStock: z.array(z.object({ size: z.string(), quantity: z.number() })).optional(),
  newSizes: z.array(z.object({ size: z.string(), stock: z.number() })).optional(),
  setStock: z.array(z.object({ size: z.string(), stock: z.number() })).optional(),
  removeImageIds: z.array(z.string()).optional(),
  lowStockThreshold: z.number().optional(),
  sizeLowStock: z
    .array(z.object({ size: z.string(), threshold: z.number().int().nullable() }))
    .optional(),
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
  ) {}

  @Get('/api/console/products')
  @Access('admin')
  @ApiDoc({
    summary:
      'Products (console list: filter q, category, SubCategory, isShow, outOfStock, id; sort name, Stock, createdAt)',
    query: consoleListQuerySchema,
  })
  async list(
    @CurrentActor() actor: Actor,
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { sort, range, filter } = parseConsoleQuery(query);
    const list = await collectRange(
      (start, limit) =>
        this.rpc.call<ConsoleList<CatalogProduct>>(
          RPC.catalog.consoleListProducts,
          { sort, range: { start, end: start + limit - 1 }, filter: productFilter(filter) },
          { actor },
        ),
      range.start,
      range.end - range.start + 1,
    );
    return sendConsoleList(
      reply,
      'products',
      list.items.map(toConsoleProduct),
      list.total,
      range.start,
    );
  }

  @Get('/api/console/products/:id')
  @Access('admin')
  @ApiDoc({ summary: 'One product (console)' })
  async get(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return toConsoleProduct(
      await this.rpc.call<CatalogProduct>(RPC.catalog.getProduct, { id }, { actor }),
    );
  }

  @Post('/api/console/products')
  @Access('admin')
  @ApiDoc({
    summary:
      'Create a product (console: JSON, or multipart with its images in the field images; nothing is created when an image is refused)',
    body: consoleProductCreateSchema,
    multipart: true,
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
    body: consoleProductUpdateSchema,
  })
  async update(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() body: unknown) {
    const fields = bodyObject(body);
    const input: Record<string, unknown> = {
      id,
      description: fields.description ?? undefined,
      isShow: fields.isShow ?? undefined,
      addStock: numberLists(fields.addStock, ['quantity']),
      newSizes: numberLists(fields.newSizes, ['stock']),
      setStock: numberLists(fields.setStock, ['stock']),
      removeImageIds: fields.removeImageIds,
      sizeLowStock: fields.sizeLowStock,
      lowStockThreshold:
        typeof fields.lowStockThreshold === 'string' && fields.lowStockThreshold !== ''
          ? Number(fields.lowStockThreshold)
          : (fields.lowStockThreshold ?? undefined),
      // Read-only fields: sent back unchanged by the console they pass; a change is refused by the catalog.
      name: typeof fields.name === 'string' ? fields.name : undefined,
      category: typeof fields.category === 'string' ? fields.category : undefined,
      SubCategory: typeof fields.SubCategory === 'string' ? fields.SubCategory : undefined,
    };
    return toConsoleProduct(
      await this.writes.call<CatalogProduct>(RPC.catalog.updateProduct, input, { actor }),
    );
  }

  @Delete('/api/console/products/:id')
  @Access('admin')
  @ApiDoc({ summary: 'Delete a product (console)' })
  async delete(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return toConsoleProduct(
      await this.writes.call<CatalogProduct>(RPC.catalog.deleteProduct, { id }, { actor }),
    );
  }

  @Post('/api/console/products/:id/images')
  @Access('admin')
  @ApiDoc({
    summary:
      'Add images to a product (multipart field images, PNG/JPEG/WebP, 5 MB each, 6 at most)',
    multipart: true,
  })
  async addImages(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Req() request: FastifyRequest,
  ) {
    const form = await readProductForm(request, this.images, actor);
    if (form.imageCount === 0) throw AppError.badRequest('images: at least one image is required');
    // 404 before decoding anything for a product that does not exist.
    await this.rpc.call<CatalogProduct>(RPC.catalog.getProduct, { id }, { actor });
    const product = await form.withImages((addImages) =>
      this.writes.call<CatalogProduct>(RPC.catalog.updateProduct, { id, addImages }, { actor }),
    );
    return toConsoleProduct(product);
  }

  @Delete('/api/console/products/:id/images/:imageId')
  @Access('admin')
  @ApiDoc({ summary: 'Remove one image of a product' })
  async removeImage(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Param('imageId') imageId: string,
  ) {
    const product = await this.rpc.call<CatalogProduct>(RPC.catalog.getProduct, { id }, { actor });
    if (!product.images.some((img) => img.id === imageId))
      throw AppError.notFound('Image not found');
    return toConsoleProduct(
      await this.writes.call<CatalogProduct>(
        RPC.catalog.updateProduct,
        { id, removeImageIds: [imageId] },
        { actor },
      ),
    );
  }

  @Get('/api/console/movements')
  @Access('admin')
  @ApiDoc({
    summary:
      'Stock movements (console list: filter productId, sizeId, size, reason, orderId; newest first)',
    query: consoleListQuerySchema,
  })
  async movements(
    @CurrentActor() actor: Actor,
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { sort, range, filter } = parseConsoleQuery(query);
    const movementFilter = parseOrThrow(
      z.object({
        productId: textSchema().max(100).optional(),
        sizeId: textSchema().max(100).optional(),
        size: textSchema().max(40).optional(),
        reason: textSchema().max(40).optional(),
        orderId: textSchema().max(100).optional(),
      }),
      filter,
    );
    const list = await this.rpc.call<ConsoleList<MovementDto>>(
      RPC.catalog.listMovements,
      { sort, range, filter: movementFilter },
      { actor },
    );
    return sendConsoleList(reply, 'movements', list.items, list.total, range.start);
  }
}
