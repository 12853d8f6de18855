/**
 * Request-reply adapters for user management and the public login list (who may call: `authOps`;
 * reading another account than one's own is the admins', checked here).
 */
import { Controller } from '@nestjs/common';
import { authOps, type ParsedInputOf } from '@lr/contracts';
import { Handles, requireSelfOrRole, type Call } from '@lr/nest-kit';
import { AccountsService } from './accounts.service.js';

type Signed = Call<'signed-in'>;
type Admin = Call<readonly ['admin']>;

@Controller()
export class AccountsController {
  constructor(private readonly accounts: AccountsService) {}

  @Handles(authOps.publicUserList)
  publicList(input: ParsedInputOf<typeof authOps.publicUserList>) {
    return this.accounts.publicList(input);
  }

  @Handles(authOps.listUsers)
  list(input: ParsedInputOf<typeof authOps.listUsers>) {
    return this.accounts.list(input);
  }

  @Handles(authOps.getUser)
  get({ id }: ParsedInputOf<typeof authOps.getUser>, call: Signed) {
    requireSelfOrRole(call.actor, id, 'admin');
    return this.accounts.get(id);
  }

  @Handles(authOps.getUsers)
  getMany({ ids }: ParsedInputOf<typeof authOps.getUsers>) {
    return this.accounts.getMany(ids);
  }

  @Handles(authOps.registerUser)
  register(input: ParsedInputOf<typeof authOps.registerUser>, call: Admin) {
    return this.accounts.register(input, call.replyKey);
  }

  @Handles(authOps.updateUser)
  update(input: ParsedInputOf<typeof authOps.updateUser>, call: Admin) {
    return this.accounts.update(call.actor, input, call.replyKey);
  }

  @Handles(authOps.deleteUser)
  delete({ id }: ParsedInputOf<typeof authOps.deleteUser>, call: Admin) {
    return this.accounts.delete(call.actor, id, call.replyKey);
  }

  @Handles(authOps.setUserCode)
  setCode({ id }: ParsedInputOf<typeof authOps.setUserCode>, call: Admin) {
    return this.accounts.setCode(call.actor, id);
  }
}
