/** Public product reads: the list, the store's grouped list and one product (spec section 7). */
import { Controller, Get, Param, Query } from '@nestjs/common';
import { z } from 'zod';
import {
  categorySchema,
  parseOrThrow,
  RPC,
  type Actor,
  type GroupedListResult,
  type ProductDto,
  type ProductListResult,
} from '@lr/contracts';
import { RpcClient } from '@lr/nest-kit';
import { Access } from '../../auth/access.decorator.js';
import { CurrentActor } from '../../auth/current-actor.decorator.js';
import { ApiDoc } from '../../docs/api-doc.decorator.js';

/** `category=All` (or empty) means every category, as the old client sends it. */
export const productQuerySchema = z.object({
  keyword: z.string().trim().max(100).optional().default(''),
  page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
  category: z.preprocess(
    (v) => (v === '' || v === 'All' ? undefined : v),
    categorySchema.optional(),
  ),
});

@Controller()
export class ProductsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('/api/v1/products')
  @Access('public')
  @ApiDoc({
    summary: 'Products, 12 a page (visible ones only, except for admins)',
    query: productQuerySchema,
  })
  async list(@CurrentActor() actor: Actor | null, @Query() query: Record<string, unknown>) {
    const input = parseOrThrow(productQuerySchema, query);
    const result = await this.rpc.call<ProductListResult>(RPC.catalog.listProducts, input, {
      actor,
    });
    return { success: true, ...result };
  }

  @Get('/api/v1/products/grouped')
  @Access('public')
  @ApiDoc({
    summary:
      'Products grouped by name with sizes per SubCategory (the store cards), 12 groups a page',
    query: productQuerySchema,
  })
  async grouped(@CurrentActor() actor: Actor | null, @Query() query: Record<string, unknown>) {
    const input = parseOrThrow(productQuerySchema, query);
    const result = await this.rpc.call<GroupedListResult>(RPC.catalog.listGroupedProducts, input, {
      actor,
    });
    return { success: true, ...result };
  }

  @Get('/api/v1/product/:id')
  @Access('public')
  @ApiDoc({ summary: 'One product with its sizes and reviews (hidden products: admins only)' })
  async get(@CurrentActor() actor: Actor | null, @Param('id') id: string) {
    const product = await this.rpc.call<ProductDto>(RPC.catalog.getProduct, { id }, { actor });
    return { success: true, product };
  }
}
