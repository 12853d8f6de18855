/**
 * What one event costs nats-server on this machine, apart from everything else: a nats-server of
 * its own (a temporary store, no authorization), one Node process publishing events of a placed
 * order's size at a steady rate with a reply subject for JetStream's publish ack (as the outbox
 * relay does, with a Nats-Msg-Id for deduplication), and one durable pull consumer acknowledging each
 * (as the services' consumers do). Prints nats-server's CPU per event for a file stream (the
 * product's), a memory stream, and plain core publish/subscribe with no stream, for comparison.
 *
 *   node bench/jetstream-message-cost.mjs              at 600 events a second, 8 s per kind
 *   BENCH_JS_RATE=200 BENCH_JS_SECONDS=10 node bench/jetstream-message-cost.mjs
 *
 * nats-server must be on the PATH. Its environment is passed on (e.g. GOMAXPROCS=1 to compare).
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AckPolicy, jetstream, jetstreamManager, StorageType } from '@nats-io/jetstream';
import { connect, headers, nanos } from '@nats-io/transport-node';
import { findNatsServer, INSTALL_HELP, reachable } from '../scripts/stack/nats.mjs';
import { cpuMsOf } from './lib/process-cpu.mjs';
import { freePort } from '@lr/testing';

const rate = Number(process.env.BENCH_JS_RATE ?? 600);
const seconds = Number(process.env.BENCH_JS_SECONDS ?? 8);
const SUBJECT = 'bench.events.placed';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
// About a placed order's event: its envelope and one line.
const body = new TextEncoder().encode(
  JSON.stringify({ type: 'orders.order.placed', data: { order: 'x'.repeat(700) } }),
);

async function startServer() {
  const binary = findNatsServer();
  if (!binary) throw new Error(INSTALL_HELP);
  const store = mkdtempSync(path.join(tmpdir(), 'lr-js-cost-'));
  const port = await freePort();
  const child = spawn(binary, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', store], {
    stdio: 'ignore',
  });
  const deadline = Date.now() + 5_000;
  while (!(await reachable(`127.0.0.1:${port}`))) {
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`nats-server did not start on port ${port}`);
    await sleep(100);
  }
  return {
    url: `127.0.0.1:${port}`,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(store, { recursive: true, force: true });
    },
  };
}

/** nats-server CPU ms per event of `kind` ('file', 'memory' or 'core'). */
async function measure(kind) {
  const server = await startServer();
  const publisher = await connect({ servers: server.url });
  const reader = await connect({ servers: server.url });
  try {
    let received = 0;
    if (kind === 'core') {
      reader.subscribe(SUBJECT, { callback: () => (received += 1) });
    } else {
      const jsm = await jetstreamManager(publisher);
      await jsm.streams.add({
        name: 'EVENTS',
        subjects: [SUBJECT],
        storage: kind === 'memory' ? StorageType.Memory : StorageType.File,
        duplicate_window: nanos(10 * 60 * 1000),
      });
      await jsm.consumers.add('EVENTS', { durable_name: 'reader', ack_policy: AckPolicy.Explicit });
      const consumer = await jetstream(reader).consumers.get('EVENTS', 'reader');
      const messages = await consumer.consume({ max_messages: 256 });
      void (async () => {
        for await (const message of messages) {
          message.ack();
          received += 1;
        }
      })();
    }
    await reader.flush();
    const acks = `bench.acks.${randomUUID()}`;
    publisher.subscribe(`${acks}.>`, { callback: () => undefined });
    const before = cpuMsOf(server.pid);
    const start = performance.now();
    let sent = 0;
    while (performance.now() - start < seconds * 1000) {
      const due = Math.floor(((performance.now() - start) * rate) / 1000);
      for (; sent < due; sent += 1) {
        if (kind === 'core') {
          publisher.publish(SUBJECT, body);
          continue;
        }
        const h = headers();
        h.set('Nats-Msg-Id', randomUUID());
        publisher.publish(SUBJECT, body, { headers: h, reply: `${acks}.${sent}` });
      }
      await sleep(2);
    }
    while (received < sent) await sleep(10);
    return { sent, msPerEvent: (cpuMsOf(server.pid) - before) / sent };
  } finally {
    await publisher.close();
    await reader.close();
    await server.stop();
  }
}

console.log(`nats-server CPU per event at ${rate}/s, ${seconds} s per kind`);
for (const [kind, label] of [
  ['file', 'file stream: publish, publish ack, delivery, ack'],
  ['memory', 'memory stream: the same'],
  ['core', 'core publish to one subscriber, no stream'],
]) {
  const { sent, msPerEvent } = await measure(kind);
  console.log(`  ${msPerEvent.toFixed(3)} ms  ${label} (${sent} events)`);
}
