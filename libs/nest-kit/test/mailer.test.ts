/**
 * The mailer: plain-text messages composed by the kit, appended to an mbox file without SMTP, and sent
 * through nodemailer's real SMTP client to a minimal SMTP receiver (a socket speaking the protocol,
 * since no mail server runs here) with one.
 */
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createLogger } from '../src/logger.js';
import { composePlainTextMail, parseAddress, quotedPrintable } from '../src/mail-message.js';
import { MailboxWriter, mboxEntry, readMailbox } from '../src/mailbox.js';
import { Mailer } from '../src/mailer.js';

/** Decodes a quoted-printable body (soft breaks and =XX bytes) back to text. */
function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    if (joined[i] === '=' && /^[0-9A-F]{2}$/.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] as string));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Decodes RFC 2047 base64 encoded words in a header value. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\r?\n =\?/g, '?==?')
    .replace(/=\?UTF-8\?B\?([A-Za-z0-9+/=]+)\?=/g, (_, b64: string) =>
      Buffer.from(b64, 'base64').toString('utf8'),
    );
}

function split(raw: string, newline: string) {
  const at = raw.indexOf(`${newline}${newline}`);
  return { head: raw.slice(0, at), body: raw.slice(at + newline.length * 2) };
}

describe('plain-text mail', () => {
  it('keeps short ASCII text as it is', () => {
    const { raw, envelope } = composePlainTextMail(
      {
        from: 'Locker Room <no-reply@lockerroom.local>',
        to: 'teacher@school.example',
        subject: 'Your request LR-000001 has been received',
        text: 'Hello,\n\nWe received it.',
      },
      '\n',
    );
    const { head, body } = split(raw, '\n');
    expect(head).toContain('From: Locker Room <no-reply@lockerroom.local>');
    expect(head).toContain('To: teacher@school.example');
    expect(head).toContain('Subject: Your request LR-000001 has been received');
    expect(head).toMatch(/^Message-ID: <[0-9a-f-]{36}@lockerroom\.local>$/m);
    expect(head).toMatch(/^Date: \w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/m);
    expect(head).toContain('Content-Transfer-Encoding: 7bit');
    expect(body).toBe('Hello,\n\nWe received it.\n');
    expect(envelope).toEqual({
      from: 'no-reply@lockerroom.local',
      to: ['teacher@school.example'],
    });
  });

  it('encodes non-ASCII text, long lines and non-ASCII names so they survive any transport', () => {
    const link = `https://shop.example/password/reset/${'x'.repeat(90)}`;
    const text = `Bonjour l'école «Été» = 100% ✓ \nReset: ${link}\ntrailing space `;
    const { raw } = composePlainTextMail(
      {
        from: 'Café Crème <kontakt@bücher.example>',
        to: 'Zoë <zoe@school.example>',
        subject: 'Demande reçue pour l’élève — merci beaucoup pour votre patience, vraiment',
        text,
      },
      '\r\n',
    );
    const { head, body } = split(raw, '\r\n');
    for (const line of raw.split('\r\n')) {
      expect(line.length).toBeLessThanOrEqual(76);
      expect(line).toMatch(/^[\x20-\x7e]*$/);
    }
    expect(head).toContain('Content-Transfer-Encoding: quoted-printable');
    expect(decodeHeader(head)).toContain(
      'Subject: Demande reçue pour l’élève — merci beaucoup pour votre patience, vraiment',
    );
    expect(decodeHeader(head)).toContain('From: Café Crème <kontakt@xn--bcher-kva.example>');
    expect(decodeHeader(head)).toContain('To: Zoë <zoe@school.example>');
    expect(decodeQuotedPrintable(body.replace(/\r\n$/, '')).replace(/\r\n/g, '\n')).toBe(text);
  });

  it('breaks long plain lines with soft breaks only, every part as written', () => {
    const sentence = 'In-stock items are picked, packed and delivered within 24-48 hours. ';
    for (const length of [75, 76, 150, 151, 400]) {
      const line = sentence.repeat(6).slice(0, length).trimEnd();
      const encoded = quotedPrintable(`${line}\nshort`, '\n');
      const lines = encoded.split('\n');
      for (const part of lines) expect(part.length).toBeLessThanOrEqual(76);
      expect(lines.slice(0, -2).every((part) => part.length === 76 && part.endsWith('='))).toBe(
        true,
      );
      expect(encoded.replace(/=\n/g, '')).toBe(`${line}\nshort`);
    }
  });

  it('quotes a display name with special characters and reads bare addresses', () => {
    expect(parseAddress('"Room, The" <a@b.example>')).toEqual({
      name: 'Room, The',
      address: 'a@b.example',
    });
    expect(parseAddress(' a@b.example ')).toEqual({ name: '', address: 'a@b.example' });
    const { raw } = composePlainTextMail(
      { from: 'Room, The <a@b.example>', to: 'c@d.example', subject: 's', text: 't' },
      '\n',
    );
    expect(raw).toContain('From: "Room, The" <a@b.example>');
    expect(quotedPrintable('a=b\tc \n', '\n')).toBe('a=3Db\tc=20\n');
  });
});

