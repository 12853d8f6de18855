/** Request-reply adapters for the caller's own account. */
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  RPC,
  callerSessionSchema,
  clientAddressSchema,
  parseOrThrow,
  updatePasswordInputSchema,
  updateProfileInputSchema,
  type AuthUser,
  type RpcRequest,
  type SessionGrant,
} from '@lr/contracts';
import { requireActor, replyKeyOf } from '@lr/nest-kit';
import { ProfileService } from './profile.service.js';

@Controller()
export class ProfileController {
  constructor(private readonly profile: ProfileService) {}

  @MessagePattern(RPC.auth.me)
  me(@Payload() req: RpcRequest<unknown>): Promise<AuthUser> {
    return this.profile.me(requireActor(req.actor));
  }

  @MessagePattern(RPC.auth.updateProfile)
  update(@Payload() req: RpcRequest<unknown>): Promise<AuthUser> {
    const actor = requireActor(req.actor);
    const { ip } = parseOrThrow(clientAddressSchema, req.input ?? {});
    const { sessionId } = parseOrThrow(callerSessionSchema, req.input ?? {});
    return this.profile.update(
      actor,
      parseOrThrow(updateProfileInputSchema, req.input),
      { ip: ip ?? 'unknown', sessionId },
      replyKeyOf(req, RPC.auth.updateProfile),
    );
  }

  @MessagePattern(RPC.auth.updatePassword)
  changePassword(@Payload() req: RpcRequest<unknown>): Promise<SessionGrant> {
    const actor = requireActor(req.actor);
    const change = parseOrThrow(updatePasswordInputSchema, req.input);
    const { ip } = parseOrThrow(clientAddressSchema, req.input ?? {});
    return this.profile.changePassword(actor, change, ip ?? 'unknown');
  }
}
