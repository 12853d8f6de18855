/** Request-reply adapters for products (who may call and the inputs' forms: `catalogOps`). */
import { Controller } from '@nestjs/common';
import { catalogOps, type ParsedInputOf } from '@lr/contracts';
import { Handles, type Call } from '@lr/nest-kit';
import { ProductsService } from './products.service.js';

type Ops = typeof catalogOps;
type In<K extends keyof Ops> = ParsedInputOf<Ops[K]>;
type CallTo<K extends keyof Ops> = Call<Ops[K]['callers']>;

@Controller()
export class ProductsController {
  constructor(private readonly products: ProductsService) {}

  @Handles(catalogOps.listProducts)
  list(input: In<'listProducts'>, call: CallTo<'listProducts'>) {
    return this.products.list(input, call.actor);
  }

  @Handles(catalogOps.listGroupedProducts)
  listGrouped(input: In<'listGroupedProducts'>, call: CallTo<'listGroupedProducts'>) {
    return this.products.listGrouped(input, call.actor);
  }

  @Handles(catalogOps.getProduct)
  get(input: In<'getProduct'>, call: CallTo<'getProduct'>) {
    return this.products.get(input.id, call.actor);
  }

  /** Service-to-service: hidden products included, each with its isShow flag. */
  @Handles(catalogOps.getProducts)
  getMany(input: In<'getProducts'>) {
    return this.products.getMany(input.ids);
  }

  @Handles(catalogOps.consoleListProducts)
  consoleList(input: In<'consoleListProducts'>) {
    return this.products.consoleList(input);
  }

  @Handles(catalogOps.createProduct)
  create(input: In<'createProduct'>, call: CallTo<'createProduct'>) {
    return this.products.create(input, call.actor, call.replyKey);
  }

  @Handles(catalogOps.updateProduct)
  update(input: In<'updateProduct'>, call: CallTo<'updateProduct'>) {
    return this.products.update(input, call.actor, call.replyKey);
  }

  @Handles(catalogOps.deleteProduct)
  delete(input: In<'deleteProduct'>, call: CallTo<'deleteProduct'>) {
    return this.products.delete(input.id, call.actor, call.replyKey);
  }
}
