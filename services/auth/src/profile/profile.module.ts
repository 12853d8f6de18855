import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions/sessions.module.js';
import { UsersModule } from '../users/users.module.js';
import { ProfileController } from './profile.controller.js';
import { ProfileService } from './profile.service.js';

@Module({
  imports: [UsersModule, SessionsModule],
  controllers: [ProfileController],
  providers: [ProfileService],
})
export class ProfileModule {}
