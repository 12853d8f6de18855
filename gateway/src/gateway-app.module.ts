import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR, DiscoveryModule } from '@nestjs/core';
import type { Logger } from '@lr/nest-kit';
import { AuthApiModule } from './api/auth/auth-api.module.js';
import { CatalogApiModule } from './api/catalog/catalog-api.module.js';
import { OrdersApiModule } from './api/orders/orders-api.module.js';
import { ReportingApiModule } from './api/reporting/reporting-api.module.js';
import { AccessGuard } from './auth/access.guard.js';
import { SessionAuthModule } from './auth/session-auth.module.js';
import { SessionCacheModule } from './auth/session-cache.module.js';
import { checkResponseContracts, type GatewayConfig } from './config.js';
import { CoreModule } from './core/core.module.js';
import { DocsController } from './docs/docs.controller.js';
import { ResponseContractInterceptor } from './docs/response-contract.interceptor.js';
import { RouteTable } from './docs/route-table.js';
import { HttpErrorFilter } from './errors/http-error.filter.js';
import { HealthController } from './health/health.controller.js';

@Module({})
export class GatewayAppModule {
  static register(config: GatewayConfig, logger: Logger): DynamicModule {
    return {
      module: GatewayAppModule,
      imports: [
        CoreModule.register(config, logger),
        SessionCacheModule,
        SessionAuthModule.register(),
        DiscoveryModule,
        AuthApiModule,
        CatalogApiModule,
        OrdersApiModule,
        ReportingApiModule,
      ],
      controllers: [HealthController, DocsController],
      providers: [
        RouteTable,
        { provide: APP_GUARD, useClass: AccessGuard },
        { provide: APP_FILTER, useClass: HttpErrorFilter },
        // Only where answers are checked (tests): any interceptor, even one passing answers
        // through, runs every request through Nest's observable pipeline.
        ...(checkResponseContracts(config)
          ? [{ provide: APP_INTERCEPTOR, useClass: ResponseContractInterceptor }]
          : []),
      ],
    };
  }
}
