/**
 * Pruning the mbox fallback to the retention period: messages filed before the cutoff go, later
 * ones stay byte for byte (escaped "From " lines included), a missing file is nothing to do, and
 * a writer with the file open keeps appending to the pruned file.
 */
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  MailboxWriter,
  mboxEntry,
  mboxEntryDate,
  pruneMailbox,
  readMailbox,
} from '../src/mailbox.js';

describe('pruneMailbox', () => {
  let dir: string;
  let file: string;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'lr-mbox-prune-'));
    file = path.join(dir, 'outgoing.mbox');
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('reads the date of a separator line', () => {
    const at = new Date('2026-03-05T07:08:09Z');
    expect(mboxEntryDate(mboxEntry('x', 'a@b.c', at).split('\n')[0]!)).toEqual(at);
    expect(mboxEntryDate('From nobody')).toBeNull();
  });

  it('removes the messages filed before the cutoff and keeps the others as they were', async () => {
    const writer = new MailboxWriter(file);
    await writer.append(
      mboxEntry(
        'Subject: old\n\nTo: teacher@old.example\n',
        'a@b.c',
        new Date('2026-01-01T00:00:00Z'),
      ),
    );
    await writer.append(
      mboxEntry('Subject: new\n\nFrom the charity\n', 'a@b.c', new Date('2026-03-01T00:00:00Z')),
    );
    expect(await pruneMailbox(file, new Date('2026-02-01T00:00:00Z'))).toBe(1);
    const kept = await readMailbox(file);
    expect(kept).toEqual(['Subject: new\n\nFrom the charity\n']);
    expect(await readFile(file, 'utf8')).not.toContain('teacher@old.example');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    // Nothing more to prune; the open writer appends to the pruned file, not the removed one.
    expect(await pruneMailbox(file, new Date('2026-02-01T00:00:00Z'))).toBe(0);
    await writer.append(
      mboxEntry('Subject: later\n\nbody\n', 'a@b.c', new Date('2026-03-02T00:00:00Z')),
    );
    expect(await readMailbox(file)).toHaveLength(2);
    await writer.close();
  });

  it('does nothing without a file', async () => {
    expect(await pruneMailbox(file, new Date())).toBe(0);
  });
});
