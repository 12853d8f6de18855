/**
 * The short form of `node bench/change-statement-cost.mjs`: every step of a status change's
 * statement, rebuilt on the orders service's real schema, runs against a measured stack's database
 * and prints its reading. It keeps the tool's statements in step with the schema; the readings
 * themselves are printed, never asserted (bench/README.md).
 */
import { runNodeScript } from '../support/run-node-script.js';

/** The steps the tool prints, in order (bench/change-statement-cost.mjs). */
const STEPS = [
  'round trip (SELECT 1)',
  'update, status kept, no trigger',
  'update of the status, no trigger',
  '+ status-count trigger',
  '+ history entry',
  '+ outbox event',
  '+ recorded reply',
  '+ access log entry (all of it)',
];

describe('bench/change-statement-cost.mjs, short form', () => {
  it('runs every step of the statement on the real schema and prints a reading for each', async () => {
    const { code, output } = await runNodeScript('bench/change-statement-cost.mjs', {
      BENCH_STATEMENT_RATE: '50',
      BENCH_STATEMENT_SECONDS: '0.4',
      BENCH_STATEMENT_ROUNDS: '1',
      BENCH_STATEMENT_ORDERS: '20',
    });
    if (code !== 0) console.error(output.slice(-4000));
    expect(code).toBe(0);
    // Each step's line: its name, padded, then its CPU ms per statement.
    const readings = output
      .split('\n')
      .map((line) => /^ {2}(\S.*?) {2,}(\d+\.\d{3})/.exec(line))
      .filter((match) => match !== null);
    expect(readings.map((match) => match[1])).toEqual(STEPS);
    console.log(readings.map((match) => match.input).join('\n'));
  }, 240_000);
});
