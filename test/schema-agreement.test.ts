/**
 * The SQL migrations are each database's schema history; the Drizzle declarations describe the
 * tables the code reads through Drizzle. This test applies every service's migrations to a fresh
 * database and holds the two equal: each declared table has exactly the migrated columns (type,
 * nullability, the defaults Drizzle declares), primary key and unique keys, and whatever indexes,
 * foreign keys and checks Drizzle declares. A migrated table Drizzle does not declare must be named
 * below with the reason it is SQL-only.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { integer, pgSchema, text, uuid } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { createPool, runMigrations } from '@lr/nest-kit';
import { createTestDatabase, type TestDatabase } from '@lr/testing';
import * as authTables from '../services/auth/src/db/schema.js';
import * as catalogTables from '../services/catalog/src/db/schema.js';
import * as ordersTables from '../services/orders/src/db/schema.js';
import * as reportingTables from '../services/reporting/src/db/schema.js';
import { compareTable } from './support/schema-agreement/compare-shapes.js';
import { databaseTableShapes } from './support/schema-agreement/database-shapes.js';
import { drizzleTableShapes } from './support/schema-agreement/drizzle-shapes.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Every service schema has these (libs/nest-kit kit-migrations.ts); the kit reads and writes them in raw SQL. */
const KIT_TABLES: Record<string, string> = {
  schema_migrations: 'the migrator’s own record of applied files',
  outbox: 'the outbox relay writes and drains it in raw SQL',
  processed_events: 'consumers record handled event ids in raw SQL',
  dead_letters: 'consumers park poison messages in raw SQL',
  rpc_replies:
    'recorded replies of resendable writes, written and read by RecordedReplies in raw SQL',
};

interface ServiceSchema {
  schema: string;
  tables: Record<string, unknown>;
  /** Migrated tables with no Drizzle declaration, each with why. */
  sqlOnly: Record<string, string>;
}

const SERVICES: Record<string, ServiceSchema> = {
  auth: {
    schema: 'auth',
    tables: authTables,
    sqlOnly: {
      login_failures:
        'login throttling counts and prunes rows in raw SQL (login-throttle.repository)',
      reset_requests:
        'reset-link throttling counts and prunes rows in raw SQL (reset-requests.repository)',
    },
  },
  catalog: {
    schema: 'catalog',
    tables: catalogTables,
    sqlOnly: {
      donation_sources: 'donations.repository: raw SQL (upsert on lower(name))',
      donations: 'donations.repository: raw SQL',
      donation_lines: 'donations.repository: raw SQL',
      stock_counts: 'stock-counts.repository: raw SQL',
      stock_count_lines: 'stock-counts.repository: raw SQL (sheet built by INSERT ... SELECT)',
    },
  },
  orders: {
    schema: 'orders',
    tables: ordersTables,
    sqlOnly: {
      pickup_slots: 'pickups/pickup-slots.repository: raw SQL (time columns read as text)',
      calendar_feeds: 'calendar/calendar-feeds.service: raw SQL (upsert on owner)',
      notices: 'notices/notices.service: raw SQL',
      notice_dismissals: 'notices/notices.service: raw SQL (insert on conflict do nothing)',
    },
  },
  reporting: {
    schema: 'reporting',
    tables: reportingTables,
    sqlOnly: {
      report_day_totals:
        'rollups written by set-based raw SQL (rollups.repository), read by report.repository',
      report_day_items:
        'rollups written by set-based raw SQL (rollups.repository), read by report.repository',
      report_day_schools:
        'rollups written by set-based raw SQL (rollups.repository), read by report.repository',
      report_day_students:
        'rollups written by set-based raw SQL (rollups.repository), read by report.repository',
      report_day_categories:
        'rollups written by set-based raw SQL (rollups.repository), read by report.repository',
      report_day_deliveries:
        'rollups written by set-based raw SQL (rollups.repository), read by report.repository',
      report_item_totals:
        'rollups written by set-based raw SQL (rollups.repository), read by report.repository',
      report_school_totals:
        'rollups written by set-based raw SQL (rollups.repository), read by report.repository',
      report_student_totals:
        'rollups written by set-based raw SQL (rollups.repository), read by report.repository',
      report_meta: 'rollups.repository keeps the rollups’ time zone here in raw SQL',
      rebuild_progress: 'read-model-rebuilder writes its progress row in raw SQL',
      donations: 'stock-intake.repository: raw SQL upserts from catalog events',
      count_adjustments: 'stock-intake.repository: raw SQL inserts from catalog events',
      impact_product_values: 'impact-intake.repository: raw SQL inserts from product events',
      impact_donations: 'impact-intake.repository: raw SQL upserts from donation events',
      impact_donation_lines: 'impact-intake.repository: raw SQL from donation events',
      impact_day_schools:
        'impact rollups written by set-based raw SQL (impact-rollups.repository), read by impact.repository',
      impact_day_categories:
        'impact rollups written by set-based raw SQL (impact-rollups.repository), read by impact.repository',
      impact_day_students:
        'impact rollups written by set-based raw SQL (impact-rollups.repository), read by impact.repository',
      demand_requested:
        'demand-requested.repository: set-based raw SQL from the read model, read by demand.repository',
      demand_stock: 'demand-stock.applier: raw SQL upserts from catalog events',
      demand_products: 'demand-stock.applier and demand-requested.repository: raw SQL upserts',
    },
  },
};

