/** Request-reply adapters for the caller's own account (signed-in callers: `authOps`). */
import { Controller } from '@nestjs/common';
import { authOps, type ParsedInputOf } from '@lr/contracts';
import { Handles, type Call } from '@lr/nest-kit';
import { ProfileService } from './profile.service.js';

type Signed = Call<'signed-in'>;

@Controller()
export class ProfileController {
  constructor(private readonly profile: ProfileService) {}

  @Handles(authOps.me)
  me(_input: unknown, call: Signed) {
    return this.profile.me(call.actor);
  }

  @Handles(authOps.updateProfile)
  update(input: ParsedInputOf<typeof authOps.updateProfile>, call: Signed) {
    const { ip, sessionId, ...change } = input;
    return this.profile.update(
      call.actor,
      change,
      { ip: ip ?? 'unknown', sessionId },
      call.replyKey,
    );
  }

  @Handles(authOps.updatePassword)
  changePassword(input: ParsedInputOf<typeof authOps.updatePassword>, call: Signed) {
    return this.profile.changePassword(call.actor, input, input.ip ?? 'unknown');
  }
}
