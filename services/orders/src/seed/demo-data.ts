/**
 * Demo orders for the embedded/demo mode (`npm start`), so the console and the LR345 report have
 * something to show: a dozen requests from the demo schools over the last weeks, some Delivered,
 * some on their way, some waiting. They are written through the service's own OrderWriter, so the
 * same history rows and outbox events exist as for real orders: the running relay publishes them,
 * catalog takes the stock of the committed ones and reporting counts them.
 *
 * Idempotent: does nothing when there are orders already, or when the demo schools or products are
 * not there yet. Never runs in production (the start script calls it only in demo mode). Being a
 * demo fixture run by the start script, it reads the demo schools and products from the auth and
 * catalog schemas directly; the services themselves never do.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import {
  OutboxWriter,
  RecordedReplies,
  charityTimeZoneSetting,
  createDatabase,
  runMigrations,
} from '@lr/nest-kit';
import { isReservedLoginId, placeholderImageUrl, type OrderStatus } from '@lr/contracts';
import { MIGRATIONS_DIR } from '../orders-app.module.js';
import { StudentFingerprints } from '../privacy/student-fingerprints.js';
import { SettingsService } from '../settings/settings.service.js';
import { OrderWriter } from '../orders/order-writer.js';
import { OrderChangesRepository } from '../orders/order-changes.repository.js';
import { OrderPlacementRepository, type NewOrder } from '../orders/order-placement.repository.js';
import { OrderReadsRepository } from '../orders/order-reads.repository.js';

interface SchoolRow {
  id: string;
  login_id: string;
  name: string;
  address: string;
  district: string;
}

interface SizeRow {
  product_id: string;
  name: string;
  category: string;
  sub_category: string;
  images: { url?: string }[] | null;
  size: string;
  stock: number;
}

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** What happens to each demo order: its final status, age in days, and hours to delivery. */
const PLAN: { status: OrderStatus; daysAgo: number; hoursToDeliver?: number }[] = [
  { status: 'Delivered', daysAgo: 33, hoursToDeliver: 26 },
  { status: 'Delivered', daysAgo: 29, hoursToDeliver: 41 },
  { status: 'Delivered', daysAgo: 22, hoursToDeliver: 19 },
  { status: 'Delivered', daysAgo: 16, hoursToDeliver: 47 },
  { status: 'Delivered', daysAgo: 10, hoursToDeliver: 30 },
  { status: 'Ready for Pickup', daysAgo: 4 },
  { status: 'Printed', daysAgo: 3 },
  { status: 'CheckEmail', daysAgo: 2 },
  { status: 'Processing', daysAgo: 2 },
  { status: 'Processing', daysAgo: 1 },
  { status: 'Processing', daysAgo: 0.3 },
  { status: 'Processing', daysAgo: 0.1 },
];

const STUDENTS = [
  'MG-104_9_Female',
  'CH-221_12_Male',
  'RS-318_15_NA',
  'OP-032_7_Female',
  'WC-550_10_Male',
  'SS-077_8_Female',
];

async function loadSchools(pool: pg.Pool): Promise<SchoolRow[]> {
  const { rows } = await pool.query<SchoolRow>(
    "SELECT id, login_id, name, address, district FROM auth.users WHERE role = 'user' ORDER BY name",
  );
  return rows.filter((r) => !isReservedLoginId(r.login_id));
}

async function loadSizes(pool: pg.Pool): Promise<SizeRow[]> {
  const { rows } = await pool.query<SizeRow>(
    `SELECT p.id AS product_id, p.name, p.category, p.sub_category, p.images, s.size, s.stock
       FROM catalog.products p JOIN catalog.product_sizes s ON s.product_id = p.id
      WHERE p.is_show AND s.stock >= 3
      ORDER BY p.name, s.position`,
  );
  return rows;
}

async function loadAdmin(pool: pg.Pool): Promise<{ id: string; name: string } | null> {
  const { rows } = await pool.query<{ id: string; name: string }>(
    "SELECT id, name FROM auth.users WHERE role = 'admin' ORDER BY (login_id = 'admin') DESC, name LIMIT 1",
  );
  return rows[0] ?? null;
}

