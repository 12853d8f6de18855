/**
 * The kit's own tables, created in every service's schema by `runMigrations` (db.ts) before the
 * service's migrations.
 */

/**
 * Tables every service has: the outbox (events written with the change that caused them), the
 * events its consumers have processed (what makes a redelivery change nothing) and dead letters.
 */
export function kitMigrationSql(schema: string): string {
  return `
CREATE TABLE IF NOT EXISTS ${schema}.outbox (
  id bigserial PRIMARY KEY,
  event_id uuid NOT NULL UNIQUE,
  subject text NOT NULL,
  envelope jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX IF NOT EXISTS outbox_unsent_idx ON ${schema}.outbox (id) WHERE sent_at IS NULL;

CREATE TABLE IF NOT EXISTS ${schema}.processed_events (
  consumer text NOT NULL,
  event_id uuid NOT NULL,
  processed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (consumer, event_id)
);

CREATE TABLE IF NOT EXISTS ${schema}.dead_letters (
  id bigserial PRIMARY KEY,
  consumer text NOT NULL,
  event_id text,
  subject text NOT NULL,
  payload text NOT NULL,
  error text NOT NULL,
  deliveries integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);`;
}

/** Recorded replies of writes that may be resent (`recorded-replies.ts`). */
export function recordedRepliesMigrationSql(schema: string): string {
  return `
CREATE TABLE IF NOT EXISTS ${schema}.rpc_replies (
  request_id text PRIMARY KEY,
  subject text NOT NULL,
  actor_id uuid,
  reply json NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS rpc_replies_created_idx ON ${schema}.rpc_replies (created_at);`;
}

/**
 * The kit's migrations, applied before a service's own (named `000-kit...`, so a backup's list of
 * applied migrations tells them apart from the service's files).
 */
export function kitMigrations(schema: string): { name: string; sql: string }[] {
  return [
    { name: '000-kit', sql: kitMigrationSql(schema) },
    { name: '000-kit-rpc-replies', sql: recordedRepliesMigrationSql(schema) },
  ];
}
