/** Request-reply adapters for stock (who may call and the inputs' forms: `catalogOps`). */
import { Controller } from '@nestjs/common';
import { catalogOps, type ParsedInputOf } from '@lr/contracts';
import { Handles } from '@lr/nest-kit';
import { InventoryService } from './inventory.service.js';

type Ops = typeof catalogOps;
type In<K extends keyof Ops> = ParsedInputOf<Ops[K]>;

@Controller()
export class InventoryController {
  constructor(private readonly inventory: InventoryService) {}

  /** Asked by the orders service (on behalf of any caller) before committing an order. */
  @Handles(catalogOps.inventoryCheck)
  check(input: In<'inventoryCheck'>) {
    return this.inventory.check(input.lines, input.allowHidden);
  }

  @Handles(catalogOps.availability)
  availability() {
    return this.inventory.availability();
  }

  @Handles(catalogOps.listMovements)
  movements(input: In<'listMovements'>) {
    return this.inventory.movements(input.filter, input.range, input.sort);
  }
}
