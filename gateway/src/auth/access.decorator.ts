/**
 * Every gateway route declares who may call it; the AccessGuard refuses a route that does not.
 *   @Access('public')                 anyone, the caller is still identified when logged in
 *   @Access('login')                  any logged-in role
 *   @Access('admin')                  admins only
 *   @Access('admin', 'volunteer')     admins and volunteers
 */
import { SetMetadata } from '@nestjs/common';
import type { Role } from '@lr/contracts';

export const ACCESS_KEY = 'lr:access';
export type AccessRule = 'public' | 'login' | Role;

export const Access = (...rules: [AccessRule, ...AccessRule[]]) => SetMetadata(ACCESS_KEY, rules);
