/**
 * On start, before the consumers run: compute the impact rollups from the read model when they
 * were never computed (an upgrade: delivered orders are already in the read model) or were computed
 * in another time zone.
 */
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { DATABASE, LOGGER, type Database, type Logger } from '@lr/nest-kit';
import { ImpactRollupsRepository } from './impact-rollups.repository.js';
import { lockWholeModel } from './read-model-locks.js';

@Injectable()
export class ImpactRollupsInitializer implements OnModuleInit {
  private readonly logger: Logger;

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly rollups: ImpactRollupsRepository,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ context: ImpactRollupsInitializer.name });
  }

  async onModuleInit(): Promise<void> {
    const recomputed = await this.db.transaction(async (tx) => {
      await lockWholeModel(tx);
      if (!(await this.rollups.stale(tx))) return false;
      await this.rollups.recomputeAll(tx);
      return true;
    });
    if (recomputed) this.logger.info('impact rollups computed from the read model');
  }
}
