/** Request-reply adapters for login, session checks and logout (open to anyone: `authOps`). */
import { Controller } from '@nestjs/common';
import { authOps, type ParsedInputOf } from '@lr/contracts';
import { Handles } from '@lr/nest-kit';
import { LoginService } from './login.service.js';
import { SessionsService } from './sessions.service.js';

@Controller()
export class SessionsController {
  constructor(
    private readonly login: LoginService,
    private readonly sessions: SessionsService,
  ) {}

  @Handles(authOps.login)
  logIn(input: ParsedInputOf<typeof authOps.login>) {
    return this.login.login(input);
  }

  @Handles(authOps.sessionCheck)
  check({ token }: ParsedInputOf<typeof authOps.sessionCheck>) {
    return this.sessions.check(token);
  }

  @Handles(authOps.logout)
  async logOut({ token }: ParsedInputOf<typeof authOps.logout>) {
    await this.sessions.revoke(token);
    return { success: true as const };
  }
}
