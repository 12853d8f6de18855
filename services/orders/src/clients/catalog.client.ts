/**
 * What the orders service asks the catalog service (request-reply): the products of an order's lines.
 * Replies are checked against `catalogOps`' outputs. Stock is catalog's to decide: it takes stock
 * when an order is committed and its decision comes back with the change (StockDecisions).
 *
 * Products are kept for PRODUCT_CACHE_TTL_MS (one RPC and two catalog queries less per order under
 * load). The copy is emptied by every catalog event (the process's core NATS subscription on
 * `catalog.>`, CatalogEventFeed, which also sees what catalog's outbox relay publishes) and by catalog's
 * `hint.catalog.products-changed`, which is flushed before an admin's change is answered. Orders'
 * requests arrive on the connection those messages come on, behind them (the RPC server answers on
 * the service's connection): a hidden or deleted product is refused from the very next order. A lost
 * message costs at most the TTL of staleness; the stock a product carries here is a hint for placing
 * only.
 */
import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import {
  catalogOps,
  HINTS,
  namespaced,
  productImageUrl,
  type Actor,
  type CatalogProduct,
} from '@lr/contracts';
import {
  ExpiringCache,
  KIT_CONFIG,
  NATS_CONNECTION,
  RpcClient,
  collectByIds,
  type NatsConnection,
} from '@lr/nest-kit';
import type { OrdersConfig } from '../config.js';
import { CatalogEventFeed } from './catalog-event-feed.js';

/** Far more than the products of a busy day's orders. */
const MAX_CACHED_PRODUCTS = 5_000;

@Injectable()
export class CatalogClient implements OnModuleInit, OnModuleDestroy {
  private readonly products: ExpiringCache<CatalogProduct>;
  private hints: ReturnType<NatsConnection['subscribe']> | undefined;

  constructor(
    private readonly rpc: RpcClient,
    private readonly events: CatalogEventFeed,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(KIT_CONFIG)
    private readonly config: Pick<OrdersConfig, 'NATS_NAMESPACE' | 'PRODUCT_CACHE_TTL_MS'>,
  ) {
    this.products = new ExpiringCache({
      ttlMs: config.PRODUCT_CACHE_TTL_MS,
      maxEntries: MAX_CACHED_PRODUCTS,
    });
  }

  onModuleInit(): void {
    if (!this.products.enabled) return;
    this.events.listen(() => this.products.invalidate());
    this.hints = this.nc.subscribe(
      namespaced(this.config.NATS_NAMESPACE, HINTS.catalogProductsChanged),
      { callback: () => this.products.invalidate() },
    );
  }

  onModuleDestroy(): void {
    this.hints?.unsubscribe();
  }

  /** The products with these ids that exist (hidden ones included: the caller decides). */
  async getProducts(ids: string[], actor: Actor | null): Promise<Map<string, CatalogProduct>> {
    return this.products.getMany(ids, async (missing) => {
      // Catalog answers at most a page of ids, and cuts a page of large products short.
      const products = await collectByIds(
        missing,
        (some) => this.rpc.call(catalogOps.getProducts, { ids: some }, { actor }),
        (product) => product.id,
      );
      return new Map(products.map((p) => [p.id, p]));
    });
  }
}

/** The image an order line keeps: the product's first image, or its category's placeholder. */
export function imageOf(product: CatalogProduct): string {
  return productImageUrl(product);
}
