/** Runs autocannon and returns throughput and latency percentiles. */
import autocannon from 'autocannon';

/**
 * `warmupSeconds` of the same load run first and are not counted, so the JIT of both the product
 * and its baseline is warm when measuring starts (each side gets the same warm-up).
 */
export async function load({
  url,
  connections,
  durationSeconds,
  warmupSeconds = 0,
  method = 'GET',
  headers = {},
  body,
  setupRequest,
}) {
  const run = (duration) =>
    autocannon({
      url,
      connections,
      duration,
      method,
      headers,
      body,
      requests: setupRequest ? [{ setupRequest }] : undefined,
    });
  if (warmupSeconds > 0) await run(warmupSeconds);
  const result = await run(durationSeconds);
  const non2xx = result.non2xx + result.errors + result.timeouts;
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    failed: non2xx,
  };
}
