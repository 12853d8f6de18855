/**
 * Demo accounts for the embedded/demo mode (`npm start`): the reserved accounts (RESERVED_LOGIN_IDS) and
 * fictional schools, every one with the code DEMO_CODE. Inserted only when there are no users at
 * all, so a second start keeps what the first created. Never runs in production.
 */
import { randomUUID } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { DEFAULT_DEMO_CODE, EVENTS, loginKeyOf } from '@lr/contracts';
import { OutboxWriter } from '@lr/nest-kit';
import { hashPassword } from '../core/passwords.js';
import { users, type UserRow } from '../db/schema.js';
import { DEFAULT_AVATAR_URL, toUserSnapshot } from '../users/users.mapper.js';
import { DEMO_SCHOOLS } from './demo-schools.js';

export { DEMO_SCHOOLS } from './demo-schools.js';

export interface SeedOptions {
  demoCode?: string;
  /** Refuses to run when 'production'. Defaults to process.env.NODE_ENV. */
  nodeEnv?: string | undefined;
}

type DemoAccount = Pick<UserRow, 'name' | 'loginId' | 'role' | 'address' | 'district'> &
  Partial<Pick<UserRow, 'exemptFromLineCap'>>;

const RESERVED_ACCOUNTS: DemoAccount[] = [
  { name: 'Admin', loginId: 'admin', role: 'admin', address: '', district: '' },
  { name: 'Volunteer', loginId: 'volunteer', role: 'volunteer', address: '', district: '' },
  { name: 'TEST ADMIN', loginId: 'TEST ADMIN', role: 'admin', address: '', district: '' },
  {
    name: 'TEST VOLUNTEER',
    loginId: 'TEST VOLUNTEER',
    role: 'volunteer',
    address: '',
    district: '',
  },
  {
    name: 'TEST USER',
    loginId: 'TEST USER',
    role: 'user',
    address: '1 Test Street',
    district: 'Test District',
    // The demo's account for trying large requests: the flag an admin sets, not its name.
    exemptFromLineCap: true,
  },
  { name: 'Locker Room 345', loginId: 'lockerroom345', role: 'admin', address: '', district: '' },
];

/** Returns how many accounts were inserted (0 when users already exist). Needs migrations applied. */
export async function seedDemoData(pool: pg.Pool, options: SeedOptions = {}): Promise<number> {
  const nodeEnv = options.nodeEnv ?? process.env.NODE_ENV;
  if (nodeEnv === 'production') throw new Error('Demo data is never seeded in production');
  const db = drizzle(pool);
  const outbox = new OutboxWriter('auth');
  const accounts: DemoAccount[] = [
    ...RESERVED_ACCOUNTS,
    ...DEMO_SCHOOLS.map((s) => ({ ...s, role: 'user' as const })),
  ];
  // One hash for all: every demo account shares the same public demo code anyway.
  const passwordHash = await hashPassword(
    options.demoCode ?? process.env.DEMO_CODE ?? DEFAULT_DEMO_CODE,
  );
  return db.transaction(async (tx) => {
    await tx.execute('LOCK TABLE auth.users IN EXCLUSIVE MODE');
    const existing = await tx.select({ id: users.id }).from(users).limit(1);
    if (existing.length > 0) return 0;
    for (const account of accounts) {
      const [row] = await tx
        .insert(users)
        .values({
          ...account,
          id: randomUUID(),
          loginKey: loginKeyOf(account.loginId),
          nameKey: loginKeyOf(account.name),
          avatarUrl: DEFAULT_AVATAR_URL,
          passwordHash,
        })
        .returning();
      await outbox.write(tx, EVENTS.authUserCreated, { user: toUserSnapshot(row!) }, row!.version);
    }
    return accounts.length;
  });
}
