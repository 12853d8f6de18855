import { randomBytes } from 'node:crypto';
import { startStack } from '../scripts/stack/stack.mjs';
import { freePort } from './lib/stack.mjs';
const name = process.argv[2] ?? 'lrgrowth_scratch';
const port = await freePort();
const namespace = `scr${randomBytes(3).toString('hex')}`;
const stack = await startStack({ port, databaseUrl: `postgres://postgres@127.0.0.1:5432/${name}`, namespace, dataDir: `/tmp/lockerroom-bench/${namespace}`,
  seed: false, quiet: true, logLevel: 'warn', nodeEnv: 'production', env: { JWT_SECRET: randomBytes(32).toString('hex') },
  publicUrl: `http://127.0.0.1:${port}`, log: () => undefined, healthTimeoutMs: 600_000 });
console.log('healthy');
await stack.stop();
process.exit(0);
