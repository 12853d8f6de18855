/** The reporting service: the LR345 report from a read model of order events. */
import { fileURLToPath } from 'node:url';
import { Module, type DynamicModule } from '@nestjs/common';
import { KitModule, type Logger } from '@lr/nest-kit';
import type { ReportingConfig } from './config.js';
import { DemandModule } from './demand/demand.module.js';
import { ExportModule } from './export/export.module.js';
import { ImpactModule } from './impact/impact.module.js';
import { ReadModelModule } from './read-model/read-model.module.js';
import { RebuildModule } from './rebuild/rebuild.module.js';
import { ReportModule } from './report/report.module.js';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations', import.meta.url));

@Module({})
export class ReportingAppModule {
  static register(config: ReportingConfig, logger?: Logger): DynamicModule {
    return {
      module: ReportingAppModule,
      imports: [
        KitModule.forService({
          service: 'reporting',
          schema: 'reporting',
          migrationsDir: MIGRATIONS_DIR,
          config,
          logger,
        }),
        ReadModelModule,
        ReportModule,
        ExportModule,
        RebuildModule,
        ImpactModule,
        DemandModule,
      ],
    };
  }
}
