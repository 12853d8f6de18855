/**
 * Rewrites the ORDERS stream without personal data, keeping every event, its order, subject and
 * headers (the event id travels as Nats-Msg-Id), and every durable consumer's position.
 *
 * nats-server cannot change a stored message, nor publish at a chosen sequence number. So:
 *  1. read every message; upgrade the order events that hold personal data (order-event-upgrade);
 *     when none does, stop: there is nothing to do (the step is idempotent);
 *  2. write the upgraded copy and each durable consumer's config and ack floor to a work file
 *     under DATA_DIR first, so a crash later loses nothing: running again resumes from the file;
 *  3. delete ORDERS, create it again (same config) and publish the copy in order;
 *  4. create each durable again with its config, starting just after its old ack floor (mapped to
 *     the new sequence numbers; with no gaps in the old stream the numbers are the same);
 *  5. remove the work file.
 * Run it with the services stopped, as a restore.
 */
import { existsSync } from 'node:fs';
import { readFile, rename, rm, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { headers as natsHeaders } from '@nats-io/transport-node';

const FETCH_BATCH = 500;

async function readStream(nc, name) {
  const jsm = await jetstreamManager(nc);
  const info = await jsm.streams.info(name);
  const messages = [];
  if (info.state.messages === 0) return { info, messages };
  const consumer = await jetstream(nc).consumers.get(name, { deliver_policy: DeliverPolicy.All });
  try {
    for (let done = false; !done;) {
      const batch = await consumer.fetch({ max_messages: FETCH_BATCH, expires: 2000 });
      let received = 0;
      for await (const msg of batch) {
        received += 1;
        const headers = {};
        for (const [key, values] of msg.headers ?? []) headers[key] = values;
        messages.push({ seq: msg.seq, subject: msg.subject, headers, data: Buffer.from(msg.data) });
        if (msg.seq >= info.state.last_seq || msg.info.pending === 0) {
          done = true;
          break;
        }
      }
      if (received === 0) done = true;
    }
  } finally {
    await consumer.delete().catch(() => undefined);
  }
  return { info, messages };
}

async function durablesOf(jsm, name) {
  const durables = [];
  for await (const consumer of jsm.consumers.list(name)) {
    if (!consumer.config.durable_name) continue;
    durables.push({ config: consumer.config, ackFloor: consumer.ack_floor.stream_seq });
  }
  return durables;
}

/**
 * A message's content with its events upgraded, or null when none needed it. A message holds one
 * event, or an array of events published together (libs/contracts event-message.ts).
 */
async function upgradeMessage(content, upgrade) {
  if (!Array.isArray(content)) return upgrade(content);
  let changed = false;
  const events = [];
  for (const event of content) {
    const upgraded = await upgrade(event);
    if (upgraded) changed = true;
    events.push(upgraded ?? event);
  }
  return changed ? events : null;
}

/** The work file's content: the upgraded messages and the consumers to put back. */
async function prepare(nc, name, upgrade) {
  const { info, messages } = await readStream(nc, name);
  let changed = 0;
  const copy = [];
  for (const message of messages) {
    let data = message.data;
    const upgraded = await upgradeMessage(JSON.parse(data.toString('utf8')), upgrade);
    if (upgraded) {
      data = Buffer.from(JSON.stringify(upgraded));
      changed += 1;
    }
    copy.push({
      seq: message.seq,
      subject: message.subject,
      headers: message.headers,
      data: data.toString('base64'),
    });
  }
  if (changed === 0) return null;
  const jsm = await jetstreamManager(nc);
  return { stream: info.config, messages: copy, consumers: await durablesOf(jsm, name), changed };
}

async function swapIn(nc, work, log) {
  const jsm = await jetstreamManager(nc);
  const js = jetstream(nc);
  const name = work.stream.name;
  await jsm.streams.delete(name).catch(() => undefined);
  await jsm.streams.add(work.stream);
  const newSeq = new Map();
  for (const message of work.messages) {
    const headers = natsHeaders();
    for (const [key, values] of Object.entries(message.headers))
      for (const value of values) headers.append(key, value);
    const ack = await js.publish(message.subject, Buffer.from(message.data, 'base64'), { headers });
    newSeq.set(message.seq, ack.seq);
  }
  const info = await jsm.streams.info(name);
  if (info.state.messages !== work.messages.length)
    throw new Error(
      `${name} holds ${info.state.messages} messages after the rewrite, not ${work.messages.length}; the work file is kept, run the upgrade again`,
    );
  for (const { config, ackFloor } of work.consumers) {
    // The first message after the old ack floor, in new numbers (or the end when none is left).
    const next = work.messages.find((m) => m.seq > ackFloor);
    const start = next ? newSeq.get(next.seq) : info.state.last_seq + 1;
    // Where it started before is replaced by where it is now.
    const rest = { ...config };
    delete rest.deliver_policy;
    delete rest.opt_start_seq;
    delete rest.opt_start_time;
    await jsm.consumers.add(name, {
      ...rest,
      deliver_policy: DeliverPolicy.StartSequence,
      opt_start_seq: start,
    });
    log(`consumer ${config.durable_name}: resumes at sequence ${start}`);
  }
}

/**
 * Runs the rewrite for the namespace's ORDERS stream; `workDir` keeps the work file. Resolves with
 * what it did: `{ changed, messages, consumers }`, or `{ changed: 0 }` when nothing held personal
 * data.
 */
export async function rewriteOrdersStream({ nc, namespace, workDir, upgrade, log }) {
  const name = namespace ? `${namespace}_ORDERS` : 'ORDERS';
  const file = path.join(workDir, `${name}-privacy-upgrade.json`);
  let work;
  if (existsSync(file)) {
    log(`Resuming the rewrite from ${file} ...`);
    work = JSON.parse(await readFile(file, 'utf8'));
  } else {
    work = await prepare(nc, name, upgrade);
    if (!work) return { changed: 0, messages: 0, consumers: 0 };
    await mkdir(workDir, { recursive: true });
    await writeFile(`${file}.tmp`, JSON.stringify(work), { mode: 0o600 });
    await rename(`${file}.tmp`, file);
  }
  await swapIn(nc, work, log);
  await rm(file, { force: true });
  return {
    changed: work.changed,
    messages: work.messages.length,
    consumers: work.consumers.length,
  };
}
