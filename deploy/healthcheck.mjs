// Container health check for a service: asks it over NATS request-reply for its health, as the
// service itself (its NKEY identity may call its own health subject, and read its own inbox).
import { existsSync, readFileSync } from 'node:fs';
import { connect, nkeyAuthenticator } from '@nats-io/transport-node';
import { inboxPrefixOf } from '@lr/contracts';

const service = process.argv[2];
const namespace = process.env.NATS_NAMESPACE ?? '';
const subject = `${namespace ? `${namespace}.` : ''}rpc.${service}.health`;
const seedFile = `/run/nats/${service}.nk`;
const seed =
  process.env.NATS_NKEY_SEED ??
  (existsSync(seedFile) ? readFileSync(seedFile, 'utf8').trim() : undefined);
try {
  const nc = await connect({
    servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    timeout: 3000,
    ...(seed
      ? {
          authenticator: nkeyAuthenticator(new TextEncoder().encode(seed)),
          inboxPrefix: inboxPrefixOf(service),
        }
      : {}),
  });
  const reply = await nc.request(subject, JSON.stringify({ actor: null, input: null }), {
    timeout: 3000,
  });
  const body = JSON.parse(new TextDecoder().decode(reply.data));
  await nc.close();
  process.exit(body.ok && body.data.status === 'up' ? 0 : 1);
} catch {
  process.exit(1);
}
