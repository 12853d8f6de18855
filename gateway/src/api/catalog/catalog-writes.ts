/** Catalog writes from the gateway: each drops the cached public product reads, whatever its outcome. */
import { Injectable } from '@nestjs/common';
import type { Actor, InputOf, Operation, OutputOf } from '@lr/contracts';
import { RpcClient } from '@lr/nest-kit';
import { ProductReadCache } from './product-read-cache.js';

@Injectable()
export class CatalogWrites {
  constructor(
    private readonly rpc: RpcClient,
    private readonly cache: ProductReadCache,
  ) {}

  async call<Op extends Operation>(
    operation: Op,
    input: InputOf<Op>,
    options: { actor: Actor },
  ): Promise<OutputOf<Op>> {
    try {
      return await this.rpc.call(operation, input, options);
    } finally {
      this.cache.invalidate();
    }
  }
}
