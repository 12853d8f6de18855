/** Request-reply adapter of the impact report (who may ask and the input: `impactOps`). */
import { Controller } from '@nestjs/common';
import { impactOps, type ImpactRange } from '@lr/contracts';
import { Handles } from '@lr/nest-kit';
import { ImpactService } from './impact.service.js';

@Controller()
export class ImpactController {
  constructor(private readonly impact: ImpactService) {}

  @Handles(impactOps.impact)
  report(range: ImpactRange) {
    return this.impact.impact(range);
  }

  @Handles(impactOps.impactCsv)
  csv(range: ImpactRange) {
    return this.impact.impactCsv(range);
  }
}
