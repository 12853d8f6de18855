/** Top-11 rankings: at most 11 rows, by number of orders, ties by name whatever the case or locale. */
import { events, newOrder, publish, type TestEnv } from '@lr/testing';
import { caughtUp, report, startReporting } from './support/reporting-env.js';

describe('report rankings', () => {
  let env: TestEnv;

  beforeAll(async () => {
    env = await startReporting();
    const orders = [
      // 'Gloves' in 3 orders, 'Scarf' in 2 (twice in one order: counted once), then 12 items once each
      newOrder({
        school: 'zeta school',
        student: 'A',
        createdAt: '2026-09-01T10:00:00.000Z',
        lines: [
          { name: 'Gloves', category: 'Clothing', quantity: 1 },
          { name: 'Scarf', category: 'Clothing', quantity: 1, size: 'S' },
          { name: 'Scarf', category: 'Clothing', quantity: 1, size: 'L' },
        ],
      }),
      newOrder({
        school: 'Alpha School',
        student: 'B',
        createdAt: '2026-09-02T10:00:00.000Z',
        lines: [
          { name: 'Gloves', category: 'Clothing', quantity: 1 },
          { name: 'Scarf', category: 'Clothing', quantity: 1 },
        ],
      }),
      newOrder({
        school: '"Quoted" Academy',
        student: 'C',
        createdAt: '2026-09-03T10:00:00.000Z',
        lines: [
          { name: 'Gloves', category: 'Clothing', quantity: 1 },
          ...[
            'banana',
            'Apple',
            'cherry',
            'Date',
            'elder',
            'Fig',
            'grape',
            'Honeydew',
            'iris',
            'Jam',
            'kiwi',
            'Lime',
          ].map((name) => ({ name, category: 'Miscellaneous' as const, quantity: 1 })),
        ],
      }),
    ];
    await publish(
      env.nc,
      env.namespace,
      orders.map((o) => events.placed(o)),
    );
    await caughtUp(env);
  });
  afterAll(() => env.close());

  it('keeps the top 11 by orders, ties by name case-insensitively', async () => {
    const { topItems, topSchools } = await report(env);
    expect(topItems).toEqual([
      { name: 'Gloves', count: 3 },
      { name: 'Scarf', count: 2 },
      ...['Apple', 'banana', 'cherry', 'Date', 'elder', 'Fig', 'grape', 'Honeydew', 'iris'].map(
        (name) => ({ name, count: 1 }),
      ),
    ]);
    // '"' sorts before letters in code-point order; 'Alpha' before 'zeta' whatever the case
    expect(topSchools.map((s) => s.name)).toEqual([
      '"Quoted" Academy',
      'Alpha School',
      'zeta school',
    ]);
  });

  it('ranks within a date range from the day rollups the same way', async () => {
    const { topItems } = await report(env, { from: '2026-09-02', to: '2026-09-03' });
    expect(topItems.slice(0, 4)).toEqual([
      { name: 'Gloves', count: 2 },
      { name: 'Apple', count: 1 },
      { name: 'banana', count: 1 },
      { name: 'cherry', count: 1 },
    ]);
    expect(topItems).toHaveLength(11);
  });
});
