import pg from 'pg';
import { stopTestNats } from '../test/support/nats-global-setup.mjs';

export default async function globalTeardown() {
  const state = globalThis.__LR_STACK__;
  if (!state) return;
  await state.stack.stop();
  await stopTestNats();
  const client = new pg.Client({ connectionString: state.adminUrl });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${state.database} WITH (FORCE)`);
  await client.end();
}