let database: TestDatabase;
let pool: pg.Pool;

beforeAll(async () => {
  database = await createTestDatabase('lrschema');
  pool = createPool(database.url, 2);
  for (const [service, { schema }] of Object.entries(SERVICES)) {
    await runMigrations(pool, schema, path.join(root, 'services', service, 'migrations'));
  }
});

afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

describe('Drizzle declarations agree with the SQL migrations', () => {
  it.each(Object.keys(SERVICES))('%s', async (service) => {
    const { schema, tables, sqlOnly } = SERVICES[service]!;
    const client = await pool.connect();
    const migrated = await databaseTableShapes(client, schema).finally(() => client.release());
    const declared = drizzleTableShapes(tables);
    const differences: string[] = [];

    for (const [name, table] of declared) {
      if (table.schema !== schema) differences.push(`${name}: declared in schema ${table.schema}`);
      const actual = migrated.get(name);
      if (!actual)
        differences.push(`${name}: declared in Drizzle, no such table in the migrations`);
      else differences.push(...compareTable(name, table, actual));
      if (sqlOnly[name]) differences.push(`${name}: listed as SQL-only but declared in Drizzle`);
    }
    for (const name of migrated.keys()) {
      if (!declared.has(name) && !sqlOnly[name] && !KIT_TABLES[name])
        differences.push(`${name}: migrated, neither declared in Drizzle nor listed as SQL-only`);
    }
    for (const name of Object.keys(sqlOnly)) {
      if (!migrated.has(name))
        differences.push(`${name}: listed as SQL-only, not in the migrations`);
    }

    expect(differences).toEqual([]);
  });
});

describe('the comparison itself', () => {
  it('reports a column, a unique key or a default that only one side has', async () => {
    const probe = pgSchema('agreement_probe');
    const declared = drizzleTableShapes({
      things: probe.table('things', {
        id: uuid('id').primaryKey(),
        name: text('name').notNull().unique('things_name_key'),
        size: integer('size').notNull().default(1),
        colour: text('colour'),
      }),
    }).get('things')!;
    await pool.query(`
      CREATE SCHEMA agreement_probe;
      CREATE TABLE agreement_probe.things (
        id uuid PRIMARY KEY, name text NOT NULL, size integer NOT NULL DEFAULT 2, weight integer,
        UNIQUE (size)
      );`);
    const client = await pool.connect();
    const actual = (
      await databaseTableShapes(client, 'agreement_probe').finally(() => client.release())
    ).get('things')!;

    expect(compareTable('things', declared, actual)).toEqual([
      'things.size: Drizzle default 1, SQL default 2',
      'things.colour: declared in Drizzle, missing from the migrations',
      'things.weight: in the migrations, not declared in Drizzle',
      'things: unique things_name_key (name) is not in the migrations',
      'things: unique things_size_key (size) in SQL is not declared in Drizzle',
    ]);
  });
});
