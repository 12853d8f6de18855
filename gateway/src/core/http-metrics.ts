/**
 * Counts every HTTP answer of the gateway by route pattern and status, with its latency. The label
 * is the route as declared (`/api/v1/orders/:id`), never the URL, so a scan of random paths cannot
 * grow the number of series; anything no route matched is `unmatched`.
 */
import { metrics } from '@lr/nest-kit';
import type { FastifyInstance } from 'fastify';

export function registerHttpMetrics(fastify: FastifyInstance): void {
  fastify.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    metrics.http.requests.inc(labels);
    metrics.http.duration.observe(labels, reply.elapsedTime / 1000);
    done();
  });
}
