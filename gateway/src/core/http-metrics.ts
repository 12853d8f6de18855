/**
 * Counts every HTTP answer of the gateway by route pattern and status, with its latency. The label
 * is the route as declared (`/api/v1/orders/:id`), never the URL, so a scan of random paths cannot
 * grow the number of series; anything no route matched is `unmatched`.
 */
import { metrics } from '@lr/nest-kit';
import type { FastifyInstance } from 'fastify';

type Children = {
  requests: { inc(): void };
  duration: { observe(value: number): void };
};

export function registerHttpMetrics(fastify: FastifyInstance): void {
  // Each series' children are looked up once, not per answer (prom-client hashes the labels on
  // every call otherwise). The keys are as bounded as the series: method, route pattern, status.
  const children = new Map<string, Children>();
  fastify.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const key = `${request.method} ${reply.statusCode} ${route}`;
    let series = children.get(key);
    if (!series) {
      const labels = { method: request.method, route, status: String(reply.statusCode) };
      series = {
        requests: metrics.http.requests.labels(labels),
        duration: metrics.http.duration.labels(labels),
      };
      children.set(key, series);
    }
    series.requests.inc();
    series.duration.observe(reply.elapsedTime / 1000);
    done();
  });
}
