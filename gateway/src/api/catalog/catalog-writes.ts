/** Catalog writes from the gateway: each drops the cached public product reads, whatever its outcome. */
import { Injectable } from '@nestjs/common';
import type { Actor } from '@lr/contracts';
import { RpcClient } from '@lr/nest-kit';
import { ProductReadCache } from './product-read-cache.js';

@Injectable()
export class CatalogWrites {
  constructor(
    private readonly rpc: RpcClient,
    private readonly cache: ProductReadCache,
  ) {}

  async call<T>(subject: string, input: unknown, options: { actor: Actor }): Promise<T> {
    try {
      return await this.rpc.call<T>(subject, input, options);
    } finally {
      this.cache.invalidate();
    }
  }
}
