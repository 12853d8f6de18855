/**
 * Outgoing mail. With an SMTP URL configured nodemailer sends it; without one (demo and test mode)
 * each mail is written as an .eml file under `<DATA_DIR>/mail` so nothing is lost and a developer
 * can open it. Plain-text mails (all the product sends) are composed by `composePlainTextMail` and
 * passed to nodemailer as raw messages; one with HTML is composed by nodemailer.
 */
import { writeFile as writeFileCallback } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { randomUUID } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from './logger.js';
import { composePlainTextMail } from './mail-message.js';

/** The callback API: about a third less CPU per small file than fs/promises' FileHandle path. */
const writeFile = promisify(writeFileCallback);

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface MailerOptions {
  smtpUrl?: string | undefined;
  from: string;
  dataDir: string;
  logger: Logger;
}

export class Mailer {
  private readonly transport: Transporter;
  readonly mailDir: string;
  /** The mail folder is made once, not before every mail (a system call each, on the order path). */
  private mailDirReady: Promise<unknown> | undefined;

  constructor(private readonly options: MailerOptions) {
    this.mailDir = path.resolve(options.dataDir, 'mail');
    this.transport = options.smtpUrl
      ? nodemailer.createTransport(options.smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  /** Sends (or files) the message; returns the .eml path in file mode. */
  async send(message: MailMessage): Promise<string | undefined> {
    const { smtpUrl, from, logger } = this.options;
    if (message.html === undefined) {
      // Files keep unix line ends (as before, easy to read); SMTP gets CRLF.
      const mail = composePlainTextMail({ from, ...message }, smtpUrl ? '\r\n' : '\n');
      if (!smtpUrl) return this.file(message, Buffer.from(mail.raw));
      await this.transport.sendMail({ envelope: mail.envelope, raw: mail.raw });
    } else {
      const info = (await this.transport.sendMail({ from, ...message })) as { message?: Buffer };
      if (!smtpUrl && info.message) return this.file(message, info.message);
    }
    logger.info({ to: message.to, subject: message.subject }, 'mail sent');
    return undefined;
  }

  private async file(message: MailMessage, content: Buffer): Promise<string> {
    const file = path.join(
      this.mailDir,
      `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`,
    );
    await this.writeMailFile(file, content);
    this.options.logger.info(
      { to: message.to, subject: message.subject, file },
      'mail written to file',
    );
    return file;
  }

  private async writeMailFile(file: string, content: Buffer, retried = false): Promise<void> {
    this.mailDirReady ??= mkdir(this.mailDir, { recursive: true });
    try {
      await this.mailDirReady;
      await writeFile(file, content);
    } catch (error) {
      // Made again on the next mail (or once now, when the folder was removed while running).
      this.mailDirReady = undefined;
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' && !retried) {
        return this.writeMailFile(file, content, true);
      }
      throw error;
    }
  }
}
