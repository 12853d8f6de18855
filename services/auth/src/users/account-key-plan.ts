/**
 * Which comparison keys every account should have (pure, so the rule reads and tests alone): the
 * login key of its login id, unique over all accounts, and the name key of its name, unique among
 * schools. When two accounts reach the same key, the older one keeps it and the later one gets the
 * key followed by U+0001 and its id. No typed login id reaches such a key (the contracts refuse
 * control characters), so that account cannot log in until an admin gives it an id of its own.
 */
import { loginKeyOf } from '@lr/contracts';

export interface KeyedAccount {
  id: string;
  loginId: string;
  name: string;
  role: string;
  loginKey: string;
  nameKey: string;
}

export interface AccountKeyPlan {
  /** Accounts whose stored keys differ from the planned ones, with the planned keys. */
  changes: { id: string; loginKey: string; nameKey: string }[];
  /** Accounts whose login id collides with an older account's. */
  loginIdCollisions: string[];
  /** Schools whose name collides with an older school's. */
  schoolNameCollisions: string[];
}

/** Marks a key as taken by an older account: unreachable by any typed value. */
export function collidingKey(key: string, id: string): string {
  return `${key}\u0001${id}`;
}

/** `accounts` oldest first (created_at, then id): the older account keeps a shared key. */
export function planAccountKeys(accounts: KeyedAccount[]): AccountKeyPlan {
  const loginKeys = new Set<string>();
  const schoolNames = new Set<string>();
  const plan: AccountKeyPlan = { changes: [], loginIdCollisions: [], schoolNameCollisions: [] };
  for (const account of accounts) {
    let loginKey = loginKeyOf(account.loginId);
    if (loginKeys.has(loginKey)) {
      loginKey = collidingKey(loginKey, account.id);
      plan.loginIdCollisions.push(account.id);
    }
    loginKeys.add(loginKey);
    let nameKey = loginKeyOf(account.name);
    if (account.role === 'user') {
      if (schoolNames.has(nameKey)) {
        nameKey = collidingKey(nameKey, account.id);
        plan.schoolNameCollisions.push(account.id);
      }
      schoolNames.add(nameKey);
    }
    if (loginKey !== account.loginKey || nameKey !== account.nameKey) {
      plan.changes.push({ id: account.id, loginKey, nameKey });
    }
  }
  return plan;
}
