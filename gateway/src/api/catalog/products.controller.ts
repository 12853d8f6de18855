/** Public product reads: the list, the store's grouped list and one product. */
import { Controller, Get, Param, Query } from '@nestjs/common';
import { z } from 'zod';
import {
  categorySchema,
  groupedProductsResponseSchema,
  parseOrThrow,
  productListResponseSchema,
  productResponseSchema,
  RPC,
  textSchema,
  type Actor,
  type CatalogProduct,
  type GroupedList,
  type GroupedProductsResponse,
  type ProductList,
  type ProductListResponse,
  type ProductResponse,
} from '@lr/contracts';
import { RpcClient } from '@lr/nest-kit';
import { Access } from '../../auth/access.decorator.js';
import { CurrentActor } from '../../auth/current-actor.decorator.js';
import { ApiDoc } from '../../docs/api-doc.decorator.js';
import { ProductReadCache } from './product-read-cache.js';
import { toApiGroupedList, toApiProduct, toApiProductList } from './product-views.js';

/** `category=All` (or empty) means every category, as the old client sends it. */
export const productQuerySchema = z.object({
  keyword: textSchema().trim().max(100).optional().default(''),
  page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
  category: z.preprocess(
    (v) => (v === '' || v === 'All' ? undefined : v),
    categorySchema.optional(),
  ),
});

@Controller()
export class ProductsController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly cache: ProductReadCache,
  ) {}

  /**
   * Guests, users and volunteers see the same (visible) catalog: their reads are shared and cached,
   * already mapped to the answer.
   */
  private read<R, T>(
    actor: Actor | null,
    subject: string,
    input: unknown,
    toAnswer: (reply: R) => T,
  ): Promise<T> {
    const call = async () => toAnswer(await this.rpc.call<R>(subject, input, { actor }));
    if (actor?.role === 'admin') return call();
    return this.cache.get(`${subject}:${JSON.stringify(input)}`, call);
  }

  @Get('/api/v1/products')
  @Access('public')
  @ApiDoc({
    summary: 'Products, 12 a page (visible ones only, except for admins)',
    query: productQuerySchema,
    response: productListResponseSchema,
  })
  async list(
    @CurrentActor() actor: Actor | null,
    @Query() query: Record<string, unknown>,
  ): Promise<ProductListResponse> {
    const input = parseOrThrow(productQuerySchema, query);
    const list = await this.read(actor, RPC.catalog.listProducts, input, (reply: ProductList) =>
      toApiProductList(reply),
    );
    return { success: true, ...list };
  }

  @Get('/api/v1/products/grouped')
  @Access('public')
  @ApiDoc({
    summary:
      'Products grouped by name with sizes per SubCategory (the store cards), 12 groups a page',
    query: productQuerySchema,
    response: groupedProductsResponseSchema,
  })
  async grouped(
    @CurrentActor() actor: Actor | null,
    @Query() query: Record<string, unknown>,
  ): Promise<GroupedProductsResponse> {
    const input = parseOrThrow(productQuerySchema, query);
    const list = await this.read(
      actor,
      RPC.catalog.listGroupedProducts,
      input,
      (reply: GroupedList) => toApiGroupedList(reply),
    );
    return { success: true, ...list };
  }

  @Get('/api/v1/product/:id')
  @Access('public')
  @ApiDoc({
    summary: 'One product with its sizes and reviews (hidden products: admins only)',
    response: productResponseSchema,
  })
  async get(
    @CurrentActor() actor: Actor | null,
    @Param('id') id: string,
  ): Promise<ProductResponse> {
    const product = await this.read(
      actor,
      RPC.catalog.getProduct,
      { id },
      (reply: CatalogProduct) => toApiProduct(reply),
    );
    return { success: true, product };
  }
}
