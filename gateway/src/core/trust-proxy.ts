/**
 * TRUST_PROXY: which proxies in front of the gateway may tell it the client's address through
 * X-Forwarded-For. Every per-address limit (login failures, reset requests) keys on that address,
 * so trusting the header blindly (`true`) lets any client pick its own address and escape them.
 * Accepted: `false`/`0` (no proxy: the socket's address), a hop count (`1` behind one ingress
 * controller: the address that proxy saw), or a comma-separated list of proxy addresses or CIDRs
 * (and proxy-addr's names `loopback`, `linklocal`, `uniquelocal`). A hop count trusts whatever
 * talks to the gateway, so it is safe only when the proxies are the only way in (docs/operations.md);
 * an address list also checks who the proxy is.
 */
import { isIP } from 'node:net';
import { z } from 'zod';

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

export const trustProxySchema = z
  .string()
  .trim()
  .transform((value, ctx): false | number | string[] => {
    if (value === '' || value === 'false' || value === '0') return false;
    if (/^\d+$/.test(value) && Number(value) <= 100) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    if (value !== 'true' && entries.every(isAddressOrCidr)) return entries;
    ctx.addIssue({
      code: 'custom',
      message:
        value === 'true'
          ? 'true would trust any X-Forwarded-For a client sends (every per-address limit could be escaped): give the number of proxies in front of the gateway (1 behind an ingress controller) or their addresses/CIDRs'
          : 'must be false, a number of proxy hops (e.g. 1) or a comma-separated list of proxy addresses/CIDRs',
    });
    return z.NEVER;
  });
export type TrustProxy = z.infer<typeof trustProxySchema>;

/**
 * Fastify's own numeric `trustProxy` trusts no hop at all (it cannot check the peer), so a hop count
 * is given as proxy-addr's trust function: the socket's peer is hop 0, the entries of
 * X-Forwarded-For from the right are hops 1, 2, ...; the first untrusted one is the client.
 */
export function fastifyTrustProxy(
  value: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value === 'number') return (_address, hop) => hop < value;
  return value;
}
