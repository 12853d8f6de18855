/** Request-reply adapters for stock: parse, check the caller, delegate. */
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  inventoryCheckInputSchema,
  listMovementsInputSchema,
  parseOrThrow,
  RPC,
  type RpcRequest,
} from '@lr/contracts';
import { requireRole } from '../core/actor-checks.js';
import { InventoryService } from './inventory.service.js';

@Controller()
export class InventoryController {
  constructor(private readonly inventory: InventoryService) {}

  /** Asked by the orders service (on behalf of any caller) before committing an order. */
  @MessagePattern(RPC.catalog.inventoryCheck)
  check(@Payload() req: RpcRequest<unknown>) {
    const input = parseOrThrow(inventoryCheckInputSchema, req.input);
    return this.inventory.check(input.lines, input.allowHidden);
  }

  @MessagePattern(RPC.catalog.availability)
  availability(@Payload() req: RpcRequest<unknown>) {
    requireRole(req.actor, 'admin');
    return this.inventory.availability();
  }

  @MessagePattern(RPC.catalog.listMovements)
  movements(@Payload() req: RpcRequest<unknown>) {
    requireRole(req.actor, 'admin');
    const input = parseOrThrow(listMovementsInputSchema, req.input);
    return this.inventory.movements(input.filter, input.range, input.sort);
  }
}
