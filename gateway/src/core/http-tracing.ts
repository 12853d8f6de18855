/**
 * The root span of each HTTP request: everything the gateway asks the services for, and every
 * event that follows, joins its trace. A caller's own `traceparent` is continued.
 */
import { endSpan, extractTrace, SpanKind, startSpan, type Span } from '@lr/nest-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const spans = new WeakMap<FastifyRequest, Span>();

/** Starts the request's span; the caller binds it to the request context. */
export function startRequestSpan(request: FastifyRequest): Span {
  const header = request.headers.traceparent;
  const route = request.routeOptions.url ?? 'unmatched';
  const span = startSpan('gateway', `${request.method} ${route}`, {
    kind: SpanKind.SERVER,
    parent: extractTrace({
      get: (key) => (key === 'traceparent' && typeof header === 'string' ? header : ''),
      set: () => undefined,
    }),
    attributes: { 'http.request.method': request.method, 'http.route': route },
  });
  spans.set(request, span);
  return span;
}

export function registerHttpTracing(fastify: FastifyInstance): void {
  fastify.addHook('onResponse', (request, reply, done) => {
    const span = spans.get(request);
    if (span) {
      span.setAttribute('http.response.status_code', reply.statusCode);
      endSpan(span, reply.statusCode >= 500 ? new Error(`HTTP ${reply.statusCode}`) : undefined);
    }
    done();
  });
}
