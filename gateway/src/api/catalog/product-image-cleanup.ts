/**
 * Removes from media storage the images a product change dropped (one image deleted, the old form's
 * images replaced, the product deleted), so a deleted image stops being served. Stored names are
 * random and given to one product only, so once the product no longer names an image, only order
 * lines can: orders first points those lines at their category's placeholder, then the files (web
 * version and original) are removed. Never throws: the catalog change is already made; if orders
 * cannot be told, the files are kept (and logged), so no order shows a missing image.
 */
import { Inject, Injectable } from '@nestjs/common';
import { ordersOps, type Actor, type CatalogProduct } from '@lr/contracts';
import { LOGGER, RpcClient, type Logger } from '@lr/nest-kit';
import { ImageStore } from '../../core/image-store.js';

@Injectable()
export class ProductImageCleanup {
  private readonly logger: Logger;

  constructor(
    private readonly rpc: RpcClient,
    private readonly images: ImageStore,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ context: ProductImageCleanup.name });
  }

  /** The images `before` had that `after` has not (`after` null: the product was deleted). */
  async removeDropped(
    before: CatalogProduct,
    after: CatalogProduct | null,
    actor: Actor,
  ): Promise<void> {
    const kept = new Set((after?.images ?? []).map((image) => image.url));
    const dropped = before.images.filter((image) => !kept.has(image.url));
    if (dropped.length === 0) return;
    try {
      await this.rpc.call(
        ordersOps.forgetImages,
        { urls: dropped.map((image) => image.url) },
        { actor },
      );
    } catch (error) {
      this.logger.warn(
        { err: (error as Error).message, productId: before.id, images: dropped.length },
        'removed product images kept in storage: order lines may still name them',
      );
      return;
    }
    await this.images.removeProductImages(dropped);
  }
}
