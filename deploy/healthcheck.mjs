// Container health check. The gateway: its GET /health (which also asks every service). A service:
// asks it over NATS request-reply for its health, as the service itself (its NKEY identity may call
// its own health subject, and read its own inbox). It loads nothing but the NATS client: it runs
// every few seconds on what may be a small server.
import { existsSync, readFileSync } from 'node:fs';
import { connect, nkeyAuthenticator } from '@nats-io/transport-node';

const service = process.argv[2];
if (service === 'gateway') {
  const port = process.env.PORT ?? '3000';
  const healthy = await fetch(`http://127.0.0.1:${port}/health`).then(
    (response) => response.ok,
    () => false,
  );
  process.exit(healthy ? 0 : 1);
}
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
          // Each identity may read only its own inbox (inboxPrefixOf in libs/contracts).
          inboxPrefix: `_INBOX.${service}`,
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
