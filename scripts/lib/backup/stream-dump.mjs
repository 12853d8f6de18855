/**
 * The JetStream part of a backup: every message of the deployment's streams (AUTH, CATALOG, ORDERS)
 * with its subject, headers (the event id travels as Nats-Msg-Id) and data, one JSON line each.
 * Restore publishes them again in order into fresh streams, under the target's namespace. Consumers
 * are not copied: the services create their durables again and skip what their processed-events
 * tables (restored with the database) say they already applied.
 *
 * The streams are cut before the database snapshot is taken (`streamCut`), never after: an event
 * published between the two would describe a change the snapshot does not hold (an order moved
 * after it), and replaying it would apply that change to stock and the report alone. What is
 * missing the other way, an event the snapshot's outbox shows as sent but that went out after the
 * cut, is sent again after the restore (`eventIdsOf` here, `resendEventsAfterCut` in outbox-resend.mjs).
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import readline from 'node:readline';
import {
  DeliverPolicy,
  JetStreamApiCodes,
  JetStreamApiError,
  jetstream,
  jetstreamManager,
} from '@nats-io/jetstream';
import { headers as natsHeaders } from '@nats-io/transport-node';

export const STREAM_NAMES = ['AUTH', 'CATALOG', 'ORDERS'];
const FETCH_BATCH = 500;
const FETCH_EXPIRES_MS = 2000;
const PUBLISH_WINDOW = 256;
/** The header the outbox relays put the event id in (JetStream's de-duplication id). */
const MSG_ID_HEADER = 'Nats-Msg-Id';
/** A message of several events lists their ids here (libs/contracts event-message.ts). */
const EVENT_IDS_HEADER = 'Lr-Event-Ids';

const streamName = (namespace, stream) => (namespace ? `${namespace}_${stream}` : stream);
const withoutNamespace = (namespace, subject) =>
  namespace && subject.startsWith(`${namespace}.`) ? subject.slice(namespace.length + 1) : subject;
const withNamespace = (namespace, subject) => (namespace ? `${namespace}.${subject}` : subject);

async function streamInfo(jsm, name) {
  try {
    return await jsm.streams.info(name);
  } catch (error) {
    if (error instanceof JetStreamApiError && error.code === JetStreamApiCodes.StreamNotFound)
      return null;
    throw error;
  }
}

/** The last sequence of each stream now, `{ STREAM: seq }` (0 for an absent or empty stream). */
export async function streamCut(nc, namespace) {
  const jsm = await jetstreamManager(nc);
  const cut = {};
  for (const stream of STREAM_NAMES) {
    const info = await streamInfo(jsm, streamName(namespace, stream));
    cut[stream] = info && info.state.messages > 0 ? info.state.last_seq : 0;
  }
  return cut;
}

/**
 * Writes `<dir>/streams/<STREAM>.jsonl` with each stream's messages up to its sequence in `cut`
 * (`streamCut`, taken before the database snapshot); returns `{ STREAM: messageCount }`.
 */
export async function dumpStreams(nc, namespace, dir, progress, cut) {
  const jsm = await jetstreamManager(nc);
  const js = jetstream(nc);
  const counts = {};
  for (const stream of STREAM_NAMES) {
    const name = streamName(namespace, stream);
    const info = await streamInfo(jsm, name);
    const file = createWriteStream(path.join(dir, 'streams', `${stream}.jsonl`));
    let written = 0;
    const lastSeq = cut[stream] ?? 0;
    const total = info ? Math.min(info.state.messages, lastSeq) : 0;
    if (info && total > 0 && lastSeq >= info.state.first_seq) {
      const consumer = await js.consumers.get(name, { deliver_policy: DeliverPolicy.All });
      try {
        for (let caughtUp = false; !caughtUp;) {
          const batch = await consumer.fetch({
            max_messages: FETCH_BATCH,
            expires: FETCH_EXPIRES_MS,
          });
          let received = 0;
          for await (const msg of batch) {
            received += 1;
            // Published after the cut: after the database snapshot too, so the next backup's.
            if (msg.seq > lastSeq) {
              caughtUp = true;
              break;
            }
            const headers = {};
            for (const [key, values] of msg.headers ?? []) headers[key] = values;
            const line = JSON.stringify({
              subject: withoutNamespace(namespace, msg.subject),
              headers,
              data: Buffer.from(msg.data).toString('base64'),
            });
            if (!file.write(`${line}\n`)) await once(file, 'drain');
            written += 1;
            progress.update(`stream ${stream}`, written, total);
            if (msg.seq >= lastSeq || msg.info.pending === 0) {
              caughtUp = true;
              break;
            }
          }
          if (received === 0) caughtUp = true;
        }
      } finally {
        await consumer.delete().catch(() => undefined);
      }
    }
    file.end();
    await once(file, 'finish');
    counts[stream] = written;
  }
  return counts;
}

