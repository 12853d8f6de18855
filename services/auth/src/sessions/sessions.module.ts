import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module.js';
import { CodeCheckThrottle } from './code-check-throttle.js';
import { LoginThrottleRepository } from './login-throttle.repository.js';
import { LoginService } from './login.service.js';
import { SessionHints } from './session-hints.js';
import { SessionsController } from './sessions.controller.js';
import { SessionsRepository } from './sessions.repository.js';
import { SessionsService } from './sessions.service.js';

@Module({
  imports: [UsersModule],
  controllers: [SessionsController],
  providers: [
    SessionsRepository,
    SessionsService,
    SessionHints,
    LoginThrottleRepository,
    CodeCheckThrottle,
    LoginService,
  ],
  exports: [SessionsService, SessionHints, CodeCheckThrottle],
})
export class SessionsModule {}
