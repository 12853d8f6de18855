/**
 * On start, before the consumer runs: compute the day rollups (and the demand of open orders, kept
 * the same way) from the read model when they were never computed (an upgrade from a version
 * without them, orders loaded in SQL) or were computed in another time zone.
 */
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { DATABASE, LOGGER, type Database, type Logger } from '@lr/nest-kit';
import { lockWholeModel } from './read-model-locks.js';
import { RollupsRepository } from './rollups.repository.js';
import { DemandRequestedRepository } from './demand-requested.repository.js';

@Injectable()
export class RollupsInitializer implements OnModuleInit {
  private readonly logger: Logger;

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly rollups: RollupsRepository,
    private readonly demand: DemandRequestedRepository,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ context: RollupsInitializer.name });
  }

  async onModuleInit(): Promise<void> {
    const recomputed = await this.db.transaction(async (tx) => {
      await lockWholeModel(tx);
      if (!(await this.rollups.stale(tx))) return false;
      await this.rollups.recomputeAll(tx);
      await this.demand.recomputeAll(tx);
      return true;
    });
    if (recomputed) this.logger.info('report day rollups computed from the read model');
  }
}
