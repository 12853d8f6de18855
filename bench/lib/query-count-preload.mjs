/**
 * Loaded into every process of a measured stack (cpu-stack.mjs, NODE_OPTIONS=--import): counts the
 * queries the process sends to PostgreSQL, each a round trip (a multi-statement simple query such
 * as the outbox relay's `BEGIN; ...; COMMIT` is one), and answers the bench's
 * `{ lr: 'query-count' }` message on its IPC channel with the count so far. Nothing runs unless a
 * query is sent or the bench asks: no timer, no file, so the count adds no CPU of its own to the
 * figures it stands beside. Works without `pg_stat_statements`, which the shared PostgreSQL may
 * not load.
 */
import { createRequire } from 'node:module';

const entry = process.argv[1];
if (entry && process.send) {
  let pg;
  try {
    // The pg the process itself loads: resolved from its entry, not from the bench (a baseline
    // worktree has its own node_modules).
    pg = createRequire(entry)('pg');
  } catch {
    // A process without PostgreSQL (the gateway) answers 0.
  }
  let sent = 0;
  if (pg) {
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function countedQuery(...args) {
      sent += 1;
      return query.apply(this, args);
    };
  }
  process.on('message', (message) => {
    if (message?.lr === 'query-count') process.send?.({ lr: 'query-count', sent });
  });
}
