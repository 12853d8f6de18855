/**
 * The per-student limit: how many requests one student (school + normalised student id) received
 * this school year, what the checkout tells the school, and the rule placing enforces (warn: a
 * reason is required past the limit; block: refused). The school year follows the settings' start.
 */
import { Injectable } from '@nestjs/common';
import {
  AppError,
  dayIn,
  schoolYearOf,
  schoolYearStartOf,
  type OrderFlag,
  type OrderFlags,
  type Settings,
  type StudentCheck,
} from '@lr/contracts';
import { StudentFingerprints, studentIdOf } from '../privacy/student-fingerprints.js';
import { SettingsService } from '../settings/settings.service.js';
import { StudentRequestsRepository } from './student-requests.repository.js';

function requestsPhrase(n: number): string {
  return `${n} request${n === 1 ? '' : 's'}`;
}

@Injectable()
export class StudentLimitService {
  constructor(
    private readonly settings: SettingsService,
    private readonly fingerprints: StudentFingerprints,
    private readonly requests: StudentRequestsRepository,
  ) {}

  /** What one more request for this student of this school would meet, as of `now`. */
  async check(schoolId: string, studentId: string, now: Date = new Date()): Promise<StudentCheck> {
    return this.checkUnder(await this.settings.recent(), schoolId, studentId, now);
  }

  /** `check` under the settings the caller read (one read for the whole decision). */
  private async checkUnder(
    settings: Settings,
    schoolId: string,
    studentId: string,
    now: Date,
  ): Promise<StudentCheck> {
    const start = this.settings.startOf(settings);
    const year = schoolYearOf(now, start);
    const since = schoolYearStartOf(year, start);
    // After the start moved, this year's orders may carry the key of the year before or after.
    const fingerprints = await this.fingerprints.existing(schoolId, studentId, year - 1, year + 1);
    const requests = await this.requests.count(schoolId, fingerprints, since);
    const limit = settings.studentRequestLimit;
    const overLimit = limit > 0 && requests >= limit;
    const blocked = overLimit && settings.studentLimitMode === 'block';
    const reasonRequired = overLimit && settings.studentLimitMode === 'warn';
    let message = `This student has received ${requestsPhrase(requests)} this school year`;
    if (limit > 0) message += ` (the limit is ${limit})`;
    if (blocked) message += '; no more requests can be made for them this school year';
    if (reasonRequired) message += '; please give a reason for this request';
    return {
      requests,
      schoolYear: year,
      schoolYearStart: dayIn(start.timeZone ?? 'UTC', since),
      limit,
      mode: settings.studentLimitMode,
      overLimit,
      reasonRequired,
      blocked,
      message: `${message}.`,
    };
  }

  /**
   * Refuses a request the limit does not allow (block mode); answers the reason to keep with the
   * order, only when the request is over the limit (otherwise nothing more about the student is
   * kept). In warn mode a request without a reason is placed all the same, as the original client
   * sends (it never asks): the console flags it over the limit, with no reason given
   * (docs/adr/0242-per-student-limit-warn-and-block.md).
   */
  enforce(check: StudentCheck | null, reason: string | undefined): string | undefined {
    if (!check) return undefined;
    if (check.blocked) throw AppError.conflict(check.message, { studentLimit: check });
    return check.overLimit ? reason : undefined;
  }

  /**
   * What one more request for the student a delivery line names would meet, for `enforce`; null
   * when no count could change what is placed: no limit is set, or the limit warns and no reason
   * came with the request (placed as it is either way). So most orders count nothing.
   */
  async checkRequest(
    schoolId: string,
    receivingPersonName: string,
    reason: string | undefined,
  ): Promise<StudentCheck | null> {
    const settings = await this.settings.recent();
    if (settings.studentRequestLimit <= 0) return null;
    if (settings.studentLimitMode === 'warn' && !reason) return null;
    return this.checkUnder(settings, schoolId, studentIdOf(receivingPersonName), new Date());
  }

  async flags(ids: readonly string[]): Promise<OrderFlags> {
    const settings = await this.settings.recent();
    const rows = await this.requests.flags(ids, this.settings.startOf(settings));
    const limit = settings.studentRequestLimit;
    return rows.map((row) => {
      const flags: OrderFlag[] = [];
      if (limit > 0 && row.nth > limit) flags.push('over-limit');
      if (row.duplicate) flags.push('duplicate');
      return { id: row.id, flags };
    });
  }
}
