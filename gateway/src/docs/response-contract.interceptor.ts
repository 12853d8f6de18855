/**
 * Holds every answer of a route that declares `@ApiDoc({ response })` to that schema, the same one
 * the OpenAPI document and the web apps' types come from. On in tests (see checkResponseContracts):
 * a mapper that drifts from its contract fails the suite with a 500 and a logged path, instead of
 * reaching a client. Answers written straight to the reply (streams, files) are not seen here.
 */
import {
  Inject,
  Injectable,
  Logger,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { AppError } from '@lr/contracts';
import { map, type Observable } from 'rxjs';
import { checkResponseContracts, type GatewayConfig } from '../config.js';
import { GATEWAY_CONFIG } from '../core/tokens.js';
import { API_DOC_KEY, type ApiDocOptions } from './api-doc.decorator.js';

@Injectable()
export class ResponseContractInterceptor implements NestInterceptor {
  private readonly logger = new Logger(ResponseContractInterceptor.name);
  private readonly enabled: boolean;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.enabled = checkResponseContracts(config);
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const doc = this.enabled
      ? (Reflect.getMetadata(API_DOC_KEY, context.getHandler()) as ApiDocOptions | undefined)
      : undefined;
    const schema = doc?.response;
    if (!schema) return next.handle();
    return next.handle().pipe(
      map((body: unknown) => {
        if (body === undefined) return body;
        const checked = schema.safeParse(body);
        if (!checked.success) {
          const route = `${context.getClass().name}.${context.getHandler().name}`;
          const problems = checked.error.issues
            .slice(0, 5)
            .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
            .join('; ');
          this.logger.error(`${route} answered outside its response contract: ${problems}`);
          throw new AppError('INTERNAL', `Response does not match its contract (${route})`);
        }
        return body;
      }),
    );
  }
}
