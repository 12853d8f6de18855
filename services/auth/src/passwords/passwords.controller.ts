/** Request-reply adapters for forgotten-password flows (public: the caller is not logged in). */
import { Controller } from '@nestjs/common';
import { authOps, type ParsedInputOf } from '@lr/contracts';
import { Handles, type Call } from '@lr/nest-kit';
import { PasswordsService } from './passwords.service.js';

@Controller()
export class PasswordsController {
  constructor(private readonly passwords: PasswordsService) {}

  @Handles(authOps.forgotPassword)
  forgot(input: ParsedInputOf<typeof authOps.forgotPassword>) {
    return this.passwords.forgot(input.email, input.ip);
  }

  @Handles(authOps.resetPassword)
  async reset(input: ParsedInputOf<typeof authOps.resetPassword>, call: Call) {
    await this.passwords.reset(input.token, input.password, input.ip, call.replyKey);
    return { success: true as const };
  }
}
