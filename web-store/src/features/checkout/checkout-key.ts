/**
 * The Idempotency-Key of one checkout. It is made when the school arrives on /process/payment and
 * kept for that history entry (a reload or a double click reuses it); a new visit gets a new key.
 */
const KEY = 'checkoutIdempotencyKey';

function newUuid(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function')
    return crypto.randomUUID();
  // Fallback for old browsers: RFC 4122 version 4 from getRandomValues.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function checkoutKeyFor(visitId: string): string {
  try {
    const stored = JSON.parse(window.sessionStorage.getItem(KEY) ?? 'null') as {
      visitId?: string;
      key?: string;
    } | null;
    if (stored?.visitId === visitId && stored.key) return stored.key;
  } catch {
    // unreadable: make a new one
  }
  const key = newUuid();
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify({ visitId, key }));
  } catch {
    // storage disabled: the key still lives for this render tree
  }
  return key;
}

export function forgetCheckoutKey(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // nothing to forget
  }
}
