/**
 * Holds every answer of a route that declares `@ApiDoc({ response })` to that schema, the same one
 * the OpenAPI document and the web apps' types come from. Registered in tests only (see
 * checkResponseContracts and GatewayAppModule):
 * a mapper that drifts from its contract fails the suite with a 500 and a logged path, instead of
 * reaching a client. A JSON list streamed page by page (json-list-stream.ts) is checked once its last
 * byte is out: a drift then cuts the response off, which a test sees as a broken body. Answers in
 * another media type (`responseType`, e.g. CSV) are checked only when they are a plain string.
 */
import type { EventEmitter } from 'node:events';
import { pipeline, Transform } from 'node:stream';
import {
  Injectable,
  Logger,
  StreamableFile,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { AppError } from '@lr/contracts';
import { map, type Observable } from 'rxjs';
import type { z } from 'zod';
import { API_DOC_KEY, type ApiDocOptions } from './api-doc.decorator.js';

/** The first few places where `body` leaves `schema`, or null when it keeps to it. */
function problemsOf(schema: z.ZodType, body: unknown): string | null {
  const checked = schema.safeParse(body);
  if (checked.success) return null;
  return checked.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
}

@Injectable()
export class ResponseContractInterceptor implements NestInterceptor {
  private readonly logger = new Logger(ResponseContractInterceptor.name);

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const doc = Reflect.getMetadata(API_DOC_KEY, context.getHandler()) as ApiDocOptions | undefined;
    const schema = doc?.response;
    if (!schema) return next.handle();
    const route = `${context.getClass().name}.${context.getHandler().name}`;
    return next.handle().pipe(
      map((body: unknown) => {
        if (body === undefined) return body;
        if (body instanceof StreamableFile) {
          if (doc.responseType) return body;
          // The check holds the response open until its last byte is judged, so the router, the
          // adapter and Fastify all wait on its end at once: more listeners than Node's default
          // warning threshold, each released when the response ends.
          const raw = context.switchToHttp().getResponse<{ raw?: EventEmitter }>().raw;
          raw?.setMaxListeners(Math.max(raw.getMaxListeners(), 20));
          return this.checkedStream(body, schema, route);
        }
        const problems = problemsOf(schema, body);
        if (problems) {
          this.logger.error(`${route} answered outside its response contract: ${problems}`);
          throw new AppError('INTERNAL', `Response does not match its contract (${route})`);
        }
        return body;
      }),
    );
  }

  /** Passes the streamed JSON through unchanged and checks the whole of it at its end. */
  private checkedStream(file: StreamableFile, schema: z.ZodType, route: string): StreamableFile {
    const chunks: Buffer[] = [];
    const logger = this.logger;
    const checker = new Transform({
      transform(chunk: Buffer | string, _encoding, done) {
        chunks.push(Buffer.from(chunk));
        done(null, chunk);
      },
      flush(done) {
        let body: unknown;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          body = undefined;
        }
        const problems = body === undefined ? '(root): not JSON' : problemsOf(schema, body);
        if (!problems) return done();
        logger.error(`${route} streamed an answer outside its response contract: ${problems}`);
        done(new Error(`Response does not match its contract (${route})`));
      },
    });
    // A failure on either side destroys the other (and with it the response).
    const checked = pipeline(file.getStream(), checker, () => undefined);
    return new StreamableFile(checked, file.options);
  }
}
