/** Request-reply adapter of demand against stock (who may ask: `demandOps`). */
import { Controller } from '@nestjs/common';
import { demandCsvInputSchema, demandListInputSchema, demandOps } from '@lr/contracts';
import { Handles } from '@lr/nest-kit';
import type { z } from 'zod';
import { DemandService } from './demand.service.js';

@Controller()
export class DemandController {
  constructor(private readonly demand: DemandService) {}

  @Handles(demandOps.listDemand)
  list(input: z.output<typeof demandListInputSchema>) {
    return this.demand.list(input);
  }

  @Handles(demandOps.demandCsv)
  csv(input: z.output<typeof demandCsvInputSchema>) {
    return this.demand.csv(input);
  }

  @Handles(demandOps.mostNeeded)
  mostNeeded() {
    return this.demand.mostNeeded();
  }
}
