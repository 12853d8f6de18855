/** Runs autocannon and returns throughput and latency percentiles. */
import autocannon from 'autocannon';

export async function load({
  url,
  connections,
  durationSeconds,
  method = 'GET',
  headers = {},
  body,
  setupRequest,
}) {
  const result = await autocannon({
    url,
    connections,
    duration: durationSeconds,
    method,
    headers,
    body,
    requests: setupRequest ? [{ setupRequest }] : undefined,
  });
  const non2xx = result.non2xx + result.errors + result.timeouts;
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    failed: non2xx,
  };
}
