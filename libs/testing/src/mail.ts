/** The mails a service filed under `dataDir` (no SMTP in tests), oldest first. */
import path from 'node:path';
import { MAILBOX_FILE, readMailbox } from '@lr/nest-kit';

export function mailsIn(dataDir: string): Promise<string[]> {
  return readMailbox(path.join(dataDir, 'mail', MAILBOX_FILE));
}
