/**
 * The problems of a submitted form, all of them, at the top of the form: each one a link that
 * moves focus to its field. It is an alert, so a screen reader reads the whole list when it
 * appears; the caller remounts it (a new `key`) on every submit so a second try is read again.
 */
import type { MouseEvent } from 'react';
import './error-summary.css';

export interface FormProblem {
  /** The id of the field the problem is about. */
  field: string;
  message: string;
}

export function ErrorSummary({ problems }: { problems: readonly FormProblem[] }) {
  if (problems.length === 0) return null;
  const title =
    problems.length === 1 ? 'Please fix 1 problem' : `Please fix ${problems.length} problems`;
  return (
    <div className="error-summary" role="alert">
      <h2 className="error-summary__title">{title}</h2>
      <ul>
        {problems.map((problem) => (
          <li key={problem.field}>
            <a href={`#${problem.field}`} onClick={(event) => focusField(event, problem.field)}>
              {problem.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Moves focus itself (which also scrolls the field into view): a bare #hash link would only
 * scroll, and the router would see a navigation.
 */
function focusField(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const field = document.getElementById(id);
  if (!field) return;
  event.preventDefault();
  field.focus();
}
