import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions/sessions.module.js';
import { UsersModule } from '../users/users.module.js';
import { AccountsController } from './accounts.controller.js';
import { AccountsService } from './accounts.service.js';

@Module({
  imports: [UsersModule, SessionsModule],
  controllers: [AccountsController],
  providers: [AccountsService],
})
export class AccountsModule {}
