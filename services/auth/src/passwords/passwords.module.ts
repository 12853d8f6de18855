import { Module } from '@nestjs/common';
import { AuthCoreModule } from '../core/core.module.js';
import { SessionsModule } from '../sessions/sessions.module.js';
import { UsersModule } from '../users/users.module.js';
import { PasswordResetsRepository } from './password-resets.repository.js';
import { ResetRequestsRepository } from './reset-requests.repository.js';
import { PasswordsController } from './passwords.controller.js';
import { PasswordsService } from './passwords.service.js';

@Module({
  imports: [AuthCoreModule, UsersModule, SessionsModule],
  controllers: [PasswordsController],
  providers: [PasswordResetsRepository, ResetRequestsRepository, PasswordsService],
})
export class PasswordsModule {}
