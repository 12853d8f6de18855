/**
 * Bounds on what one request may cost the gateway: its body's size (every type, multipart included)
 * and the time its client may take to send it.
 *
 * A body whose declared length is over the limit is answered 413 before any of it is read; a body
 * sent without a length (chunked) is counted while it is read (`watchBodySize`, used by the form
 * reader) and refused the moment it passes the limit. A 413 closes the connection, so the rest of
 * the body is neither buffered nor read.
 */
import type { IncomingMessage } from 'node:http';
import { AppError } from '@lr/contracts';
import type { FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The most bytes this request's body may have (BODY_LIMIT_BYTES). */
    bodyLimitBytes: number;
    /** Set when the body was left unread: the connection closes after the answer. */
    bodyAbandoned: boolean;
  }
}

export interface ServerTimeouts {
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  keepAliveTimeoutMs: number;
}

/** JSON and urlencoded bodies: parsed whole into memory, so kept well under the overall limit. */
export const PARSED_BODY_LIMIT_BYTES = 1024 * 1024;

export function bodyTooLarge(limitBytes: number): AppError {
  return new AppError(
    'PAYLOAD_TOO_LARGE',
    `The request is larger than ${formatBytes(limitBytes)}: send fewer or smaller images`,
  );
}

function formatBytes(bytes: number): string {
  const megabytes = bytes / (1024 * 1024);
  return Number.isInteger(megabytes) ? `${megabytes} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

/**
 * The server's timeouts (Node's http server enforces them): the whole request within
 * `requestTimeout`, its headers within `headersTimeout` (answered 408 and closed), idle keep-alive
 * connections closed after `keepAliveTimeout`. Node looks for late requests every
 * `connectionsCheckingInterval`, so it is kept to a fraction of the shortest timeout.
 */
export function serverTimeoutOptions(limits: ServerTimeouts): Partial<FastifyServerOptions> {
  const headersTimeout = Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs);
  return {
    bodyLimit: PARSED_BODY_LIMIT_BYTES,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    http: {
      headersTimeout,
      connectionsCheckingInterval: Math.max(50, Math.min(5_000, Math.floor(headersTimeout / 4))),
    },
  } as Partial<FastifyServerOptions>;
}

/** Refuses a declared length over the limit before reading, and closes the connection of any 413. */
export function registerBodyLimit(fastify: FastifyInstance, bodyLimitBytes: number): void {
  fastify.decorateRequest('bodyLimitBytes', 0);
  fastify.decorateRequest('bodyAbandoned', false);
  // Callback hooks, not async ones: an async hook costs every request a promise and a turn of
  // the microtask queue. A refusal sends its answer and does not call `done`: the chain stops there.
  fastify.addHook('onRequest', (request, reply, done) => {
    request.bodyLimitBytes = bodyLimitBytes;
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > bodyLimitBytes) {
      const error = bodyTooLarge(bodyLimitBytes);
      void reply.status(413).send({ success: false, message: error.message, code: error.code });
      return;
    }
    done();
  });
  // The client may still be sending: closing the connection is what stops it (Node would otherwise
  // read and discard the rest of the body to keep the connection for another request).
  fastify.addHook('onSend', (request, reply, _payload, done) => {
    if (reply.statusCode === 413 || request.bodyAbandoned) void reply.header('connection', 'close');
    done();
  });
}

/** Stops reading a body its reader gave up on; the answer then closes the connection. */
export function abandonBody(request: FastifyRequest): void {
  request.bodyAbandoned = true;
  request.raw.unpipe();
  request.raw.pause();
}

export interface BodySizeWatch {
  /** Rejects with a 413 error once more than the limit has arrived. */
  exceeded: Promise<never>;
  stop(): void;
}

/**
 * Counts a body's bytes as its reader receives them. Attach it in the same tick as the reader's
 * own pipe, so no chunk passes unseen. On the first byte past the limit the body is unpiped and
 * paused: nothing more is read.
 */
export function watchBodySize(raw: IncomingMessage, limitBytes: number): BodySizeWatch {
  let received = 0;
  let onData: (chunk: Buffer) => void = () => undefined;
  const exceeded = new Promise<never>((_resolve, reject) => {
    onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received <= limitBytes) return;
      raw.off('data', onData);
      raw.unpipe();
      raw.pause();
      reject(bodyTooLarge(limitBytes));
    };
  });
  exceeded.catch(() => undefined); // observed by the reader's race; never unhandled
  raw.on('data', onData);
  return { exceeded, stop: () => raw.off('data', onData) };
}
