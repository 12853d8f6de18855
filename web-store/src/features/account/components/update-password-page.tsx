/**
 * /password/update: current, new and confirm, all required. Problems are written
 * in plain words under the form and stay until the person changes something, rather than in a
 * toast that is gone before it is read.
 */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { UI_MESSAGES } from '@lr/contracts';
import { errorMessage } from '../../../lib/api';
import { PageTitle } from '../../../components/page-title';
import { useToast } from '../../../components/toast';
import { useUpdatePassword } from '../api/update-password';
import { firstProblem } from '../../../lib/field-problems';
import {
  PASSWORD_CHANGE_LABELS,
  passwordChangeSchema,
  plainPasswordChangeError,
} from '../account-schemas';

export const PASSWORD_UPDATED_MS = 4000;

export function UpdatePasswordPage() {
  const [form, setForm] = useState({ oldPassword: '', newPassword: '', confirmPassword: '' });
  const [problem, setProblem] = useState('');
  const update = useUpdatePassword();
  const toast = useToast();
  const navigate = useNavigate();
  const set = (field: keyof typeof form) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setProblem('');
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = passwordChangeSchema.safeParse(form);
    if (!parsed.success) return setProblem(firstProblem(parsed.error, PASSWORD_CHANGE_LABELS));
    update.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(UI_MESSAGES.passwordUpdated, PASSWORD_UPDATED_MS);
        void navigate('/account');
      },
      onError: (error) => setProblem(plainPasswordChangeError(errorMessage(error))),
    });
  };

  return (
    <section className="page page--narrow">
      <PageTitle title="Change code" />
      <h1>Change code</h1>
      <form className="form card" onSubmit={onSubmit} noValidate>
        <label htmlFor="old-password">Current code</label>
        <input
          id="old-password"
          type="password"
          required
          autoComplete="current-password"
          value={form.oldPassword}
          onChange={(e) => set('oldPassword')(e.target.value)}
        />
        <label htmlFor="new-password">New code</label>
        <input
          id="new-password"
          type="password"
          required
          autoComplete="new-password"
          aria-describedby="new-password-hint"
          value={form.newPassword}
          onChange={(e) => set('newPassword')(e.target.value)}
        />
        <small id="new-password-hint" className="form__hint">
          At least 6 characters. Everyone who signs in for your school will need the new code.
        </small>
        <label htmlFor="confirm-password">New code again</label>
        <input
          id="confirm-password"
          type="password"
          required
          autoComplete="new-password"
          value={form.confirmPassword}
          onChange={(e) => set('confirmPassword')(e.target.value)}
        />
        {problem && (
          <p className="form__error" role="alert">
            {problem}
          </p>
        )}
        <button type="submit" className="button" disabled={update.isPending}>
          Change code
        </button>
      </form>
    </section>
  );
}
