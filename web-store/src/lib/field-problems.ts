/**
 * Problems a contract's schema finds in a form, said with the form's own label for each field: the
 * server's messages are written to follow a field's name ("must be at least 6 characters"), so the
 * store shows the very rule the gateway will apply, e.g. "New code must be at least 6 characters".
 */
import type { z } from 'zod';

export type FieldLabels = Record<string, string>;

type Issue = z.ZodError['issues'][number];

function sentence(issue: Issue, labels: FieldLabels): string {
  const field = String(issue.path[0] ?? '');
  const label = labels[field];
  return label ? `${label} ${issue.message}` : issue.message;
}

/** The first problem, as one sentence. */
export function firstProblem(error: z.ZodError, labels: FieldLabels): string {
  const issue = error.issues[0];
  return issue ? sentence(issue, labels) : 'Please check the form';
}

/** The first problem of each field, by field name. */
export function problemsByField(error: z.ZodError, labels: FieldLabels): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    if (!(field in problems)) problems[field] = sentence(issue, labels);
  }
  return problems;
}
