/**
 * /password/forgot: asks for what a school knows, its login ID (for most schools their email
 * address), and says the same words in the label, the error and the answer. The answer is the
 * same whether or not the account exists.
 */
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/api';
import { PageTitle } from '../../../components/page-title';
import { useForgotPassword } from '../api/forgot-password';

export function ForgotPasswordPage() {
  const [loginId, setLoginId] = useState('');
  const [sentMessage, setSentMessage] = useState('');
  const [problem, setProblem] = useState('');
  const forgot = useForgotPassword();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSentMessage('');
    if (!loginId.trim()) return setProblem('Please type your login ID or email.');
    setProblem('');
    forgot.mutate(
      { email: loginId.trim() },
      {
        onSuccess: (body) =>
          setSentMessage(body.message ?? 'If this account exists, a reset link has been sent.'),
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  };

  return (
    <section className="page page--narrow">
      <PageTitle title="Forgot your code?" />
      <h1>Forgot your code?</h1>
      <form className="form card" onSubmit={onSubmit} noValidate>
        <label htmlFor="forgot-login">Login ID or email</label>
        <input
          id="forgot-login"
          type="text"
          required
          autoComplete="username"
          aria-describedby="forgot-login-hint"
          value={loginId}
          onChange={(e) => setLoginId(e.target.value)}
        />
        <small id="forgot-login-hint" className="form__hint">
          The login ID your school signs in with. We send the reset link to the email address of
          that account.
        </small>
        {problem && (
          <p className="form__error" role="alert">
            {problem}
          </p>
        )}
        <button type="submit" className="button" disabled={forgot.isPending}>
          Send reset link
        </button>
        {sentMessage && <p role="status">{sentMessage}</p>}
      </form>
    </section>
  );
}
