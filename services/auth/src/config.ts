/** Auth service configuration, parsed once at boot (convention 5). */
import { z } from 'zod';
import { DEFAULT_DEMO_CODE } from '@lr/contracts';
import {
  baseConfigSchema,
  jwtSecretSchema,
  requireJwtSecretInProduction,
  sessionSecret,
} from '@lr/nest-kit';

export const authConfigSchema = baseConfigSchema
  .extend({
    /**
     * HS256 key of the session JWTs (at least 32 characters), the gateway's too. Required in
     * production; elsewhere, when unset, a random key is made once per DATA_DIR (nest-kit's
     * session-key.ts).
     */
    JWT_SECRET: jwtSecretSchema,
    JWT_TTL_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(60),
    /** The origin of the store, used in password-reset links. */
    PUBLIC_URL: z.url().default('http://localhost:3000'),
    /** Code of every demo account (demo mode only). */
    DEMO_CODE: z.string().min(6).max(128).default(DEFAULT_DEMO_CODE),
    /**
     * In production: creates login id `admin` with this code at start when no admin exists. Empty
     * is unset (compose passes `${INITIAL_ADMIN_CODE:-}` once the line leaves `.env`).
     */
    INITIAL_ADMIN_CODE: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.string().min(6).max(128).optional(),
    ),
    /**
     * Wrong codes (logins, old and current codes) allowed per account from one address in
     * LOGIN_WINDOW_MINUTES; then that address gets 429 for that account.
     */
    LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP: z.coerce.number().int().min(1).default(5),
    /**
     * Wrong codes from one address over all accounts before the address is refused altogether:
     * far above what the schools or the office behind one shared address reach with typos.
     */
    LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(200),
    /**
     * Wrong codes from one address over all accounts before its attempts are slowed down
     * (LOGIN_FAILURE_DELAY_MS more per failure, at most 3 s).
     */
    LOGIN_IP_SLOW_DOWN_AFTER: z.coerce.number().int().min(0).default(10),
    LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
    /** Reset-link requests allowed per client address in 15 minutes (any account, known or not). */
    RESET_MAX_REQUESTS_PER_IP: z.coerce.number().int().min(1).default(10),
    /** Reset-link uses (new code with a token) allowed per client address in 15 minutes. */
    RESET_MAX_ATTEMPTS_PER_IP: z.coerce.number().int().min(1).default(10),
    /**
     * Extra delay per failure: of each failed answer on an account (any address) past its third,
     * and of every attempt from an address past LOGIN_IP_SLOW_DOWN_AFTER; at most 3 s each. Slows
     * guessing without ever refusing the right code.
     */
    LOGIN_FAILURE_DELAY_MS: z.coerce.number().int().min(0).default(250),
  })
  .superRefine(requireJwtSecretInProduction)
  .transform((config) => ({ ...config, JWT_SECRET: sessionSecret(config) }));

export type AuthConfig = z.infer<typeof authConfigSchema>;
