/**
 * The old admin product calls, forms as the old client sends them. Name, category
 * and SubCategory are read-only on update: sent unchanged they are ignored, changed they are a 400.
 * The update form's `ProductSize` (a size name) with `Stock` (its new total) records the difference
 * as a restock or correction movement.
 */
import {
  Controller,
  Delete,
  Get,
  Inject,
  Param,
  Post,
  Put,
  Req,
  Res,
  type StreamableFile,
} from '@nestjs/common';
import {
  catalogOps,
  adminProductListResponseSchema,
  createProductBodySchema,
  messageResponseSchema,
  PAGE_SIZE_MAX,
  parseOrThrow,
  productEditFormSchema,
  productResponseSchema,
  type Actor,
  type MessageResponse,
  type ProductResponse,
} from '@lr/contracts';
import { LOGGER, RpcClient, keysetPages, type Logger } from '@lr/nest-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Access } from '../../auth/access.decorator.js';
import { CurrentActor } from '../../auth/current-actor.decorator.js';
import { streamJsonList } from '../../core/json-list-stream.js';
import { ApiDoc } from '../../docs/api-doc.decorator.js';
import { CatalogWrites } from './catalog-writes.js';
import { ProductImageCleanup } from './product-image-cleanup.js';
import { ImageStore } from '../../core/image-store.js';
import { createProductFromRequest } from './product-create.js';
import { formBoolean, readProductForm, textField } from './product-form.js';
import { toApiProduct } from './product-views.js';

@Controller()
export class AdminProductsController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly images: ImageStore,
    private readonly writes: CatalogWrites,
    private readonly cleanup: ProductImageCleanup,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ context: 'AdminProductsController' });
  }

  private readonly logger: Logger;

  @Get('/api/v1/admin/products')
  @Access('admin')
  @ApiDoc({
    summary: 'All products, hidden ones included (admin)',
    response: adminProductListResponseSchema,
  })
  list(
    @CurrentActor() actor: Actor,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    const pages = keysetPages(async (after) => {
      const page = await this.rpc.call(
        catalogOps.consoleListProducts,
        {
          range: { start: 0, end: PAGE_SIZE_MAX - 1 },
          sort: { field: 'name', order: 'ASC' },
          after,
        },
        { actor },
      );
      return { items: page.items.map(toApiProduct), next: page.next ?? null };
    });
    return streamJsonList(
      reply,
      {
        head: { success: true },
        field: 'products',
        pages,
        tail: (count) => ({ productsCount: count }),
        what: 'admin/products',
      },
      this.logger,
    );
  }

  @Post('/api/v1/admin/product/new')
  @Access('admin')
  @ApiDoc({
    summary: 'Create a product (form or JSON; images as files or data URLs)',
    body: createProductBodySchema,
    multipart: true,
    response: productResponseSchema,
  })
  async create(
    @CurrentActor() actor: Actor,
    @Req() request: FastifyRequest,
  ): Promise<ProductResponse> {
    const product = await createProductFromRequest(request, this.images, this.writes, actor);
    return { success: true, product: toApiProduct(product) };
  }

  @Put('/api/v1/admin/product/:id')
  @Access('admin')
  @ApiDoc({
    summary:
      'Update a product (form: description, isShow, ProductSize + Stock = new total, images replace)',
    body: productEditFormSchema,
    multipart: true,
    response: productResponseSchema,
  })
  async update(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Req() request: FastifyRequest,
  ): Promise<ProductResponse> {
    const form = await readProductForm(request, this.images, actor);
    // A blank size or stock (an untouched form input) means no stock change.
    const blankAsAbsent = (name: string) => textField(form.fields, name) || undefined;
    const fields = parseOrThrow(productEditFormSchema, {
      name: textField(form.fields, 'name'),
      description: textField(form.fields, 'description'),
      category: textField(form.fields, 'category'),
      SubCategory: textField(form.fields, 'SubCategory'),
      isShow: formBoolean(form.fields.isShow, 'isShow'),
      ProductSize: blankAsAbsent('ProductSize'),
      Stock: blankAsAbsent('Stock'),
    });
    const { ProductSize: size, Stock: stock, ...input } = fields;
    const setStock = size !== undefined && stock !== undefined ? [{ size, stock }] : undefined;
    // New images replace the old ones, whose files are then removed.
    const before =
      form.imageCount > 0 ? await this.rpc.call(catalogOps.getProduct, { id }, { actor }) : null;
    const product = await form.withImages((stored) => {
      const images = stored.length > 0 ? { addImages: stored, replaceImages: true } : {};
      return this.writes.call(
        catalogOps.updateProduct,
        { ...input, id, setStock, ...images },
        { actor },
      );
    });
    if (before) await this.cleanup.removeDropped(before, product, actor);
    return { success: true, product: toApiProduct(product) };
  }

  @Delete('/api/v1/admin/product/:id')
  @Access('admin')
  @ApiDoc({ summary: 'Delete a product (admin)', response: messageResponseSchema })
  async delete(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<MessageResponse> {
    const deleted = await this.writes.call(catalogOps.deleteProduct, { id }, { actor });
    await this.cleanup.removeDropped(deleted, null, actor);
    return { success: true, message: 'Product Deleted Successfully' };
  }
}
