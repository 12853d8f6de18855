/**
 * Student fingerprints: HMAC-SHA256(key of the order's school year, school id + normalised student
 * id). Events carry one instead of the student, so the report counts one student served twice
 * once without being able to tell who it is. The key of a school year is made on first use and
 * destroyed by the retention job once the year and the retention period are over: from then on
 * nobody, orders included, can link a fingerprint of that year to a student.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { normaliseStudentId, schoolYearOf, splitReceivingPersonName } from '@lr/contracts';
import { DATABASE, ExpiringCache, type Database, type Executor } from '@lr/nest-kit';
import { SettingsService } from '../settings/settings.service.js';

const KEY_BYTES = 32;

/** The student id of a receiving person (`<id>_<age>_<gender>`); the whole value when unsplittable. */
export function studentIdOf(receivingPersonName: string): string {
  return splitReceivingPersonName(receivingPersonName)?.studentId ?? receivingPersonName;
}

export function fingerprintWith(key: Buffer, schoolId: string, studentId: string): string {
  return createHmac('sha256', key)
    .update(`${schoolId.toLowerCase()}\n${normaliseStudentId(studentId)}`)
    .digest('base64url');
}

@Injectable()
export class StudentFingerprints {
  /** Keys by school year; a key never changes once made, only disappears (`forget`). */
  private readonly keys = new Map<number, Promise<Buffer>>();
  /** The keys of a range of school years as read at most a second ago (`existing`). */
  private readonly recentKeys = new ExpiringCache<{ schoolYear: number; key: Buffer }[]>({
    ttlMs: 1000,
    maxEntries: 8,
  });

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly settings: SettingsService,
  ) {}

  /** The fingerprint of a student of this school for an order placed at `at`. */
  async of(schoolId: string, receivingPersonName: string, at: Date): Promise<string> {
    return (await this.stamp(schoolId, receivingPersonName, at)).fingerprint;
  }

  /**
   * The fingerprint and the school year whose key made it, for an order placed at `at` (the
   * school year as the settings' start says at this moment).
   */
  async stamp(
    schoolId: string,
    receivingPersonName: string,
    at: Date,
  ): Promise<{ fingerprint: string; schoolYear: number }> {
    const schoolYear = schoolYearOf(at, await this.settings.schoolYearStart());
    const key = await this.keyOf(schoolYear);
    return {
      fingerprint: fingerprintWith(key, schoolId, studentIdOf(receivingPersonName)),
      schoolYear,
    };
  }

  /**
   * The student's fingerprint under each key of the school years `from` to `to` that still exists
   * (none is made): what the orders of those years carry for this student.
   */
  async existing(
    schoolId: string,
    studentId: string,
    from: number,
    to: number,
  ): Promise<{ schoolYear: number; fingerprint: string }[]> {
    // Every placed order asks: the keys are read at most once a second per range (a key made or
    // destroyed by another replica counts here within that second; by this one, at once).
    const keys = await this.recentKeys.get(`${from}:${to}`, async () => {
      const { rows } = await this.db.execute<{ school_year: number; key: Buffer }>(
        sql`SELECT school_year, key FROM orders.student_fingerprint_keys
            WHERE school_year BETWEEN ${from} AND ${to}`,
      );
      return rows.map((row) => ({ schoolYear: row.school_year, key: row.key }));
    });
    return keys.map(({ schoolYear, key }) => ({
      schoolYear,
      fingerprint: fingerprintWith(key, schoolId, studentId),
    }));
  }

  /** Forgets cached keys of these school years (their rows were just deleted). */
  forget(schoolYears: readonly number[]): void {
    for (const year of schoolYears) this.keys.delete(year);
    this.recentKeys.invalidate();
  }

  private keyOf(schoolYear: number): Promise<Buffer> {
    let key = this.keys.get(schoolYear);
    if (!key) {
      key = this.loadOrCreate(this.db, schoolYear);
      // A failed load is not kept: the next order tries again.
      key.catch(() => this.keys.delete(schoolYear));
      this.keys.set(schoolYear, key);
    }
    return key;
  }

  /** Replicas racing to make a year's key all end up with the one that was inserted first. */
  private async loadOrCreate(exec: Executor, schoolYear: number): Promise<Buffer> {
    await exec.execute(
      sql`INSERT INTO orders.student_fingerprint_keys (school_year, key)
          VALUES (${schoolYear}, ${randomBytes(KEY_BYTES)})
          ON CONFLICT (school_year) DO NOTHING`,
    );
    const { rows } = await exec.execute<{ key: Buffer }>(
      sql`SELECT key FROM orders.student_fingerprint_keys WHERE school_year = ${schoolYear}`,
    );
    const key = rows[0]?.key;
    if (!key) throw new Error(`no fingerprint key for school year ${schoolYear}`);
    // A range read before this key existed would not count the orders it marks.
    this.recentKeys.invalidate();
    return key;
  }
}
