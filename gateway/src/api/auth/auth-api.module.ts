/**
 * HTTP routes backed by the auth service: its /api/v1 calls and its /api/console
 * resources. Controllers only adapt HTTP to one request-reply call each.
 */
import { Module } from '@nestjs/common';
import { AccountController } from './account.controller.js';
import { AdminUsersController } from './admin-users.controller.js';
import { ConsoleUsersController } from './console-users.controller.js';
import { SessionController } from './session.controller.js';

@Module({
  controllers: [SessionController, AccountController, AdminUsersController, ConsoleUsersController],
})
export class AuthApiModule {}
