/**
 * Logging with pino: JSON lines in production, pretty lines in development. Each log line carries
 * the service name, the class context, the correlation id and trace id of the request being handled.
 */
import type { LoggerService } from '@nestjs/common';
import { pino, type Logger } from 'pino';
import { currentContext } from './context.js';

export type { Logger } from 'pino';

export interface LoggerOptions {
  service: string;
  level: string;
  pretty: boolean;
}

/**
 * What every log line written while handling a request carries: its correlation id, and the trace
 * id when the request is traced (a log search then leads to the trace).
 */
export function logFields(): { correlationId?: string; trace_id?: string } {
  const context = currentContext();
  const span = context?.span;
  return {
    ...(context?.correlationId ? { correlationId: context.correlationId } : {}),
    ...(span?.isRecording() ? { trace_id: span.spanContext().traceId } : {}),
  };
}

export function createLogger(options: LoggerOptions): Logger {
  return pino({
    name: options.service,
    level: options.level,
    base: { service: options.service },
    mixin: logFields,
    redact: {
      paths: ['password', '*.password', 'token', '*.token', 'authorization', '*.authorization'],
      censor: '[redacted]',
    },
    ...(options.pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { colorize: true, translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' },
          },
        }
      : {}),
  });
}

/** Adapts pino to Nest's LoggerService so framework messages use the same pipeline. */
export class NestPinoLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string): void {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, stackOrContext?: string, context?: string): void {
    this.logger.error(
      { context: context ?? stackOrContext, stack: context ? stackOrContext : undefined },
      String(message),
    );
  }
  warn(message: unknown, context?: string): void {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string): void {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string): void {
    this.logger.trace({ context }, String(message));
  }
}
