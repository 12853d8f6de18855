/**
 * Tells other services' copies of products (orders keeps the products an order names) that an admin
 * just changed or deleted some: a hint on HINTS.catalogProductsChanged, sent after the commit and
 * before the admin's answer (see `publishHint`), so the very next order sees the change. Stock moved
 * by orders' own events needs no hint: orders' copies also evict on every `catalog.>` event, and
 * the stock there is only a fail-fast check (catalog takes stock at commit).
 */
import { Inject, Injectable } from '@nestjs/common';
import { HINTS, namespaced, type ProductsChangedHint } from '@lr/contracts';
import {
  KIT_CONFIG,
  LOGGER,
  NATS_CONNECTION,
  publishHint,
  type BaseConfig,
  type Logger,
  type NatsConnection,
} from '@lr/nest-kit';

@Injectable()
export class ProductHints {
  private readonly subject: string;
  private readonly logger: Logger;

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(KIT_CONFIG) config: Pick<BaseConfig, 'NATS_NAMESPACE'>,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.subject = namespaced(config.NATS_NAMESPACE, HINTS.catalogProductsChanged);
    this.logger = logger.child({ context: ProductHints.name });
  }

  productsChanged(productIds: string[]): Promise<void> {
    const hint: ProductsChangedHint = { productIds };
    return publishHint(this.nc, this.subject, hint, this.logger);
  }
}
