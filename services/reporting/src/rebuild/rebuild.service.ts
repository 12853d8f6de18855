/** The rebuild as a Nest provider, for the admin's console button (rpc.reporting.rebuild). */
import { Inject, Injectable } from '@nestjs/common';
import type { RebuildResult, RebuildStatus } from '@lr/contracts';
import {
  DATABASE,
  KIT_CONFIG,
  LOGGER,
  NATS_CONNECTION,
  type Database,
  type Logger,
  type NatsConnection,
} from '@lr/nest-kit';
import type { ReportingConfig } from '../config.js';
import { OrderEventApplier } from '../read-model/order-event-applier.js';
import { ReadModelRepository } from '../read-model/read-model.repository.js';
import { RollupsRepository } from '../read-model/rollups.repository.js';
import { StockIntakeApplier } from '../read-model/stock-intake.applier.js';
import { StockIntakeRepository } from '../read-model/stock-intake.repository.js';
import { ReadModelRebuilder } from './read-model-rebuilder.js';

@Injectable()
export class RebuildService {
  private readonly rebuilder: ReadModelRebuilder;

  constructor(
    @Inject(DATABASE) db: Database,
    @Inject(NATS_CONNECTION) nc: NatsConnection,
    @Inject(KIT_CONFIG) config: ReportingConfig,
    @Inject(LOGGER) logger: Logger,
    repository: ReadModelRepository,
    rollups: RollupsRepository,
    applier: OrderEventApplier,
    intakeRepository: StockIntakeRepository,
    intakeApplier: StockIntakeApplier,
  ) {
    this.rebuilder = new ReadModelRebuilder(
      db,
      nc,
      config.NATS_NAMESPACE,
      repository,
      rollups,
      applier,
      logger.child({ context: 'ReadModelRebuilder' }),
      { repository: intakeRepository, applier: intakeApplier },
    );
  }

  rebuild(): Promise<RebuildResult> {
    return this.rebuilder.rebuild();
  }

  status(): Promise<RebuildStatus> {
    return this.rebuilder.status();
  }
}
