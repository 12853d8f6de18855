/**
 * The security headers every answer carries (Content-Security-Policy, frame, referrer and
 * cross-origin policies, HSTS in production), as helmet composes them from the policy below.
 *
 * Helmet's middleware writes them on each response through a chain of a dozen functions, each
 * setting one header on Node's response (which validates the name and value again every time).
 * None of them depends on the request: they are worked out once, at start, by running that same
 * middleware against a recorder, and each answer then gets the finished set in one step.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

export type SecurityHeaders = Readonly<Record<string, string>>;

/** The policy the gateway answers under (helmet options). */
export function securityPolicy(production: boolean): Parameters<typeof helmet>[0] {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        frameSrc: ["'self'", 'https://www.youtube.com', 'https://www.youtube-nocookie.com'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: production ? [] : null,
      },
    },
    hsts: production,
  };
}

/**
 * The headers helmet sets for this policy, by lower-case name. Throws if helmet would need the
 * request (a policy written as a function of it) or fails: the set would then not be the same for
 * every answer, and computing it once would be wrong.
 */
export function securityHeaders(production: boolean): SecurityHeaders {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: unknown) {
      if (typeof value !== 'string') {
        throw new Error(`security header ${name}: expected a fixed text, got ${typeof value}`);
      }
      headers[name.toLowerCase()] = value;
      return recorder;
    },
    // helmet removes X-Powered-By, which Fastify never sets.
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  const noRequest = new Proxy(
    {},
    {
      get(_target, key) {
        throw new Error(`security headers must not depend on the request (read ${String(key)})`);
      },
    },
  );
  let outcome: { error?: unknown } | undefined;
  helmet(securityPolicy(production))(
    noRequest as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      outcome = { error };
    },
  );
  if (!outcome) throw new Error('helmet did not finish synchronously');
  if (outcome.error) throw outcome.error;
  return Object.freeze(headers);
}

/** Every answer gets the headers of `securityHeaders(production)`, set in one step. */
export function registerSecurityHeaders(fastify: FastifyInstance, production: boolean): void {
  const headers = securityHeaders(production);
  fastify.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
}
