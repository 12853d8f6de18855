/**
 * One error convention for request-reply and HTTP:
 * services reply `{ ok: false, error: { code, message } }`, the gateway answers
 * `{ success: false, message, code }` with the status below.
 */
import { z } from 'zod';

export const ERROR_CODES = [
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'TOO_MANY_REQUESTS',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
] as const;
export const errorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

export const HTTP_STATUS_BY_CODE: Readonly<Record<ErrorCode, number>> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
};

export const rpcErrorSchema = z.object({
  code: errorCodeSchema,
  message: z.string(),
  /** Machine-readable extras, e.g. the short lines of a stock check or `retryAfterSeconds`. */
  details: z.unknown().optional(),
});
export type RpcErrorBody = z.infer<typeof rpcErrorSchema>;

export type RpcReply<T> = { ok: true; data: T } | { ok: false; error: RpcErrorBody };

/** Thrown anywhere in a service or the gateway; mapped to a reply or an HTTP status by one filter. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }

  static badRequest(message: string, details?: unknown): AppError {
    return new AppError('BAD_REQUEST', message, details);
  }
  static unauthorized(message = 'Please login to access this resource'): AppError {
    return new AppError('UNAUTHORIZED', message);
  }
  static forbidden(message = 'You are not allowed to access this resource'): AppError {
    return new AppError('FORBIDDEN', message);
  }
  static notFound(message: string): AppError {
    return new AppError('NOT_FOUND', message);
  }
  static conflict(message: string, details?: unknown): AppError {
    return new AppError('CONFLICT', message, details);
  }

  toBody(): RpcErrorBody {
    return this.details === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, details: this.details };
  }
}

/** Turns a zod failure into one readable line naming the field. */
export function describeZodError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid input';
  const field = issue.path.map(String).join('.');
  return field ? `${field}: ${issue.message}` : issue.message;
}

/** Parses or throws a 400 AppError naming the first bad field. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw AppError.badRequest(describeZodError(result.error));
  return result.data;
}
