/** Auth service configuration, parsed once at boot (convention 5). */
import { z } from 'zod';
import { baseConfigSchema } from '@lr/nest-kit';

/** Only for development and tests; production must set its own JWT_SECRET. */
const DEV_JWT_SECRET = 'lockerroom-development-secret-change-me-0123456789';

export const authConfigSchema = baseConfigSchema
  .extend({
    /** HS256 key of the session JWTs (at least 32 characters). */
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    JWT_TTL_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(60),
    /** The origin of the store, used in password-reset links. */
    PUBLIC_URL: z.url().default('http://localhost:3000'),
    /** Code of every demo account (demo mode only). */
    DEMO_CODE: z.string().min(6).max(128).default('demo345'),
    /** In production: creates login id `admin` with this code at start when no admin exists. */
    INITIAL_ADMIN_CODE: z.string().min(6).max(128).optional(),
    /** Failed logins allowed per account, then per address, in LOGIN_WINDOW_MINUTES. */
    LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
    LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(20),
    LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
    /** Reset-link requests allowed per client address in 15 minutes (any account, known or not). */
    RESET_MAX_REQUESTS_PER_IP: z.coerce.number().int().min(1).default(10),
    /** Extra delay per failure after the third one (slows guessing before refusing). */
    LOGIN_FAILURE_DELAY_MS: z.coerce.number().int().min(0).default(250),
  })
  .superRefine((config, ctx) => {
    if (config.NODE_ENV === 'production' && !config.JWT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'is required in production' });
    }
  })
  .transform((config) => ({ ...config, JWT_SECRET: config.JWT_SECRET ?? DEV_JWT_SECRET }));

export type AuthConfig = z.infer<typeof authConfigSchema>;