export async function seedDemoData(
  pool: pg.Pool,
  _options: { demoCode?: string } = {},
): Promise<string | null> {
  if (process.env.NODE_ENV === 'production')
    throw new Error('Demo data is never seeded in production');
  await runMigrations(pool, 'orders', MIGRATIONS_DIR);
  const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM orders.orders');
  if ((rows[0]?.n ?? 0) > 0) return null;

  let schools: SchoolRow[];
  let sizes: SizeRow[];
  let admin: { id: string; name: string } | null;
  try {
    [schools, sizes, admin] = await Promise.all([
      loadSchools(pool),
      loadSizes(pool),
      loadAdmin(pool),
    ]);
  } catch {
    return null; // the auth or catalog demo data is not there (yet)
  }
  if (schools.length === 0 || sizes.length < PLAN.length * 2) return null;

  const db = createDatabase(pool);
  const writer = new OrderWriter(
    new OrderPlacementRepository(db),
    new OrderChangesRepository(db),
    new OutboxWriter('orders'),
    new RecordedReplies('orders'),
    new StudentFingerprints(
      db,
      new SettingsService(db, {
        CHARITY_TIME_ZONE: charityTimeZoneSetting.parse(process.env.CHARITY_TIME_ZONE),
      }),
    ),
  );
  const reads = new OrderReadsRepository(db);
  const now = Date.now();
  // Each size is used once at most, so every committed order is covered by stock (>= 3 each).
  let nextSize = 0;
  let delivered = 0;

  for (const [index, plan] of PLAN.entries()) {
    const school = schools[index % schools.length]!;
    const createdAt = new Date(now - plan.daysAgo * DAY);
    const lineCount = 1 + (index % 3);
    const lines: NewOrder['lines'] = [];
    for (let position = 0; position < lineCount; position += 1) {
      // Spread the picks over the catalog rather than taking neighbouring sizes of one product.
      const size = sizes[(nextSize * 7) % sizes.length]!;
      nextSize += 1;
      if (lines.some((l) => l.productId === size.product_id && l.size === size.size)) continue;
      const quantity = 1 + ((index + position) % 2);
      lines.push({
        id: randomUUID(),
        position: lines.length,
        productId: size.product_id,
        name: size.name,
        category: size.category,
        subCategory: size.sub_category,
        size: size.size,
        requestedQuantity: quantity,
        quantity,
        image: size.images?.[0]?.url ?? placeholderImageUrl(size.category),
      });
    }
    const order: NewOrder = {
      id: randomUUID(),
      userId: school.id,
      userName: school.name,
      userLoginId: school.login_id,
      idempotencyKey: null,
      createdAt,
      shippingInfo: {
        userName: school.name,
        receivingPersonName: STUDENTS[index % STUDENTS.length]!,
        additionalComments: index % 4 === 0 ? 'Needed for PE on Monday, thank you!' : '',
        userLoggedInDesignation: ['Ms Patel', 'Mr Jones', 'Mrs Okafor', 'Mr Lindqvist'][index % 4]!,
        userAddress: `${school.address}|${school.district}`,
        orderDate: '',
        phoneNo: `555-01${String(10 + index)}`,
        Email: `office@${school.login_id.replace(/[^a-z0-9]/gi, '').toLowerCase()}.example`,
      },
      lines,
    };

    await db.transaction(async (tx) => {
      await writer.insertPlaced(tx, order, { id: school.id, name: school.name });
      if (plan.status === 'Processing') return;
      const found = await reads.findWithLines(tx, order.id, { lock: true });
      if (!found) return;
      const at = new Date(createdAt.getTime() + (plan.hoursToDeliver ?? 6) * HOUR);
      await writer.applyChange(tx, found.order, found.lines, {
        to: plan.status,
        quantities: found.lines.map((l) => l.quantity),
        actor: admin,
        reason: null,
        at: at.getTime() > now ? new Date(now) : at,
      });
    });
    if (plan.status === 'Delivered') delivered += 1;
  }
  return `${PLAN.length} orders (${delivered} delivered)`;
}
