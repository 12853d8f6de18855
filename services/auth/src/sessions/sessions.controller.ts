/** Request-reply adapters for login, session checks and logout. */
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  RPC,
  loginInputSchema,
  logoutInputSchema,
  parseOrThrow,
  sessionCheckInputSchema,
  type RpcRequest,
  type SessionCheckReply,
  type SessionGrant,
} from '@lr/contracts';
import { LoginService } from './login.service.js';
import { SessionsService } from './sessions.service.js';

@Controller()
export class SessionsController {
  constructor(
    private readonly login: LoginService,
    private readonly sessions: SessionsService,
  ) {}

  @MessagePattern(RPC.auth.login)
  logIn(@Payload() req: RpcRequest<unknown>): Promise<SessionGrant> {
    return this.login.login(parseOrThrow(loginInputSchema, req.input));
  }

  @MessagePattern(RPC.auth.sessionCheck)
  check(@Payload() req: RpcRequest<unknown>): Promise<SessionCheckReply> {
    return this.sessions.check(parseOrThrow(sessionCheckInputSchema, req.input).token);
  }

  @MessagePattern(RPC.auth.logout)
  async logOut(@Payload() req: RpcRequest<unknown>): Promise<{ success: true }> {
    await this.sessions.revoke(parseOrThrow(logoutInputSchema, req.input).token);
    return { success: true };
  }
}
