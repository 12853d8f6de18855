import { Module } from '@nestjs/common';
import { AuthCoreModule } from '../core/core.module.js';
import { SessionsModule } from '../sessions/sessions.module.js';
import { UsersModule } from '../users/users.module.js';
import { ProfileController } from './profile.controller.js';
import { LoginIdChangeNotice } from './login-id-change-notice.js';
import { ProfileService } from './profile.service.js';

@Module({
  imports: [AuthCoreModule, UsersModule, SessionsModule],
  controllers: [ProfileController],
  providers: [ProfileService, LoginIdChangeNotice],
})
export class ProfileModule {}
