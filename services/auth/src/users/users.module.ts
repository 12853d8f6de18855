import { Module } from '@nestjs/common';
import { UserEvents } from './user-events.js';
import { UsersRepository } from './users.repository.js';

/** The user rows and their events, shared by every feature of the service. */
@Module({
  providers: [UsersRepository, UserEvents],
  exports: [UsersRepository, UserEvents],
})
export class UsersModule {}
