/**
 * The school's profile, read from the auth service when an order is placed: the delivery address
 * comes from the profile, never from the client (issue 5).
 */
import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { AppError, RPC, type Actor } from '@lr/contracts';
import { RpcClient } from '@lr/nest-kit';

const profileSchema = z.object({
  id: z.string(),
  loginId: z.string(),
  name: z.string(),
  address: z.string().nullable().optional(),
  district: z.string().nullable().optional(),
});
export type SchoolProfile = z.infer<typeof profileSchema>;

@Injectable()
export class UsersClient {
  constructor(private readonly rpc: RpcClient) {}

  /** The caller's own profile; 401 when the account no longer exists. */
  async profileOf(actor: Actor): Promise<SchoolProfile> {
    try {
      const reply = await this.rpc.call(RPC.auth.getUser, { id: actor.id }, { actor });
      return profileSchema.parse(reply);
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') {
        throw AppError.unauthorized('Your account no longer exists; please log in again');
      }
      throw error;
    }
  }
}
