/**
 * What the orders service asks the catalog service (request-reply): the products of an order's lines
 * and whether stock covers given quantities. Replies are validated on receipt (convention 3).
 */
import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { RPC, shortLineSchema, type Actor, type ShortLine } from '@lr/contracts';
import { RpcClient } from '@lr/nest-kit';

const catalogProductSchema = z.object({
  _id: z.string(),
  name: z.string(),
  category: z.string(),
  SubCategory: z.string(),
  isShow: z.boolean(),
  ProductSize: z.array(z.object({ size: z.string(), stock: z.number() })),
  image: z.string().optional(),
  images: z.array(z.object({ url: z.string() })).optional(),
});
export type CatalogProduct = z.infer<typeof catalogProductSchema>;

const productsReplySchema = z.union([
  z.array(catalogProductSchema),
  z.object({ products: z.array(catalogProductSchema) }).transform((r) => r.products),
]);

const inventoryCheckReplySchema = z.object({ shortLines: z.array(shortLineSchema) });

export interface StockLine {
  productId: string;
  size: string;
  quantity: number;
}

@Injectable()
export class CatalogClient {
  constructor(private readonly rpc: RpcClient) {}

  async getProducts(ids: string[], actor: Actor | null): Promise<Map<string, CatalogProduct>> {
    const reply = await this.rpc.call(RPC.catalog.getProducts, { ids }, { actor });
    const products = productsReplySchema.parse(reply);
    return new Map(products.map((p) => [p._id, p]));
  }

  /** The lines whose size has less stock than asked (empty when everything is covered). */
  async shortLines(
    lines: StockLine[],
    actor: Actor | null,
    allowHidden: boolean,
  ): Promise<ShortLine[]> {
    const wanted = lines.filter((l) => l.quantity > 0);
    if (wanted.length === 0) return [];
    const reply = await this.rpc.call(
      RPC.catalog.inventoryCheck,
      { lines: wanted, allowHidden },
      { actor },
    );
    return inventoryCheckReplySchema.parse(reply).shortLines;
  }
}

/** The image an order line keeps: the product's first image, or its placeholder. */
export function imageOf(product: CatalogProduct): string {
  return product.image ?? product.images?.[0]?.url ?? '';
}
