/** /password/reset/:token: the new code twice; on success go to /login. */
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { UI_MESSAGES } from '@lr/contracts';
import { errorMessage } from '../../../lib/api';
import { PageTitle } from '../../../components/page-title';
import { useToast } from '../../../components/toast';
import { useResetPassword } from '../api/reset-password';
import { firstProblem } from '../../../lib/field-problems';
import { PASSWORD_RESET_LABELS, passwordResetSchema } from '../account-schemas';

export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const reset = useResetPassword();
  const toast = useToast();
  const navigate = useNavigate();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = passwordResetSchema.safeParse({ password, confirmPassword });
    if (!parsed.success) return toast.error(firstProblem(parsed.error, PASSWORD_RESET_LABELS));
    reset.mutate(
      { token, ...parsed.data },
      {
        onSuccess: () => {
          toast.success(UI_MESSAGES.passwordUpdated);
          void navigate('/login');
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  };

  return (
    <section className="page page--narrow">
      <PageTitle title="Choose a new code" />
      <h1>Choose a new code</h1>
      <form className="form card" onSubmit={onSubmit}>
        <label htmlFor="reset-password">New code</label>
        <input
          id="reset-password"
          type="password"
          required
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <label htmlFor="reset-confirm">New code again</label>
        <input
          id="reset-confirm"
          type="password"
          required
          autoComplete="new-password"
          value={confirmPassword}
          onChange={(e) => setConfirmPassword(e.target.value)}
        />
        <button type="submit" className="button" disabled={reset.isPending}>
          Update
        </button>
      </form>
    </section>
  );
}
