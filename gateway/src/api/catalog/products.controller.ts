/** Public product reads: the list, the store's grouped list and one product. */
import { Controller, Get, Inject, Param, Query, Res, StreamableFile } from '@nestjs/common';
import { z } from 'zod';
import {
  categorySchema,
  PAGE_SIZE_MAX,
  groupedProductsResponseSchema,
  parseOrThrow,
  productListResponseSchema,
  productResponseSchema,
  catalogOps,
  textSchema,
  type Actor,
  type GroupedProductsResponse,
  type InputOf,
  type Operation,
  type OutputOf,
  type ProductListResponse,
  type ProductResponse,
} from '@lr/contracts';
import { LOGGER, RpcClient, type Logger } from '@lr/nest-kit';
import type { FastifyReply } from 'fastify';
import { Access } from '../../auth/access.decorator.js';
import { CurrentActor } from '../../auth/current-actor.decorator.js';
import { streamJsonList } from '../../core/json-list-stream.js';
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
  /** Rows a page. Without it the store's list has 12, the old client's list all of them. */
  resultPerPage: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).optional(),
});
type ProductQuery = z.infer<typeof productQuerySchema>;

function listInput({ resultPerPage, ...query }: ProductQuery, pageSize = resultPerPage) {
  return { ...query, ...(pageSize ? { pageSize } : {}) };
}

@Controller()
export class ProductsController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly cache: ProductReadCache,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ context: 'ProductsController' });
  }

  private readonly logger: Logger;

  /**
   * Guests, users and volunteers see the same (visible) catalog: their reads are shared and cached,
   * already mapped to the answer.
   */
  private read<Op extends Operation, T>(
    actor: Actor | null,
    operation: Op,
    input: InputOf<Op>,
    toAnswer: (reply: OutputOf<Op>) => T,
  ): Promise<T> {
    const call = async () => toAnswer(await this.rpc.call(operation, input, { actor }));
    if (actor?.role === 'admin') return call();
    return this.cache.get(`${operation.subject}:${JSON.stringify(input)}`, call);
  }

  private listPage(actor: Actor | null, input: ReturnType<typeof listInput>) {
    return this.read(actor, catalogOps.listProducts, input, toApiProductList);
  }

  @Get('/api/v1/products')
  @Access('public')
  @ApiDoc({
    summary:
      'Products (visible ones only, except for admins): resultPerPage a page, or, when the request names no resultPerPage, every matching product on page 1 (streamed), as the old client expects',
    query: productQuerySchema,
    response: productListResponseSchema,
  })
  async list(
    @CurrentActor() actor: Actor | null,
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ProductListResponse | StreamableFile> {
    const parsed = parseOrThrow(productQuerySchema, query);
    if (parsed.resultPerPage) {
      return { success: true, ...(await this.listPage(actor, listInput(parsed))) };
    }
    return this.wholeList(actor, parsed, reply);
  }

  /**
   * The old client's home page asks for page 1 and shows only that page, because its own back end
   * answered every product on it: so a request without a page size gets every matching product on
   * page 1, read page by page from catalog and streamed (later pages are empty).
   */
  private async wholeList(
    actor: Actor | null,
    query: ProductQuery,
    reply: FastifyReply,
  ): Promise<ProductListResponse | StreamableFile> {
    const pageOf = (page: number) =>
      this.listPage(actor, listInput({ ...query, page }, PAGE_SIZE_MAX));
    const first = await pageOf(1);
    if (query.page > 1) {
      const { productsCount, filteredProductsCount } = first;
      const resultPerPage = Math.max(1, filteredProductsCount);
      return { success: true, products: [], productsCount, resultPerPage, filteredProductsCount };
    }
    async function* pages() {
      yield first.products;
      const pagesCount = Math.ceil(first.filteredProductsCount / PAGE_SIZE_MAX);
      for (let page = 2; page <= pagesCount; page += 1) yield (await pageOf(page)).products;
    }
    return streamJsonList(
      reply,
      {
        head: { success: true },
        field: 'products',
        pages: pages(),
        // Every product is on this one page: its size is the number sent.
        tail: (count) => ({
          productsCount: first.productsCount,
          resultPerPage: Math.max(1, count),
          filteredProductsCount: count,
        }),
        what: 'products',
      },
      this.logger,
    );
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
    const input = listInput(parseOrThrow(productQuerySchema, query));
    const list = await this.read(actor, catalogOps.listGroupedProducts, input, toApiGroupedList);
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
    const product = await this.read(actor, catalogOps.getProduct, { id }, toApiProduct);
    return { success: true, product };
  }
}
