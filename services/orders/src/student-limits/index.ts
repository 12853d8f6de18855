/**
 * The per-student limit and staff-entered requests. Part of the orders module (they use its
 * placing and the student fingerprints), listed here so that module names them in one line.
 */
import { PlaceForSchoolService } from './place-for-school.service.js';
import { StudentLimitService } from './student-limit.service.js';
import { StudentLimitsController } from './student-limits.controller.js';
import { StudentRequestsRepository } from './student-requests.repository.js';

export const STUDENT_LIMIT_CONTROLLERS = [StudentLimitsController];
export const STUDENT_LIMIT_PROVIDERS = [
  StudentRequestsRepository,
  StudentLimitService,
  PlaceForSchoolService,
];
