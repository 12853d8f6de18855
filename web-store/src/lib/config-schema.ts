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
});

export interface StoreConfig {
  /** The spec disables the browser's right-click menu globally; a deploy may turn that off. */
  disableContextMenu: boolean;
  /** How To Use video for schools (role user) and for everyone else. */
  helpVideoUser: string | null;
  helpVideoOther: string | null;
  contactEmail: string;
}

export function parseStoreConfig(env: Record<string, unknown>): StoreConfig {
  const parsed = storeConfigSchema.parse(env);
  return {
    disableContextMenu: parsed.VITE_DISABLE_CONTEXT_MENU,
    helpVideoUser: parsed.VITE_HELP_VIDEO_USER,
    helpVideoOther: parsed.VITE_HELP_VIDEO_OTHER,
    contactEmail: parsed.VITE_CONTACT_EMAIL?.trim() || 'lockerroom345@example.org',
  };
}
