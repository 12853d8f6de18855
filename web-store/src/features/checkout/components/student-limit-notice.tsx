/**
 * Confirm Order's word on the student's requests this school year: over the limit, warn mode asks
 * a reason (kept with the order, shown to the charity), block mode says no more can be made. The
 * server applies the same rule when the order is placed.
 */
import { useEffect } from 'react';
import { FORM_LIMITS } from '@lr/contracts';
import { errorMessage } from '../../../lib/api';
import { useStudentCheck } from '../api/student-check';
import './student-limit-notice.css';

export interface StudentLimitState {
  /** Proceed may go on (checked, and not blocked or missing its reason). */
  ready: boolean;
  reason: string;
}

export function StudentLimitNotice({
  studentId,
  reason,
  onChange,
}: {
  studentId: string;
  reason: string;
  onChange: (state: StudentLimitState) => void;
}) {
  const check = useStudentCheck(studentId);
  const data = check.data;
  const ready =
    check.isError ||
    (data !== undefined && !data.blocked && (!data.reasonRequired || reason.trim() !== ''));
  useEffect(() => onChange({ ready, reason }), [ready, reason, onChange]);

  // The server checks again when the order is placed; a failed check does not hold the school up.
  if (check.isError) return <p className="form__hint">{errorMessage(check.error)}</p>;
  if (!data) return <p className="form__hint">Checking this student&apos;s requests...</p>;
  if (!data.overLimit) {
    return (
      <p className="student-limit" data-testid="student-limit">
        {data.message}
      </p>
    );
  }
  return (
    <div
      className={`student-limit student-limit--${data.blocked ? 'blocked' : 'warn'}`}
      role="alert"
      data-testid="student-limit"
    >
      <p>{data.message}</p>
      {data.reasonRequired ? (
        <div className="form">
          <label htmlFor="student-limit-reason">Reason for this request (required)</label>
          <textarea
            id="student-limit-reason"
            rows={3}
            maxLength={FORM_LIMITS.studentLimitReasonMax}
            value={reason}
            required
            onChange={(e) => onChange({ ready, reason: e.target.value })}
          />
          <span className="form__hint">The charity sees it with the request.</span>
        </div>
      ) : null}
    </div>
  );
}
