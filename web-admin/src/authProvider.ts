import type { AuthProvider, UserIdentity } from 'react-admin';
import type { loginBodySchema, Role } from '@lr/contracts';
import { STORE_API } from './dataProvider';
import { jsonBody } from './http';

interface SessionUser {
  _id: string;
  name: string;
  email: string;
  role: Role;
  avatar?: { url?: string };
}

/** Only staff use the console; a school (role user) is sent to the store's home page. */
export const CONSOLE_ROLES: readonly Role[] = ['admin', 'volunteer'];
export const STORE_HOME = '/home';

export function isConsoleRole(role: string | undefined): boolean {
  return CONSOLE_ROLES.includes(role as Role);
}

class AuthError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** A refused login; on a 429, with the seconds until logins from here are taken again. */
export class LoginRefused extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

function retryAfterOf(response: Response, body: Record<string, unknown>): number | undefined {
  if (response.status !== 429) return undefined;
  const seconds =
    typeof body.retryAfterSeconds === 'number'
      ? body.retryAfterSeconds
      : Number(response.headers.get('Retry-After') ?? NaN);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
}

// /me is asked on every page change, and checkAuth, getPermissions and getIdentity all ask it at once
// when the console opens: one request answers them all (shared while in flight), and its outcome,
// signed in or not, is kept briefly so a logged-out visitor sees the login form after a single 401.
const ME_CACHE_MS = 5_000;
type MeOutcome = { user: SessionUser } | { error: AuthError };
let cached: { outcome: MeOutcome; at: number } | null = null;
let inFlight: Promise<MeOutcome> | null = null;

async function readJson(response: Response): Promise<Record<string, unknown>> {
  try {
    return (await response.json()) as Record<string, unknown>;
  } catch {
    return {};
  }
}

async function askMe(): Promise<MeOutcome> {
  const response = await fetch(`${STORE_API}/me`, { credentials: 'include' });
  const body = await readJson(response);
  if (!response.ok || !body.user) {
    const message = String(body.message ?? 'Please login to access this resource');
    return { error: new AuthError(message, response.status) };
  }
  return { user: body.user as SessionUser };
}

function forgetSession(): void {
  cached = null;
  inFlight = null;
}

async function fetchMe(): Promise<SessionUser> {
  if (!cached || Date.now() - cached.at >= ME_CACHE_MS) {
    const request = inFlight ?? askMe();
    inFlight = request;
    try {
      const outcome = await request;
      // A login or logout while the request was out wins over its answer.
      if (inFlight === request) cached = { outcome, at: Date.now() };
      if ('error' in outcome) throw outcome.error;
      return outcome.user;
    } finally {
      if (inFlight === request) inFlight = null;
    }
  }
  if ('error' in cached.outcome) throw cached.outcome.error;
  return cached.outcome.user;
}

function sendToStore(): void {
  window.location.assign(STORE_HOME);
}

export const authProvider: AuthProvider = {
  async login({ username, password }: { username: string; password: string }) {
    forgetSession();
    const response = await fetch(`${STORE_API}/login`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: jsonBody<typeof loginBodySchema>({ email: username, password }),
    });
    const body = await readJson(response);
    if (!response.ok || !body.user) {
      throw new LoginRefused(
        String(body.message ?? 'Invalid Login ID or Code'),
        retryAfterOf(response, body),
      );
    }
    const user = body.user as SessionUser;
    if (!isConsoleRole(user.role)) {
      sendToStore();
      return { redirectTo: false };
    }
    cached = { outcome: { user }, at: Date.now() };
    return { redirectTo: '/' };
  },

  async logout() {
    // react-admin logs out a visitor whose session check failed; the "not signed in" just learnt
    // stays true, and forgetting it would only ask /me again before the login form shows.
    if (!cached || 'user' in cached.outcome) forgetSession();
    try {
      // POST: a GET logout could be triggered by any other site (the gateway refuses those).
      await fetch(`${STORE_API}/logout`, { method: 'POST', credentials: 'include' });
    } catch {
      // Leaving the console must work even when the gateway is unreachable.
    }
    return '/login';
  },

  async checkAuth() {
    let user: SessionUser;
    try {
      user = await fetchMe();
    } catch {
      throw { message: false, redirectTo: '/login' };
    }
    if (!isConsoleRole(user.role)) {
      sendToStore();
      throw { message: false, redirectTo: '/login', logoutUser: false };
    }
  },

  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      // A session that just ended is forgotten; a visitor already known to be signed out (react-admin
      // also passes the 401 of /me itself here) keeps that answer, or /me would be asked again.
      if (!cached || 'user' in cached.outcome) forgetSession();
      throw { message: false, redirectTo: '/login' };
    }
    // 403 and the rest keep the session: the failed call already shows the server's message.
  },

  async getPermissions() {
    const user = await fetchMe();
    return user.role;
  },

  async getIdentity(): Promise<UserIdentity> {
    const user = await fetchMe();
    // No avatar: the app bar's menu button shows the name beside an icon; a school's picture, or the
    // letter shown when it fails to load, would be read as part of the button's name.
    return { id: user._id, fullName: user.name, role: user.role };
  },
};