describe('Mailer', () => {
  let dataDir: string;
  const logger = createLogger({ level: 'silent', service: 'mailer-test', pretty: false });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'lr-mailer-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('appends to the mbox file when no SMTP server is configured, in the order mails were sent', async () => {
    const mailer = new Mailer({ from: 'Locker Room <no-reply@lockerroom.local>', dataDir, logger });
    const file = await mailer.send({ to: 'a@school.example', subject: 'Hi', text: 'Ça va ?' });
    expect(file).toBe(path.join(dataDir, 'mail', 'outgoing.mbox'));
    // Mails sent while one is being written go out together, still in order and whole.
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        mailer.send({ to: `s${i}@school.example`, subject: `Mail ${i}`, text: `Number ${i}` }),
      ),
    );
    const mails = await readMailbox(file as string);
    expect(mails).toHaveLength(31);
    expect(mails[0]).toContain('To: a@school.example');
    expect(decodeQuotedPrintable(split(mails[0] as string, '\n').body.trimEnd())).toBe('Ça va ?');
    expect(mails.slice(1).map((m) => /^Subject: (.*)$/m.exec(m)?.[1])).toEqual(
      Array.from({ length: 30 }, (_, i) => `Mail ${i}`),
    );
    expect(
      (await readFile(file as string, 'utf8')).match(/^From no-reply@lockerroom\.local /gm),
    ).toHaveLength(31);
    await mailer.onApplicationShutdown();
  });

  it('keeps body lines that look like a separator as text (mboxrd quoting)', async () => {
    const text = 'Hello,\nFrom the office: ready.\n>From an old mail\nBye';
    const entry = mboxEntry(`Subject: x\n\n${text}\n`, 'no-reply@lockerroom.local');
    expect(entry).toContain('\n>From the office: ready.\n>>From an old mail\n');
    const dir = await mkdtemp(path.join(os.tmpdir(), 'lr-mbox-'));
    try {
      const writer = new MailboxWriter(path.join(dir, 'box.mbox'));
      await writer.append(entry);
      await writer.append(mboxEntry('Subject: y\n\nsecond\n', 'no-reply@lockerroom.local'));
      await writer.close();
      expect(await readMailbox(path.join(dir, 'box.mbox'))).toEqual([
        `Subject: x\n\n${text}\n`,
        'Subject: y\n\nsecond\n',
      ]);
      expect((await stat(path.join(dir, 'box.mbox'))).mode & 0o777).toBe(0o600);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('dates the separator line in asctime form, in UTC', () => {
    const at = (iso: string) =>
      mboxEntry('Subject: x\n\nhi\n', 'a@b.c', new Date(iso)).split('\n')[0];
    expect(at('2026-11-23T07:18:28Z')).toBe('From a@b.c Mon Nov 23 07:18:28 2026');
    expect(at('2026-02-05T23:59:59Z')).toBe('From a@b.c Thu Feb  5 23:59:59 2026');
  });

  it('starts a new mbox when the mail folder is removed while running', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'lr-mailer-gone-'));
    const mailer = new Mailer({ from: 'no-reply@lockerroom.local', dataDir: dir, logger });
    try {
      await mailer.send({ to: 'a@school.example', subject: 'First', text: 'one' });
      await rm(path.join(dir, 'mail'), { recursive: true, force: true });
      await mailer.send({ to: 'a@school.example', subject: 'Second', text: 'two' });
      const mails = await readMailbox(mailer.mailboxFile);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toContain('Subject: Second');
    } finally {
      await mailer.onApplicationShutdown();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('sends through SMTP with the envelope, CRLF lines and the message as composed', async () => {
    const received: { commands: string[]; data: string } = { commands: [], data: '' };
    const server = net.createServer((socket) => {
      let buffer = '';
      let inData = false;
      socket.write('220 test ESMTP\r\n');
      socket.on('data', (chunk) => {
        buffer += chunk.toString('utf8');
        for (;;) {
          if (inData) {
            const end = buffer.indexOf('\r\n.\r\n');
            if (end < 0) return;
            received.data = buffer.slice(0, end + 2);
            buffer = buffer.slice(end + 5);
            inData = false;
            socket.write('250 queued\r\n');
            continue;
          }
          const eol = buffer.indexOf('\r\n');
          if (eol < 0) return;
          const line = buffer.slice(0, eol);
          buffer = buffer.slice(eol + 2);
          received.commands.push(line);
          if (/^EHLO/i.test(line)) socket.write('250-test\r\n250 8BITMIME\r\n');
          else if (/^DATA/i.test(line)) {
            inData = true;
            socket.write('354 go on\r\n');
          } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
          else socket.write('250 ok\r\n');
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    try {
      const mailer = new Mailer({
        smtpUrl: `smtp://127.0.0.1:${port}`,
        from: 'Locker Room <no-reply@lockerroom.local>',
        dataDir,
        logger,
      });
      const text = 'Request LR-000042 is ready.\n.\nPickup: Tuesdays.';
      await expect(
        mailer.send({ to: 'Teacher <t@school.example>', subject: 'Ready', text }),
      ).resolves.toBeUndefined();
      expect(received.commands).toEqual(
        expect.arrayContaining([
          'MAIL FROM:<no-reply@lockerroom.local>',
          'RCPT TO:<t@school.example>',
        ]),
      );
      expect(received.data).toContain('\r\nSubject: Ready\r\n');
      expect(received.data).not.toMatch(/[^\r]\n/);
      // A line holding only a dot is escaped on the wire (dot-stuffing) and comes back whole.
      const body = split(received.data, '\r\n').body.replace(/^\.\./gm, '.');
      expect(body).toBe('Request LR-000042 is ready.\r\n.\r\nPickup: Tuesdays.\r\n');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
