/** Request-reply adapters for forgotten-password flows (public: the caller is not logged in). */
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  RPC,
  clientAddressSchema,
  forgotPasswordRequestSchema,
  parseOrThrow,
  resetPasswordInputSchema,
  type ForgotPasswordReply,
  type RpcRequest,
} from '@lr/contracts';
import { replyKeyOf } from '@lr/nest-kit';
import { PasswordsService } from './passwords.service.js';

@Controller()
export class PasswordsController {
  constructor(private readonly passwords: PasswordsService) {}

  @MessagePattern(RPC.auth.forgotPassword)
  forgot(@Payload() req: RpcRequest<unknown>): Promise<ForgotPasswordReply> {
    const input = parseOrThrow(forgotPasswordRequestSchema, req.input);
    return this.passwords.forgot(input.email, input.ip);
  }

  @MessagePattern(RPC.auth.resetPassword)
  async reset(@Payload() req: RpcRequest<unknown>): Promise<{ success: true }> {
    const input = parseOrThrow(resetPasswordInputSchema, req.input);
    const { ip } = parseOrThrow(clientAddressSchema, req.input ?? {});
    await this.passwords.reset(
      input.token,
      input.password,
      ip,
      replyKeyOf(req, RPC.auth.resetPassword),
    );
    return { success: true };
  }
}
