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
import { createReadModelRebuilder, type ReadModelRebuilder } from './read-model-rebuilder.js';

@Injectable()
export class RebuildService {
  private readonly rebuilder: ReadModelRebuilder;

  constructor(
    @Inject(DATABASE) db: Database,
    @Inject(NATS_CONNECTION) nc: NatsConnection,
    @Inject(KIT_CONFIG) config: ReportingConfig,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.rebuilder = createReadModelRebuilder(
      db,
      nc,
      config,
      logger.child({ context: 'ReadModelRebuilder' }),
    );
  }

  rebuild(): Promise<RebuildResult> {
    return this.rebuilder.rebuild();
  }

  status(): Promise<RebuildStatus> {
    return this.rebuilder.status();
  }
}
