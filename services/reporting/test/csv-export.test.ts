/**
 * CSV exports through the real service: RFC 4180 quoting, formula neutralising on data typed by
 * schools, a header row, times in the charity's zone, and the paged orders export adding up to the
 * whole.
 */
import { reportingOps, type OrdersCsvPage } from '@lr/contracts';
import { events, newOrder, publish, type TestEnv } from '@lr/testing';
import { admin, caughtUp, startReporting } from './support/reporting-env.js';

const HEADER =
  'Order,Created,Status,Delivered,School,Teacher,Receiving person,Item,Category,SubCategory,Size,Requested quantity,Given quantity\r\n';

describe('reporting CSV exports', () => {
  let env: TestEnv;

  const evil = newOrder({
    number: 1,
    school: '=HYPERLINK("http://evil.example","Click")',
    student: '+S1_10_Male',
    createdAt: '2026-05-04T09:15:00.000Z',
    lines: [
      { name: 'Shirt, "XL"', category: 'Clothing', quantity: 1 },
      {
        name: '@SUM(A1:A9)',
        category: 'Miscellaneous',
        quantity: 2,
        requested: 3,
        subCategory: 'One size',
        size: '-',
      },
    ],
  });
  const plain = newOrder({
    number: 2,
    school: 'Brook High',
    student: 'S2_9_Female',
    createdAt: '2026-05-05T10:00:00.000Z',
    lines: [
      {
        name: 'Sneakers',
        category: 'Footwear',
        quantity: 1,
        subCategory: "Men's sizing",
        size: '9',
      },
      { name: 'Socks', category: 'Clothing', quantity: 2 },
      { name: 'Hoodie', category: 'Clothing', quantity: 1 },
    ],
  });

  beforeAll(async () => {
    env = await startReporting();
    await publish(env.nc, env.namespace, [events.placed(evil), events.placed(plain)]);
    await caughtUp(env);
  });
  afterAll(() => env.close());

  function ordersPage(input: Record<string, unknown>): Promise<OrdersCsvPage> {
    return env.rpc.call(reportingOps.ordersCsv, input, { actor: admin });
  }

  // Reporting holds no personal data: the teacher and receiving person columns stay for the
  // spreadsheets built on this export, and read "erased". Times are the charity's wall clock (Los
  // Angeles by default, UTC-7 in May): 09:15 UTC is 02:15 there.
  it('exports one row per order line with a header, quoting and formula escaping', async () => {
    const page = await ordersPage({});
    expect(page.nextCursor).toBeNull();
    expect(page.rows).toBe(5);
    const lines = page.csv.split('\r\n');
    expect(`${lines[0]}\r\n`).toBe(HEADER);
    expect(lines[1]).toBe(
      `LR-000001,2026-05-04 02:15,Processing,,"'=HYPERLINK(""http://evil.example"",""Click"")",erased,erased,"Shirt, ""XL""",Clothing,Unisex youth sizing,M,1,1`,
    );
    expect(lines[2]).toBe(
      `LR-000001,2026-05-04 02:15,Processing,,"'=HYPERLINK(""http://evil.example"",""Click"")",erased,erased,'@SUM(A1:A9),Miscellaneous,One size,'-,3,2`,
    );
    expect(lines[3]).toBe(
      `LR-000002,2026-05-05 03:00,Processing,,Brook High,erased,erased,Sneakers,Footwear,Men's sizing,9,1,1`,
    );
    expect(lines).toHaveLength(7); // header + 5 rows + the empty string after the last CRLF
  });

  it('pages the orders export; the pages add up to the whole export', async () => {
    const whole = (await ordersPage({})).csv;
    let csv = '';
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: OrdersCsvPage = await ordersPage({ limit: 2, cursor });
      csv += page.csv;
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(csv).toBe(whole);
  });

  it('refuses a forged cursor', async () => {
    await expect(ordersPage({ cursor: 'not-a-cursor' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it('restricts the orders export to the date range', async () => {
    const page = await ordersPage({ from: '2026-05-05', to: '2026-05-05' });
    expect(page.rows).toBe(3);
    expect(page.csv).not.toContain('LR-000001');
  });

  it('exports the report tables with escaped names', async () => {
    const file = await env.rpc.call(
      reportingOps.reportCsv,
      { from: '2026-05-01' },
      { actor: admin },
    );
    expect(file.filename).toBe('lr345-report_2026-05-01_to_today.csv');
    const lines = file.csv.split('\r\n');
    expect(lines.slice(0, 11)).toEqual([
      'LR345 Report',
      'From,2026-05-01',
      'To,',
      '',
      'Figure,Value',
      'Orders received,2',
      'Orders fulfilled,0',
      'Average fulfilment time (hours),0',
      'Items fulfilled,7',
      'Students helped,2',
      '',
    ]);
    expect(lines).toContain('Top items,Orders');
    expect(lines).toContain(`"Shirt, ""XL""",1`);
    expect(lines).toContain(`'@SUM(A1:A9),1`);
    expect(lines).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")",1`);
  });
});
