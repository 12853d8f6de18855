/**
 * One error shape for every HTTP failure: `{ success: false, message, code }` with the status of the
 * code. Never a stack trace, and nothing of a server fault: an INTERNAL error (a service's reply in a
 * form its operation does not declare, an answer outside its response contract) is logged here with
 * what went wrong and answered with the generic message.
 */
import {
  Catch,
  HttpException,
  Logger,
  type ArgumentsHost,
  type ExceptionFilter,
} from '@nestjs/common';
import { ZodError } from 'zod';
import { AppError, HTTP_STATUS_BY_CODE, describeZodError, type ErrorCode } from '@lr/contracts';
import type { FastifyReply } from 'fastify';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
};

export interface ErrorResponse {
  status: number;
  body: { success: false; message: string; code: ErrorCode };
  retryAfterSeconds?: number;
}

export function toErrorResponse(error: unknown, logger?: Logger): ErrorResponse {
  if (error instanceof AppError && error.code === 'INTERNAL') {
    const cause = error.details === undefined ? '' : ` (${JSON.stringify(error.details)})`;
    logger?.error(`${error.message}${cause}`);
    return internalError();
  }
  if (error instanceof AppError) {
    const details = error.details as { retryAfterSeconds?: number; lines?: unknown } | undefined;
    const body: ErrorResponse['body'] & Record<string, unknown> = {
      success: false,
      message: error.message,
      code: error.code,
    };
    // Short-stock and similar conflicts name the lines concerned.
    if (details && typeof details === 'object' && 'lines' in details) body.lines = details.lines;
    const response: ErrorResponse = { status: HTTP_STATUS_BY_CODE[error.code], body };
    if (details?.retryAfterSeconds) {
      response.retryAfterSeconds = details.retryAfterSeconds;
      // In the body too, so a page can show the time left without reading headers.
      body.retryAfterSeconds = details.retryAfterSeconds;
    }
    return response;
  }
  if (error instanceof ZodError) {
    return {
      status: 400,
      body: { success: false, message: describeZodError(error), code: 'BAD_REQUEST' },
    };
  }
  const status =
    error instanceof HttpException
      ? error.getStatus()
      : (error as { statusCode?: number })?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const code = CODE_BY_STATUS[status] ?? 'BAD_REQUEST';
    const message =
      status === 404
        ? 'Resource not found'
        : status === 413
          ? 'Upload too large'
          : (error as Error).message || 'Bad request';
    return { status: code === 'NOT_FOUND' ? 404 : status, body: { success: false, message, code } };
  }
  logger?.error(`Unhandled error: ${(error as Error)?.stack ?? String(error)}`);
  return internalError();
}

function internalError(): ErrorResponse {
  return {
    status: 500,
    body: { success: false, message: 'Internal server error', code: 'INTERNAL' },
  };
}

@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpErrorFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const response = toErrorResponse(exception, this.logger);
    if (response.retryAfterSeconds)
      void reply.header('Retry-After', String(response.retryAfterSeconds));
    void reply.status(response.status).send(response.body);
  }
}
