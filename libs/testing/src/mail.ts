/** The mails a service filed under `dataDir` (no SMTP in tests), oldest first. */
import { mailboxFileIn, readMailbox } from '@lr/nest-kit';

export function mailsIn(dataDir: string): Promise<string[]> {
  return readMailbox(mailboxFileIn(dataDir));
}
