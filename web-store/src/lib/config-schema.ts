import { z } from 'zod';

/** Anything but an explicit "false"/"0"/"off" keeps a default-on flag on. */
const flagDefaultOn = z
  .string()
  .optional()
  .transform((value) => !['false', '0', 'off', 'no'].includes((value ?? '').trim().toLowerCase()));

const optionalUrl = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== '' ? value.trim() : null));

const storeConfigSchema = z.object({
  VITE_DISABLE_CONTEXT_MENU: flagDefaultOn,
  VITE_HELP_VIDEO_USER: optionalUrl,
  VITE_HELP_VIDEO_OTHER: optionalUrl,
  VITE_CONTACT_EMAIL: z.string().optional(),
  VITE_DONATION_MAILING_ADDRESS: z.string().optional(),
  VITE_DONATION_URL: optionalUrl.pipe(z.url({ protocol: /^https?$/ }).nullable()),
});

export const DEFAULT_DONATION_MAILING_ADDRESS =
  'University Foundation|Gift Processing, Attn: Locker Room 345|PO Box 345|Springfield';
export const DEFAULT_DONATION_URL = 'https://give.example.org/locker-room-345';

export interface StoreConfig {
  /** The original store disables the browser's right-click menu globally; a deploy may turn that off. */
  disableContextMenu: boolean;
  /** How To Use video for schools (role user) and for everyone else. */
  helpVideoUser: string | null;
  helpVideoOther: string | null;
  contactEmail: string;
  /** Where cheques go; `|` separates the lines of the address. */
  donationMailingAddress: string[];
  /** The online giving page for card gifts. */
  donationUrl: string;
}

export function parseStoreConfig(env: Record<string, unknown>): StoreConfig {
  const parsed = storeConfigSchema.parse(env);
  return {
    disableContextMenu: parsed.VITE_DISABLE_CONTEXT_MENU,
    helpVideoUser: parsed.VITE_HELP_VIDEO_USER,
    helpVideoOther: parsed.VITE_HELP_VIDEO_OTHER,
    contactEmail: parsed.VITE_CONTACT_EMAIL?.trim() || 'lockerroom345@example.org',
    donationMailingAddress: (
      parsed.VITE_DONATION_MAILING_ADDRESS?.trim() || DEFAULT_DONATION_MAILING_ADDRESS
    )
      .split(/\s*\|\s*/)
      .filter((line) => line !== ''),
    donationUrl: parsed.VITE_DONATION_URL ?? DEFAULT_DONATION_URL,
  };
}
