/**
 * Prometheus metrics (prom-client), one registry per process: every metric of the kit and of the
 * services is declared here, so names, labels and buckets are stated once and a dashboard or an
 * alert rule can rely on them. Values that live elsewhere (outbox rows waiting, consumer pending,
 * pool use, orders by status) are sampled at scrape time from the sources that registered.
 *
 * The registry is served by `serveMetrics` on its own port (METRICS_PORT), never through the
 * gateway's public listener.
 */
import { createServer, type Server } from 'node:http';
import client from 'prom-client';

export const metricsRegistry = new client.Registry();
/**
 * How often the event-loop lag is sampled. prom-client's default (10 ms) wakes an idle process a
 * hundred times a second, which costs each process more CPU than the rest of its idle work and
 * every operation at moderate rates a share of it. At 100 ms a stall of the loop longer than that
 * is always seen, and a shorter one in proportion to its length; bench/results-log.md has the cost.
 */
const EVENT_LOOP_SAMPLE_MS = 100;
client.collectDefaultMetrics({
  register: metricsRegistry,
  prefix: 'lr_',
  eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS,
});

/** Seconds; from a fast RPC answer to a slow consumer batch. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/**
 * Seconds spent in one stage of an event's way from commit to effect: fine below 250 ms, where the
 * stages of a healthy pipeline sit and where a tail shows first.
 */
const STAGE_BUCKETS = [
  0.001, 0.0025, 0.005, 0.01, 0.02, 0.035, 0.05, 0.075, 0.1, 0.15, 0.25, 0.5, 1, 2.5, 5, 10,
];
/** Seconds from an event's commit to its effect; the alert threshold is 1 s. */
const LAG_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 300];

function counter<L extends string>(name: string, help: string, labelNames: readonly L[]) {
  return new client.Counter<L>({ name, help, labelNames, registers: [metricsRegistry] });
}

function histogram<L extends string>(
  name: string,
  help: string,
  labelNames: readonly L[],
  buckets = LATENCY_BUCKETS,
) {
  return new client.Histogram<L>({ name, help, labelNames, buckets, registers: [metricsRegistry] });
}

/** A sampled value: every registered source adds its samples at scrape time. */
export type GaugeSample<L extends string> = { labels: Partial<Record<L, string>>; value: number };
export type GaugeSource<L extends string> = () => Promise<GaugeSample<L>[]> | GaugeSample<L>[];

export interface SampledGauge<L extends string> {
  /** Adds a source; returns the function that removes it (on shutdown). */
  addSource(source: GaugeSource<L>): () => void;
}

function sampledGauge<L extends string>(
  name: string,
  help: string,
  labelNames: readonly L[],
): SampledGauge<L> {
  const sources = new Set<GaugeSource<L>>();
  new client.Gauge<L>({
    name,
    help,
    labelNames,
    registers: [metricsRegistry],
    async collect() {
      this.reset();
      const results = await Promise.allSettled([...sources].map(async (source) => source()));
      for (const result of results) {
        // A source that cannot answer (database down) leaves its series out rather than failing
        // the whole scrape: the other metrics are what an operator needs most then.
        if (result.status !== 'fulfilled') continue;
        for (const sample of result.value) this.set(sample.labels, sample.value);
      }
    },
  });
  return {
    addSource(source) {
      sources.add(source);
      return () => sources.delete(source);
    },
  };
}

