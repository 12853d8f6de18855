/**
 * The mail folder used when no SMTP server is configured: every mail is appended to one mbox file
 * (`<DATA_DIR>/mail/outgoing.mbox`, the mboxrd variant), which mail programs open as a folder
 * (`mutt -f`, Thunderbird's import) and which reads as plain text.
 *
 * One file, not one .eml file per mail: a file per mail costs an open, a write and a close through
 * the thread pool plus a new directory entry for every order placed, a share of the stack's CPU
 * that shows under load (bench/README.md). Here the file stays open and each append is one write
 * on the event loop's thread; mails sent while the file is being opened go out together in the
 * next single append.
 */
import { close, fstatSync, open, writeSync } from 'node:fs';
import {
  appendFile as appendWhole,
  mkdir,
  readFile,
  rename,
  writeFile as writeWhole,
} from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const openFile = promisify(open);
const closeFile = promisify(close);

/** Where mail is filed without SMTP: `<dataDir>/mail/outgoing.mbox`. */
export function mailboxFileIn(dataDir: string): string {
  return path.resolve(dataDir, 'mail', 'outgoing.mbox');
}

/** A line that starts like a message separator gets one more `>` (mboxrd), so it stays body text. */
const FROM_LINE = /^(>*From )/gm;

/**
 * asctime() form in UTC (`Mon Nov 23 07:18:28 2026`), as the mbox separator line writes the date.
 * toUTCString() gives `Mon, 23 Nov 2026 07:18:28 GMT`: day of month before month.
 */
function asctime(date: Date): string {
  const [day, dayOfMonth, month, year, time] = date.toUTCString().replace(',', '').split(' ');
  return `${day} ${month} ${String(Number(dayOfMonth)).padStart(2, ' ')} ${time} ${year}`;
}

/** One message as it is stored in the mbox: separator line, escaped message, blank line. */
export function mboxEntry(message: string, sender: string, at = new Date()): string {
  const body = message.replace(FROM_LINE, '>$1');
  return `From ${sender || 'MAILER-DAEMON'} ${asctime(at)}\n${body}${body.endsWith('\n') ? '' : '\n'}\n`;
}

/** The messages of an mbox file, unescaped, oldest first (none when the file does not exist). */
export async function readMailbox(file: string): Promise<string[]> {
  const content = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return '';
    throw error;
  });
  const messages: string[] = [];
  let current: string[] | null = null;
  for (const line of content.split('\n')) {
    if (line.startsWith('From ')) {
      if (current) messages.push(current.join('\n'));
      current = [];
    } else if (current) {
      current.push(line.replace(/^>(>*From )/, '$1'));
    }
  }
  if (current) messages.push(current.join('\n'));
  // Each entry ends with its message's last line break and the blank separator line.
  return messages.map((m) => m.replace(/\n\n?$/, '\n'));
}

interface PendingAppend {
  data: Buffer;
  done: (error?: Error) => void;
}

/**
 * Appends to one file, kept open. Appends made in one turn of the event loop go out together at its
 * end, in one write (and one check that the file is still there): the mails of orders placed at
 * the same moment, answered by one group insert in one turn, cost one system call, not one each.
 */
export class MailboxWriter {
  private fd: number | undefined;
  private readonly pending: PendingAppend[] = [];
  /** Set from the first append of a turn until `writePending`'s loop finds nothing left. */
  private busy = false;
  private writing: Promise<void> | undefined;

  constructor(readonly file: string) {}

  append(data: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.push({
        data: Buffer.from(data),
        done: (error) => (error ? reject(error) : resolve()),
      });
      if (!this.busy) {
        this.busy = true;
        this.writing = new Promise((turnEnded) => setImmediate(turnEnded)).then(() =>
          this.writePending(),
        );
      }
    });
  }

  /** Waits for the appends under way, then closes the file. */
  async close(): Promise<void> {
    await this.writing;
    const fd = this.fd;
    this.fd = undefined;
    if (fd !== undefined) await closeFile(fd).catch(() => undefined);
  }

  private async writePending(): Promise<void> {
    try {
      while (this.pending.length > 0) {
        const batch = this.pending.splice(0);
        try {
          await this.writeAll(Buffer.concat(batch.map((p) => p.data)));
          for (const p of batch) p.done();
        } catch (error) {
          for (const p of batch) p.done(error as Error);
        }
      }
    } finally {
      this.busy = false;
    }
  }

  /**
   * The check and the append run on this thread: appending a few kilobytes to an open file ends in
   * the page cache, and handing each call to the thread pool and back cost more CPU than the call.
   */
  private async writeAll(data: Buffer): Promise<void> {
    const fd = await this.openFile();
    let written = 0;
    while (written < data.length) {
      written += writeSync(fd, data, written, data.length - written);
    }
  }

  /**
   * The open file; opened again when it was deleted meanwhile (its folder removed, or the file
   * moved away and removed), so later mails are not written into a file nobody can see.
   */
  private async openFile(): Promise<number> {
    if (this.fd !== undefined) {
      if (fstatSync(this.fd).nlink > 0) return this.fd;
      const stale = this.fd;
      this.fd = undefined;
      await closeFile(stale).catch(() => undefined);
    }
    await mkdir(path.dirname(this.file), { recursive: true });
    this.fd = await openFile(this.file, 'a', 0o600);
    return this.fd;
  }
}

/** The date on an mbox separator line (`From sender Mon Nov 23 07:18:28 2026`), or null. */
export function mboxEntryDate(separatorLine: string): Date | null {
  const parts = separatorLine.trim().split(/\s+/);
  if (parts.length < 6) return null;
  const [month, day, time, year] = parts.slice(-4);
  const at = new Date(`${month} ${day} ${year} ${time} UTC`);
  return Number.isNaN(at.getTime()) ? null : at;
}

/**
 * Removes the messages filed before `olderThan` (the mail kept without SMTP holds teachers'
 * addresses and must not outlive the personal-data retention). The file is rewritten beside itself
 * and renamed over it; a writer with the file open notices (MailboxWriter reopens an unlinked
 * file), and what another process appended while this ran is carried over before the rename.
 * Returns the number of messages removed.
 */
export async function pruneMailbox(file: string, olderThan: Date): Promise<number> {
  const content = await readFile(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (!content) return 0;
  const kept: string[] = [];
  let removed = 0;
  // Entries start at a separator line; anything before the first one is kept as it is.
  const entries = content.toString('utf8').split(/(?=^From )/m);
  for (const entry of entries) {
    const at = entry.startsWith('From ')
      ? mboxEntryDate(entry.slice(0, entry.indexOf('\n')))
      : null;
    if (at && at < olderThan) removed += 1;
    else kept.push(entry);
  }
  if (removed === 0) return 0;
  const temporary = `${file}.pruning`;
  await writeWhole(temporary, kept.join(''), { mode: 0o600 });
  const grown = await readFile(file);
  if (grown.length > content.length) {
    await appendWhole(temporary, grown.subarray(content.length));
  }
  await rename(temporary, file);
  return removed;
}
