/**
 * Outgoing mail. With an SMTP URL configured nodemailer sends it; without one (demo and test mode)
 * each mail is appended to `<DATA_DIR>/mail/outgoing.mbox` (see mailbox.ts) so nothing is lost and a
 * developer can read it. Plain-text mails (all the product sends) are composed by
 * `composePlainTextMail` and passed to nodemailer as raw messages; one with HTML is composed by
 * nodemailer.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from './logger.js';
import { composePlainTextMail, parseAddress } from './mail-message.js';
import { MailboxWriter, mailboxFileIn, mboxEntry } from './mailbox.js';

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
  /** The mbox file mails are appended to without SMTP. */
  readonly mailboxFile: string;
  private readonly mailbox: MailboxWriter;
  /** The envelope sender written on each mbox separator line. */
  private readonly sender: string;

  constructor(private readonly options: MailerOptions) {
    this.mailboxFile = mailboxFileIn(options.dataDir);
    this.mailbox = new MailboxWriter(this.mailboxFile);
    this.sender = parseAddress(options.from).address;
    this.transport = options.smtpUrl
      ? nodemailer.createTransport(options.smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  /** Sends (or files) the message; returns the mbox file's path in file mode. */
  async send(message: MailMessage): Promise<string | undefined> {
    const { smtpUrl, from, logger } = this.options;
    if (message.html === undefined) {
      // The mbox keeps unix line ends (easy to read); SMTP gets CRLF.
      const mail = composePlainTextMail({ from, ...message }, smtpUrl ? '\r\n' : '\n');
      if (!smtpUrl) return this.file(message, mail.raw);
      await this.transport.sendMail({ envelope: mail.envelope, raw: mail.raw });
    } else {
      const info = (await this.transport.sendMail({ from, ...message })) as { message?: Buffer };
      if (!smtpUrl && info.message) return this.file(message, info.message.toString('utf8'));
    }
    // The address is personal data (a teacher's e-mail): never logged.
    logger.info({ subject: message.subject }, 'mail sent');
    return undefined;
  }

  /** Waits for mails being filed, then closes the mbox file (on shutdown). */
  async onApplicationShutdown(): Promise<void> {
    await this.mailbox.close();
  }

  private async file(message: MailMessage, raw: string): Promise<string> {
    await this.mailbox.append(mboxEntry(raw, this.sender));
    this.options.logger.info(
      { subject: message.subject, file: this.mailboxFile },
      'mail written to file',
    );
    return this.mailboxFile;
  }
}