/** Every metric of the product, by the part that records it. */
export const metrics = {
  http: {
    requests: counter('lr_http_requests_total', 'HTTP requests answered by the gateway', [
      'method',
      'route',
      'status',
    ]),
    duration: histogram('lr_http_request_duration_seconds', 'HTTP request latency (gateway)', [
      'method',
      'route',
      'status',
    ]),
  },
  images: {
    /** Images being decoded (`state="active"`) and waiting for a turn (`state="waiting"`). */
    queue: sampledGauge('lr_image_queue_images', 'Images in the gateway decode queue, by state', [
      'state',
    ]),
    refused: counter(
      'lr_image_queue_refused_total',
      'Images refused with 503 because the decode queue was full',
      [],
    ),
  },
  rpc: {
    clientCalls: counter('lr_rpc_client_calls_total', 'Request-reply calls made, by outcome', [
      'subject',
      'outcome',
    ]),
    clientDuration: histogram(
      'lr_rpc_client_duration_seconds',
      'Request-reply latency seen by the caller',
      ['subject', 'outcome'],
    ),
    /** `reason`: timeout (no reply within the attempt's wait) or no-responders. */
    clientResends: counter(
      'lr_rpc_client_resends_total',
      'Request-reply attempts sent again because no reply came (same request id)',
      ['subject', 'reason'],
    ),
    clientResendsWithheld: counter(
      'lr_rpc_client_resends_withheld_total',
      'Resends not sent because the subject spent its resend budget (the service is slow, not gone)',
      ['subject'],
    ),
    replayed: counter(
      'lr_rpc_replayed_total',
      'Resent writes answered with the reply recorded by their first run (nothing written again)',
      ['subject'],
    ),
    serverRequests: counter('lr_rpc_server_requests_total', 'Request-reply calls answered', [
      'subject',
      'outcome',
    ]),
    serverDuration: histogram(
      'lr_rpc_server_duration_seconds',
      'Request-reply handling time in the answering service',
      ['subject', 'outcome'],
    ),
  },
  outbox: {
    unsent: sampledGauge('lr_outbox_unsent', 'Outbox rows committed and not yet published', [
      'schema',
    ]),
    published: counter('lr_outbox_published_total', 'Outbox events published and acked', [
      'schema',
    ]),
    publishDuration: histogram(
      'lr_outbox_publish_duration_seconds',
      'Time from sending an outbox event to JetStream to its ack',
      ['schema'],
    ),
    publishFailures: counter('lr_outbox_publish_failures_total', 'Outbox publish attempts failed', [
      'schema',
    ]),
    publishDelay: histogram(
      'lr_outbox_publish_delay_seconds',
      "Time from the transaction that wrote an outbox event to JetStream's ack of its publish",
      ['schema'],
      STAGE_BUCKETS,
    ),
  },
  consumer: {
    delivered: counter('lr_consumer_delivered_total', 'JetStream messages handed to a consumer', [
      'consumer',
    ]),
    acked: counter(
      'lr_consumer_acked_total',
      'Messages acknowledged after their effect committed',
      ['consumer'],
    ),
    redelivered: counter(
      'lr_consumer_redelivered_total',
      'Messages received again after a failure or a crash (delivery count above 1)',
      ['consumer'],
    ),
    failures: counter('lr_consumer_failures_total', 'Handler failures (the message is retried)', [
      'consumer',
    ]),
    deadLettered: counter(
      'lr_consumer_dead_lettered_total',
      'Messages moved to dead_letters after their last delivery',
      ['consumer'],
    ),
    applied: counter('lr_consumer_applied_total', 'Events applied for the first time', [
      'consumer',
    ]),
    duplicates: counter('lr_consumer_duplicates_total', 'Events already applied (no effect)', [
      'consumer',
    ]),
    fetchWait: histogram(
      'lr_consumer_fetch_wait_seconds',
      'Time from JetStream storing a message to its delivery to this consumer',
      ['consumer'],
      STAGE_BUCKETS,
    ),
    batchWait: histogram(
      'lr_consumer_batch_wait_seconds',
      "Time a delivered message waits for its batch's transaction (earlier batches, batch window)",
      ['consumer'],
      STAGE_BUCKETS,
    ),
    processingDuration: histogram(
      'lr_consumer_processing_duration_seconds',
      'Time to apply one transaction of events (one event or a batch)',
      ['consumer'],
      STAGE_BUCKETS,
    ),
    eventLag: histogram(
      'lr_consumer_event_lag_seconds',
      "Time from an event's commit at its producer to its effect at this consumer",
      ['consumer'],
      LAG_BUCKETS,
    ),
    pending: sampledGauge(
      'lr_consumer_pending',
      'Messages waiting for a consumer (JetStream consumer info: not yet delivered + unacked)',
      ['consumer', 'state'],
    ),
  },
  pg: {
    pool: sampledGauge('lr_pg_pool_connections', 'PostgreSQL pool connections by state', [
      'pool',
      'state',
    ]),
  },
  catalog: {
    stockMovements: counter('lr_stock_movements_total', 'Stock movements recorded, by reason', [
      'reason',
    ]),
  },
  orders: {
    placed: counter('lr_orders_placed_total', 'Orders placed', []),
    statusChanges: counter('lr_order_status_changes_total', 'Order status changes', ['from', 'to']),
    /**
     * Status changes that started from an order the process remembered, by whether it was still the
     * stored one (used) or the change started again from the stored order (outdated).
     */
    rememberedOrderChanges: counter(
      'lr_order_changes_from_remembered_total',
      'Status changes started from an order the process remembered',
      ['outcome'],
    ),
    byStatus: sampledGauge('lr_orders', 'Orders by current status', ['status']),
    accessLogPruned: counter(
      'lr_access_log_pruned_total',
      'Rows of the access log of student details deleted past ACCESS_LOG_RETENTION_DAYS',
      [],
    ),
    /** Orders whose students' and teachers' details were erased, by why (retention, request). */
    personalDataErased: counter(
      'lr_orders_personal_data_erased_total',
      'Orders whose personal data was erased',
      ['reason'],
    ),
    /** Runs of the personal-data retention job, by outcome (ok, failed). */
    retentionRuns: counter(
      'lr_personal_data_retention_runs_total',
      'Runs of the personal-data retention job',
      ['outcome'],
    ),
  },
  auth: {
    loginFailures: counter(
      'lr_login_failures_total',
      'Logins refused for a wrong id or password',
      [],
    ),
    loginThrottled: counter(
      'lr_login_throttled_total',
      'Logins refused because of too many recent failures',
      ['scope'],
    ),
    codeChecksSlowed: counter(
      'lr_code_checks_slowed_total',
      'Code checks made to wait: every attempt from an address past its free failures (address), failed answers on an account past its third failure (account)',
      ['scope'],
    ),
  },
};

/** Seconds since `start` (a `process.hrtime.bigint()` reading). */
export function secondsSince(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e9;
}

/** The pool gauge's source for one pg.Pool-like object. */
export function poolSamples(
  name: string,
  pool: { totalCount: number; idleCount: number; waitingCount: number },
): GaugeSample<'pool' | 'state'>[] {
  return [
    { labels: { pool: name, state: 'in_use' }, value: pool.totalCount - pool.idleCount },
    { labels: { pool: name, state: 'idle' }, value: pool.idleCount },
    { labels: { pool: name, state: 'waiting' }, value: pool.waitingCount },
  ];
}

/**
 * Serves the registry at GET /metrics on its own port. Anything else is a 404; the listener is
 * meant for the cluster's network only (NetworkPolicy, compose network), never published.
 */
export async function serveMetrics(port: number, host = '127.0.0.1'): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    metricsRegistry.metrics().then(
      (text) => {
        response.writeHead(200, { 'content-type': metricsRegistry.contentType }).end(text);
      },
      (error: unknown) => {
        response
          .writeHead(500, { 'content-type': 'text/plain' })
          .end(`metrics failed: ${(error as Error).message}\n`);
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  server.unref();
  return server;
}
