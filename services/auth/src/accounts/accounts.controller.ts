/** Request-reply adapters for user management and the public login list. */
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  RPC,
  keysetPageInputSchema,
  listUsersInputSchema,
  parseOrThrow,
  registerUserInputSchema,
  updateUserInputSchema,
  userIdInputSchema,
  userIdsInputSchema,
  type AuthUser,
  type KeysetPage,
  type PublicUserEntry,
  type RpcRequest,
  type SetUserCodeReply,
  type UserList,
} from '@lr/contracts';
import { requireActor, requireRole, requireSelfOrRole, replyKeyOf } from '@lr/nest-kit';
import { AccountsService } from './accounts.service.js';

@Controller()
export class AccountsController {
  constructor(private readonly accounts: AccountsService) {}

  @MessagePattern(RPC.auth.publicUserList)
  publicList(@Payload() req: RpcRequest<unknown>): Promise<KeysetPage<PublicUserEntry>> {
    return this.accounts.publicList(parseOrThrow(keysetPageInputSchema, req.input ?? {}));
  }

  @MessagePattern(RPC.auth.listUsers)
  list(@Payload() req: RpcRequest<unknown>): Promise<UserList> {
    requireRole(req.actor, 'admin');
    return this.accounts.list(parseOrThrow(listUsersInputSchema, req.input ?? {}));
  }

  @MessagePattern(RPC.auth.getUser)
  get(@Payload() req: RpcRequest<unknown>): Promise<AuthUser> {
    const actor = requireActor(req.actor);
    const { id } = parseOrThrow(userIdInputSchema, req.input);
    requireSelfOrRole(actor, id, 'admin');
    return this.accounts.get(id);
  }

  @MessagePattern(RPC.auth.getUsers)
  getMany(@Payload() req: RpcRequest<unknown>): Promise<AuthUser[]> {
    requireRole(req.actor, 'admin');
    return this.accounts.getMany(parseOrThrow(userIdsInputSchema, req.input).ids);
  }

  @MessagePattern(RPC.auth.registerUser)
  register(@Payload() req: RpcRequest<unknown>): Promise<AuthUser> {
    requireRole(req.actor, 'admin');
    return this.accounts.register(
      parseOrThrow(registerUserInputSchema, req.input),
      replyKeyOf(req, RPC.auth.registerUser),
    );
  }

  @MessagePattern(RPC.auth.updateUser)
  update(@Payload() req: RpcRequest<unknown>): Promise<AuthUser> {
    const actor = requireRole(req.actor, 'admin');
    return this.accounts.update(
      actor,
      parseOrThrow(updateUserInputSchema, req.input),
      replyKeyOf(req, RPC.auth.updateUser),
    );
  }

  @MessagePattern(RPC.auth.deleteUser)
  delete(@Payload() req: RpcRequest<unknown>): Promise<AuthUser> {
    const actor = requireRole(req.actor, 'admin');
    return this.accounts.delete(
      actor,
      parseOrThrow(userIdInputSchema, req.input).id,
      replyKeyOf(req, RPC.auth.deleteUser),
    );
  }

  @MessagePattern(RPC.auth.setUserCode)
  setCode(@Payload() req: RpcRequest<unknown>): Promise<SetUserCodeReply> {
    const actor = requireRole(req.actor, 'admin');
    return this.accounts.setCode(actor, parseOrThrow(userIdInputSchema, req.input).id);
  }
}
