/**
 * The stack's supervisor in quiet mode (the benchmarks' and some tests' stacks): it prints nothing,
 * but keeps each process's last lines so that a stack that never becomes healthy can say why.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, waitFor } from '@lr/testing';
// @ts-expect-error plain ES module without types
import { waitForHealthy as untypedWaitForHealthy } from '../scripts/stack/health.mjs';
// @ts-expect-error plain ES module without types
import { Supervisor as UntypedSupervisor } from '../scripts/stack/supervisor.mjs';

interface QuietSupervisor {
  start(name: string, entry: string): void;
  recentOutput(): string;
  explainUnhealthy(): string;
  stopAll(): Promise<void>;
}
const Supervisor = UntypedSupervisor as new (options: {
  env: Record<string, string>;
  log: (line: string) => void;
  quiet: boolean;
}) => QuietSupervisor;
const waitForHealthy = untypedWaitForHealthy as (
  url: string,
  timeoutMs: number,
  explain?: () => string,
) => Promise<unknown>;

describe('the stack supervisor, quiet', () => {
  let dir: string;
  let supervisor: QuietSupervisor;
  const logged: string[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'lr-supervisor-'));
    // Thirty lines on stdout, one on stderr, then it stays up until stopped.
    await writeFile(
      path.join(dir, 'talker.mjs'),
      `for (let i = 1; i <= 30; i++) console.log('line ' + i);
       console.error('catalog not answering');
       setInterval(() => undefined, 1000);`,
    );
    supervisor = new Supervisor({ env: {}, log: (line) => logged.push(line), quiet: true });
  });
  afterAll(async () => {
    await supervisor.stopAll();
    await rm(dir, { recursive: true, force: true });
  });

  it('prints nothing while the processes run, and gives their last lines, labelled, when asked', async () => {
    supervisor.start('catalog', path.join(dir, 'talker.mjs'));
    await waitFor(async () => supervisor.recentOutput().includes('catalog not answering'), {
      timeoutMs: 10_000,
    });
    const lines = supervisor.recentOutput().split('\n');
    expect(logged).toEqual([]);
    expect(lines).toContain('[catalog] catalog not answering');
    expect(lines).toContain('[catalog] line 30');
    // Only the last lines are kept: the first ones are gone.
    expect(lines).not.toContain('[catalog] line 1');
    expect(lines.length).toBeLessThanOrEqual(21);
  });

  it('explains a stack that never became healthy with those lines', async () => {
    // Nothing listens there: the gateway never answers.
    const url = `http://127.0.0.1:${await freePort()}`;
    const failure = await waitForHealthy(url, 600, () => supervisor.explainUnhealthy()).catch(
      (error: Error) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    const message = (failure as Error).message;
    expect(message).toMatch(/^The stack did not become healthy: /);
    expect(message).toContain("The processes' last output:\n");
    expect(message).toContain('[catalog] catalog not answering');
  });
});
