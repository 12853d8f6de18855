import type { AuthProvider, UserIdentity } from 'react-admin';
import type { Role } from '@lr/contracts';
import { STORE_API } from './dataProvider';

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

// /me is asked on every page change; a short cache keeps navigation snappy without trusting it long.
const ME_CACHE_MS = 5_000;
let cached: { user: SessionUser; at: number } | null = null;

async function readJson(response: Response): Promise<Record<string, unknown>> {
  try {
    return (await response.json()) as Record<string, unknown>;
  } catch {
    return {};
  }
}

async function fetchMe(): Promise<SessionUser> {
  if (cached && Date.now() - cached.at < ME_CACHE_MS) return cached.user;
  const response = await fetch(`${STORE_API}/me`, { credentials: 'include' });
  const body = await readJson(response);
  if (!response.ok || !body.user) {
    cached = null;
    throw new AuthError(
      String(body.message ?? 'Please login to access this resource'),
      response.status,
    );
  }
  cached = { user: body.user as SessionUser, at: Date.now() };
  return cached.user;
}

function sendToStore(): void {
  window.location.assign(STORE_HOME);
}

export const authProvider: AuthProvider = {
  async login({ username, password }: { username: string; password: string }) {
    cached = null;
    const response = await fetch(`${STORE_API}/login`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: username, password }),
    });
    const body = await readJson(response);
    if (!response.ok || !body.user) {
      throw new Error(String(body.message ?? 'Invalid Login ID or Password'));
    }
    const user = body.user as SessionUser;
    if (!isConsoleRole(user.role)) {
      sendToStore();
      return { redirectTo: false };
    }
    cached = { user, at: Date.now() };
    return { redirectTo: '/' };
  },

  async logout() {
    cached = null;
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
      cached = null;
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
    return { id: user._id, fullName: user.name, avatar: user.avatar?.url, role: user.role };
  },
};

export function clearSessionCache(): void {
  cached = null;
}