/** Fails unless the namespace's streams are absent or empty. */
export async function assertStreamsEmpty(nc, namespace) {
  const jsm = await jetstreamManager(nc);
  for (const stream of STREAM_NAMES) {
    const info = await streamInfo(jsm, streamName(namespace, stream));
    if (info && info.state.messages > 0)
      throw new Error(
        `NATS stream ${info.config.name} already holds ${info.state.messages} messages. Restore into ` +
          'an empty deployment, or pass --replace to delete the current streams first.',
      );
  }
}

export async function deleteStreams(nc, namespace) {
  const jsm = await jetstreamManager(nc);
  for (const stream of STREAM_NAMES) {
    if (await streamInfo(jsm, streamName(namespace, stream)))
      await jsm.streams.delete(streamName(namespace, stream));
  }
}

/** The messages dumped of `stream` in `dir`, in order, as `dumpStreams` wrote them. */
async function* dumpedMessages(dir, stream) {
  const lines = readline.createInterface({
    input: createReadStream(path.join(dir, 'streams', `${stream}.jsonl`)),
    crlfDelay: Infinity,
  });
  for await (const line of lines) if (line) yield JSON.parse(line);
}

/**
 * Publishes every dumped message into the (already created) streams of `namespace`, in order, a
 * window of acknowledged publishes at a time. Returns `{ STREAM: published }`.
 */
export async function loadStreams(nc, namespace, dir, manifestCounts, progress) {
  const js = jetstream(nc);
  const counts = {};
  for (const stream of STREAM_NAMES) {
    const total = manifestCounts[stream] ?? 0;
    let published = 0;
    let window = [];
    for await (const message of dumpedMessages(dir, stream)) {
      const headers = natsHeaders();
      for (const [key, values] of Object.entries(message.headers))
        for (const value of values) headers.append(key, value);
      // One at a time within a window keeps the order: JetStream stores in publish order per client.
      window.push(
        js.publish(withNamespace(namespace, message.subject), Buffer.from(message.data, 'base64'), {
          headers,
        }),
      );
      if (window.length >= PUBLISH_WINDOW) {
        await Promise.all(window);
        window = [];
      }
      published += 1;
      progress.update(`stream ${stream}`, published, total);
    }
    await Promise.all(window);
    counts[stream] = published;
  }
  return counts;
}

/**
 * The event ids of every message in the archive's streams (its Nats-Msg-Id, or for a message of
 * several events the ids it lists), in arrays of at most `chunkSize`: an archive of years holds
 * millions of events, and the restore needs only a chunk at a time in memory.
 */
export async function* eventIdsOf(dir, chunkSize = 10_000) {
  const chunk = [];
  for (const stream of STREAM_NAMES) {
    for await (const message of dumpedMessages(dir, stream)) {
      const listed = message.headers[EVENT_IDS_HEADER]?.[0];
      const single = message.headers[MSG_ID_HEADER]?.[0];
      if (listed) chunk.push(...listed.split(','));
      else if (single) chunk.push(single);
      while (chunk.length >= chunkSize) yield chunk.splice(0, chunkSize);
    }
  }
  if (chunk.length > 0) yield chunk;
}
