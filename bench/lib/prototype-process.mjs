/**
 * The placement benchmark's prototype (HTTP -> NATS request -> one PostgreSQL transaction -> reply,
 * bench/scenarios/order-placement.mjs) as a process of its own, so its CPU can be read apart from
 * the load generator's: prints `{"url": ...}` once listening, stops on SIGTERM. Configured by
 * PROTOTYPE_DATABASE_URL, PROTOTYPE_NATS_URL and PROTOTYPE_NATS_SEED (the NATS admin identity);
 * PROTOTYPE_OVER_NATS=0 runs the transaction in the HTTP handler, without the NATS request.
 */
import { startPrototype } from '../scenarios/order-placement.mjs';

const prototype = await startPrototype(
  process.env.PROTOTYPE_DATABASE_URL,
  process.env.PROTOTYPE_NATS_URL,
  process.env.PROTOTYPE_NATS_SEED,
  { overNats: process.env.PROTOTYPE_OVER_NATS !== '0' },
);
console.log(JSON.stringify({ url: prototype.url }));
process.once('SIGTERM', () => {
  void prototype.stop().finally(() => process.exit(0));
});
