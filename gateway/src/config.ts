/** Gateway configuration, parsed once at boot (convention 5). */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  baseConfigSchema,
  booleanFromEnv,
  jwtSecretSchema,
  requireJwtSecretInProduction,
} from '@lr/nest-kit';
import { originListSchema } from './core/origin-check.js';
import { trustProxySchema } from './core/trust-proxy.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const gatewayVariables = baseConfigSchema.extend({
  /**
   * The key auth signs session JWTs with: the gateway verifies them itself before asking auth.
   * Required in production; elsewhere, when unset, the key kept under DATA_DIR (shared with auth:
   * nest-kit's session-key.ts), read when the app starts.
   */
  JWT_SECRET: jwtSecretSchema,
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** The origin browsers use; state-changing requests from another Origin are refused (CSRF). */
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  /**
   * Other origins whose pages may send state-changing requests (comma-separated, e.g. a second host
   * name of the same shop). The request's own Host never counts: a client chooses it.
   */
  EXTRA_ORIGINS: originListSchema,
  /**
   * Largest request body, in bytes, whatever its type (multipart included); past it the request is
   * answered 413 at once and the rest is not read. JSON and urlencoded bodies stop at 1 MB.
   */
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024 * 1024)
    .max(100 * 1024 * 1024)
    .default(10 * 1024 * 1024),
  /** Time a client has to send a whole request, headers and body (then 408 and the connection closes). */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** Time a client has to send a request's headers (at most REQUEST_TIMEOUT_MS). */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /**
   * How long an idle keep-alive connection stays open. Longer than a load balancer's idle timeout
   * (often 60 s), so the gateway never closes a connection the balancer is about to reuse.
   */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(72_000),
  /** Secure cookies; defaults to true in production. */
  COOKIE_SECURE: booleanFromEnv.optional(),
  /**
   * Check every answer of a route that declares its response schema against it, and answer 500 when
   * it does not match (on by default in tests: a drifted mapper fails the suite, not a client).
   */
  CHECK_RESPONSE_CONTRACTS: booleanFromEnv.optional(),
  /** Proxies allowed to set the client address (core/trust-proxy.ts): false, hops or addresses. */
  TRUST_PROXY: trustProxySchema.default(false),
  /**
   * How long a session check may be reused without asking auth (0: ask on every request). Auth's
   * hints evict at once; this only bounds the staleness when a hint is lost (docs/adr/0010-gateway-session-cache.md).
   */
  SESSION_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /** How long the public most-needed list is reused (0: asked every time); at most an hour. */
  MOST_NEEDED_CACHE_MS: z.coerce.number().int().min(0).max(3_600_000).default(600_000),
  WEB_STORE_DIR: z.string().default(path.join(repoRoot, 'web-store/dist')),
  WEB_ADMIN_DIR: z.string().default(path.join(repoRoot, 'web-admin/dist')),
  /** Where uploaded images are kept by the local storage adapter (default <DATA_DIR>/media). */
  MEDIA_DIR: z.string().optional(),
  MEDIA_STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PUBLIC_URL: z.url().optional(),
  /**
   * Largest image accepted, in pixels (width x height, read from the header before decoding). A
   * decoded pixel costs 3 to 4 bytes, so this bounds the memory one image can take.
   */
  IMAGE_MAX_PIXELS: z.coerce.number().int().min(1).max(268_402_689).default(40_000_000),
  /**
   * Images decoded, resized and encoded at once; the rest wait (see IMAGE_QUEUE_MAX). Each takes one
   * of Node's libuv threads (4 unless UV_THREADPOOL_SIZE says otherwise), which file reads and gzip
   * also need: keep it below that pool's size.
   */
  IMAGE_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  /** Images that may wait for a turn; beyond that an upload is answered 503 with Retry-After. */
  IMAGE_QUEUE_MAX: z.coerce.number().int().min(0).max(1000).default(16),
  /** Images one account may upload per minute (then 429 with Retry-After); 0 disables the limit. */
  IMAGE_UPLOADS_PER_MINUTE: z.coerce.number().int().min(0).max(10_000).default(30),
  /** The charity as the console's printed impact report names it. */
  CHARITY_NAME: z.string().trim().min(1).max(200).default('Locker Room'),
  /** Its logo on that page (an absolute URL or a path the gateway serves); none by default. */
  CHARITY_LOGO_URL: z
    .string()
    .trim()
    .max(2000)
    .refine(
      (v) => v === '' || v.startsWith('/') || /^https?:\/\//.test(v),
      'must be a URL or a path',
    )
    .default(''),
});

export const gatewayConfigSchema = gatewayVariables.superRefine(requireJwtSecretInProduction);
export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;

export function cookieSecure(config: GatewayConfig): boolean {
  return config.COOKIE_SECURE ?? config.NODE_ENV === 'production';
}

export function mediaDir(config: GatewayConfig): string {
  return path.resolve(config.MEDIA_DIR ?? path.join(config.DATA_DIR, 'media'));
}

export function checkResponseContracts(config: GatewayConfig): boolean {
  return config.CHECK_RESPONSE_CONTRACTS ?? config.NODE_ENV === 'test';
}
