/** Request-reply adapters for products: parse the input with zod, check the caller, delegate. */
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  consoleListProductsInputSchema,
  createProductInputSchema,
  getProductInputSchema,
  getProductsInputSchema,
  listProductsInputSchema,
  parseOrThrow,
  RPC,
  updateProductInputSchema,
  type RpcRequest,
} from '@lr/contracts';
import { requireRole, replyKeyOf } from '@lr/nest-kit';
import { ProductsService } from './products.service.js';

@Controller()
export class ProductsController {
  constructor(private readonly products: ProductsService) {}

  @MessagePattern(RPC.catalog.listProducts)
  list(@Payload() req: RpcRequest<unknown>) {
    return this.products.list(parseOrThrow(listProductsInputSchema, req.input ?? {}), req.actor);
  }

  @MessagePattern(RPC.catalog.listGroupedProducts)
  listGrouped(@Payload() req: RpcRequest<unknown>) {
    return this.products.listGrouped(
      parseOrThrow(listProductsInputSchema, req.input ?? {}),
      req.actor,
    );
  }

  @MessagePattern(RPC.catalog.getProduct)
  get(@Payload() req: RpcRequest<unknown>) {
    return this.products.get(parseOrThrow(getProductInputSchema, req.input).id, req.actor);
  }

  /** Service-to-service: hidden products included, each with its isShow flag. */
  @MessagePattern(RPC.catalog.getProducts)
  getMany(@Payload() req: RpcRequest<unknown>) {
    return this.products.getMany(parseOrThrow(getProductsInputSchema, req.input).ids);
  }

  @MessagePattern(RPC.catalog.consoleListProducts)
  consoleList(@Payload() req: RpcRequest<unknown>) {
    requireRole(req.actor, 'admin');
    return this.products.consoleList(parseOrThrow(consoleListProductsInputSchema, req.input));
  }

  @MessagePattern(RPC.catalog.createProduct)
  create(@Payload() req: RpcRequest<unknown>) {
    const actor = requireRole(req.actor, 'admin');
    return this.products.create(
      parseOrThrow(createProductInputSchema, req.input),
      actor,
      replyKeyOf(req, RPC.catalog.createProduct),
    );
  }

  @MessagePattern(RPC.catalog.updateProduct)
  update(@Payload() req: RpcRequest<unknown>) {
    const actor = requireRole(req.actor, 'admin');
    return this.products.update(
      parseOrThrow(updateProductInputSchema, req.input),
      actor,
      replyKeyOf(req, RPC.catalog.updateProduct),
    );
  }

  @MessagePattern(RPC.catalog.deleteProduct)
  delete(@Payload() req: RpcRequest<unknown>) {
    const actor = requireRole(req.actor, 'admin');
    return this.products.delete(
      parseOrThrow(getProductInputSchema, req.input).id,
      actor,
      replyKeyOf(req, RPC.catalog.deleteProduct),
    );
  }
}
