// Container health check for a service: asks it over NATS request-reply for its health.
import { connect } from '@nats-io/transport-node';

const service = process.argv[2];
const namespace = process.env.NATS_NAMESPACE ?? '';
const subject = `${namespace ? `${namespace}.` : ''}rpc.${service}.health`;
try {
  const nc = await connect({
    servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    timeout: 3000,
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
