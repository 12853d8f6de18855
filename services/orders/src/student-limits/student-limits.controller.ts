/** Request-reply adapters of the per-student limit and staff-entered requests (`studentLimitOps`). */
import { Controller } from '@nestjs/common';
import { studentLimitOps, type PlaceForSchoolInput, type StudentCheckInput } from '@lr/contracts';
import { Handles, type Call } from '@lr/nest-kit';
import { PlaceForSchoolService } from './place-for-school.service.js';
import { StudentLimitService } from './student-limit.service.js';

@Controller()
export class StudentLimitsController {
  constructor(
    private readonly limits: StudentLimitService,
    private readonly placing: PlaceForSchoolService,
  ) {}

  /** The caller's own student: a school only ever learns about its own students. */
  @Handles(studentLimitOps.checkStudent)
  checkStudent(input: StudentCheckInput, call: Call<['user', 'admin']>) {
    return this.limits.check(call.actor.id, input.studentId);
  }

  @Handles(studentLimitOps.orderFlags)
  orderFlags(input: { ids: string[] }) {
    return this.limits.flags(input.ids);
  }

  @Handles(studentLimitOps.placeForSchool)
  placeForSchool(input: PlaceForSchoolInput, call: Call<['admin', 'volunteer']>) {
    return this.placing.place(call.actor, input, call.requestId);
  }
}
