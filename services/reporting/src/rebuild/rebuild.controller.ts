/** Request-reply adapter of the rebuild (admin only: `reportingOps.rebuild`). */
import { Controller } from '@nestjs/common';
import { reportingOps } from '@lr/contracts';
import { Handles } from '@lr/nest-kit';
import { RebuildService } from './rebuild.service.js';

@Controller()
export class RebuildController {
  constructor(private readonly rebuilds: RebuildService) {}

  @Handles(reportingOps.rebuild)
  rebuild() {
    return this.rebuilds.rebuild();
  }

  @Handles(reportingOps.rebuildStatus)
  status() {
    return this.rebuilds.status();
  }
}
