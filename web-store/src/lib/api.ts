/**
 * The one fetch wrapper of the store. The gateway answers errors as `{ success: false, message, code }`;
 * we throw that message so every failed call can show it as a toast.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | undefined,
    /** On a 429: how long until the server takes the request again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** A plain object is sent as JSON; FormData is sent as multipart. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

const FALLBACK_MESSAGE = 'Something went wrong. Please try again.';

export async function apiFetch<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body,
      credentials: 'include',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError('Cannot reach the server. Please check your connection.', 0, undefined);
  }

  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok || (isRecord(payload) && payload.success === false)) {
    const message =
      isRecord(payload) && typeof payload.message === 'string' && payload.message !== ''
        ? payload.message
        : FALLBACK_MESSAGE;
    const code = isRecord(payload) && typeof payload.code === 'string' ? payload.code : undefined;
    throw new ApiError(message, response.status, code, retryAfterOf(payload, response));
  }
  return payload as T;
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return FALLBACK_MESSAGE;
}

/** The body's `retryAfterSeconds`, else the Retry-After header (in seconds), else none. */
function retryAfterOf(payload: unknown, response: Response): number | undefined {
  if (response.status !== 429) return undefined;
  const fromBody = isRecord(payload) ? payload.retryAfterSeconds : undefined;
  const seconds =
    typeof fromBody === 'number' ? fromBody : Number(response.headers?.get('Retry-After') ?? NaN);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
