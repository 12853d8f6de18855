/**
 * A request taken by phone or e-mail, entered by staff for a school: the school's own placing with
 * every rule (line caps, stock, the per-student limit, the hourly limit, the mail), the order the
 * school's own, recording who entered it. Volunteers may do this although they may not place
 * requests through the store (docs/adr/0243-staff-enter-requests-for-schools.md).
 */
import { Injectable } from '@nestjs/common';
import { AppError, type Actor, type OrderSnapshot, type PlaceForSchoolInput } from '@lr/contracts';
import { UsersClient } from '../clients/users.client.js';
import { PlaceOrderService } from '../orders/place-order.service.js';

@Injectable()
export class PlaceForSchoolService {
  constructor(
    private readonly users: UsersClient,
    private readonly placing: PlaceOrderService,
  ) {}

  async place(
    actor: Actor,
    input: PlaceForSchoolInput,
    requestId: string | null,
  ): Promise<OrderSnapshot> {
    const school = await this.schoolOf(input.schoolId);
    const { schoolId: _, ...order } = input;
    // Entered by staff, the school's consent to share is not asked (the school told the charity).
    return this.placing.place(actor, order, requestId, school);
  }

  /** The school's account as the actor its order is placed for; 400 unless it is a school's. */
  private async schoolOf(schoolId: string): Promise<Actor> {
    // Asked as the school itself: staff other than admins may not read accounts.
    const asSchool: Actor = { id: schoolId, role: 'user', name: '', loginId: '' };
    let profile;
    try {
      profile = await this.users.profileOf(asSchool);
    } catch (error) {
      if (error instanceof AppError && error.code === 'UNAUTHORIZED') {
        throw AppError.badRequest('schoolId: no such school');
      }
      throw error;
    }
    if (profile.role !== undefined && profile.role !== 'user') {
      throw AppError.badRequest("schoolId: is not a school's account");
    }
    return { id: profile.id, role: 'user', name: profile.name, loginId: profile.loginId };
  }
}
