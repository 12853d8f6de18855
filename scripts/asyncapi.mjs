#!/usr/bin/env node
/**
 * `npm run asyncapi`: writes docs/asyncapi.yaml (AsyncAPI 3.0) from the zod schemas in
 * libs/contracts, so the document outside consumers read can never drift from what producers
 * validate. `--check` exits 1 when the committed document is out of date (for CI).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { z } from 'zod';
import YAML from 'yaml';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const output = path.join(root, 'docs/asyncapi.yaml');

// The contracts are TypeScript: compile them (incremental, quick when nothing changed).
execFileSync(path.join(root, 'node_modules/.bin/tsc'), ['-b', path.join(root, 'libs/contracts')], {
  stdio: 'inherit',
});
const contracts = await import(path.join(root, 'libs/contracts/dist/index.js'));
const { EVENTS, EVENT_SCHEMAS, STREAMS, eventEnvelopeSchema, streamOfEvent } = contracts;

/** What each event means, for the reader (the schemas say what it holds). */
const DESCRIPTIONS = {
  'auth.user.created.v1':
    'An account was created (Add User or register). Never carries a password.',
  'auth.user.updated.v1': 'An account changed (name, login id, role, address, district).',
  'auth.user.deleted.v1': 'An account was deleted.',
  'catalog.product.created.v1': 'A product was created.',
  'catalog.product.updated.v1': 'A product changed (fields, sizes, images, visibility).',
  'catalog.product.deleted.v1': 'A product was deleted.',
  'catalog.inventory.adjusted.v1':
    'The stock of one size changed: restock, correction, an order committing stock or giving it back, a donation or its correction, a stock count (audit). `stock` is the new level.',
  'catalog.inventory.commit-rejected.v1':
    'Catalog could not commit an order (too little stock after a race); the orders service returns the order to Processing.',
  'catalog.donation.received.v1':
    'A donation was recorded (its stock is on the shelf). Carries the whole donation: date received, source and kind, lines.',
  'catalog.donation.corrected.v1':
    'An admin corrected a donation; `donation` is the donation as it now is (a higher `version`). Keep the latest version.',
  'catalog.donation.deleted.v1':
    'An admin deleted a donation and its stock was taken back; `donation` is the donation as it was, with the next version.',
  'catalog.stock.counted.v1':
    'A stock count was finalised: `adjustments` lists every size whose counted figure differed from the books, each written as an `audit` movement.',
  'orders.order.placed.v1':
    'A school placed an order (a request; stock is not touched yet). Carries the whole order without personal data: the personal fields of shippingInfo are empty strings and the student is known only by studentFingerprint (docs/events.md).',
  'orders.order.status-changed.v1':
    'An order moved between statuses. Leaving Processing commits stock; returning to it gives stock back.',
  'orders.order.items-adjusted.v1':
    'An admin or volunteer changed given quantities while the order was Processing.',
  'orders.order.deleted.v1':
    'An order was deleted; `order` is the order as it was. Deletion is final.',
};

function pascal(type) {
  return type
    .split(/[.-]/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}

/**
 * JSON Schema (draft 7, which AsyncAPI schemas extend) of a zod schema, made friendlier to read:
 * regex patterns that merely restate a `format` are dropped, and `additionalProperties: false`
 * is removed because producers may add optional fields within a version (consumers ignore them).
 */
function jsonSchema(schema) {
  const json = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' });
  delete json.$schema;
  const tidy = (node) => {
    if (Array.isArray(node)) return node.forEach(tidy);
    if (!node || typeof node !== 'object') return;
    if (node.format && node.pattern) delete node.pattern;
    if (node.additionalProperties === false) delete node.additionalProperties;
    Object.values(node).forEach(tidy);
  };
  tidy(json);
  return json;
}

const channels = {};
const operations = {};
const messages = {};
for (const type of Object.values(EVENTS)) {
  const name = pascal(type);
  const stream = streamOfEvent(type);
  messages[name] = {
    name: type,
    title: name,
    summary: DESCRIPTIONS[type] ?? type,
    contentType: 'application/json',
    headers: {
      type: 'object',
      properties: {
        'Nats-Msg-Id': {
          type: 'string',
          description:
            'The eventId (for a message of several events, a digest of their ids); JetStream drops a republished id (deduplication).',
        },
        'Lr-Event-Ids': {
          type: 'string',
          description:
            'Only on a message of several events: their eventIds, comma-separated, in order.',
        },
        'x-correlation-id': {
          type: 'string',
          description: 'Correlation id of the request that caused the event.',
        },
      },
    },
    // One event, or several of this type that one relay published together, in order.
    payload: {
      oneOf: [
        jsonSchema(
          eventEnvelopeSchema.extend({ type: z.literal(type), data: EVENT_SCHEMAS[type] }),
        ),
        {
          type: 'array',
          minItems: 2,
          items: { $ref: `#/components/messages/${name}/payload/oneOf/0` },
        },
      ],
    },
  };
  channels[name] = {
    address: type,
    title: type,
    description:
      `${DESCRIPTIONS[type] ?? ''} Stored in JetStream stream ${stream} (subjects ${STREAMS[stream]}).`.trim(),
    messages: { [name]: { $ref: `#/components/messages/${name}` } },
  };
  operations[`receive${name}`] = {
    action: 'receive',
    channel: { $ref: `#/channels/${name}` },
    summary: `Consume ${type} from stream ${stream} with a durable pull consumer and explicit ack.`,
    messages: [{ $ref: `#/channels/${name}/messages/${name}` }],
  };
}

const document = {
  asyncapi: '3.0.0',
  info: {
    title: 'Locker Room domain events',
    version: '1.0.0',
    description: [
      'Durable domain events of the Locker Room request shop, published to NATS JetStream through a',
      'transactional outbox. Every event is one JSON envelope `{ eventId, type, version, occurredAt,',
      'correlationId, data }`; `type` is the subject (without a deployment namespace) and ends with the',
      'schema version; `version` is the version of the entity (an order grows by one on every change).',
      'Delivery is at least once: deduplicate by `eventId` and ignore an entity version older than the',
      'one you hold. See docs/events.md for how to subscribe. Generated by `npm run asyncapi`; do not edit.',
    ].join(' '),
  },
  defaultContentType: 'application/json',
  servers: {
    local: {
      host: '127.0.0.1:4222',
      protocol: 'nats',
      description: 'The nats-server (with JetStream) of a local `npm start`.',
    },
  },
  channels,
  operations,
  components: { messages },
};

const yaml = `# Generated by scripts/asyncapi.mjs from libs/contracts. Do not edit by hand.\n${YAML.stringify(document, { lineWidth: 100, aliasDuplicateObjects: false })}`;
if (process.argv.includes('--check')) {
  const current = existsSync(output) ? readFileSync(output, 'utf8') : '';
  if (current !== yaml) {
    process.stderr.write('docs/asyncapi.yaml is out of date: run `npm run asyncapi`\n');
    process.exit(1);
  }
  process.stdout.write('docs/asyncapi.yaml is up to date\n');
} else {
  writeFileSync(output, yaml);
  process.stdout.write(
    `wrote ${path.relative(root, output)} (${Object.keys(channels).length} channels)\n`,
  );
}
