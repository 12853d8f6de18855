import type { z } from 'zod';
import { fetchUtils } from 'react-admin';

/**
 * A JSON request body typed by the schema the gateway reads that route's body with, so a change to
 * the server's schema is a compile error here (the type import adds nothing to the bundle).
 */
export function jsonBody<S extends z.ZodType>(body: z.input<S>): string {
  return JSON.stringify(body);
}

/** Every console call rides on the gateway's httpOnly session cookie. */
export function httpClient(url: string, options: fetchUtils.Options = {}) {
  return fetchUtils.fetchJson(url, { ...options, credentials: 'include' });
}

/** The message of a failed call as the server worded it, or a fallback. */
export function errorMessage(error: unknown, fallback = 'Something went wrong'): string {
  if (error && typeof error === 'object') {
    const body = (error as { body?: { message?: unknown } }).body;
    if (body && typeof body.message === 'string' && body.message) return body.message;
    const message = (error as { message?: unknown }).message;
    if (typeof message === 'string' && message) return message;
  }
  return fallback;
}

export function queryString(params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `?${text}` : '';
}
