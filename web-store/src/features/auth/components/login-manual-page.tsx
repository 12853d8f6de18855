/**
 * /loginmanual: Login ID and code (the old app's Password field, named as everywhere else in the store)
 * with Submit, same redirect rules as /login.
 */
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/api';
import { PageTitle } from '../../../components/page-title';
import { useToast } from '../../../components/toast';
import { useLogin } from '../api/login';
import { RetryNotice, retryAtOf } from '../../../components/retry-notice';
import { useLeaveLoginWhenSignedIn } from './use-after-login';

export function LoginManualPage() {
  const loginMutation = useLogin();
  // A successful login stores the user, and this sends them on.
  useLeaveLoginWhenSignedIn();
  const toast = useToast();
  // Set by a 429: the page says so, with the time left, until the next attempt.
  const [retryAt, setRetryAt] = useState<number | null>(null);
  const [loginId, setLoginId] = useState('');
  const [password, setPassword] = useState('');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    loginMutation.mutate(
      { email: loginId.trim(), password },
      {
        onError: (error) => {
          const at = retryAtOf(error);
          setRetryAt(at);
          if (at === null) toast.error(errorMessage(error));
        },
      },
    );
  };

  return (
    <section className="page page--narrow">
      <PageTitle title="Login" />
      <h1>Login</h1>
      <form className="form card" onSubmit={onSubmit}>
        <label htmlFor="login-id">Login ID</label>
        <input
          id="login-id"
          required
          autoComplete="username"
          value={loginId}
          onChange={(e) => setLoginId(e.target.value)}
        />
        <label htmlFor="login-password">Code</label>
        <input
          id="login-password"
          type="password"
          required
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {retryAt !== null && <RetryNotice retryAt={retryAt} />}
        <button type="submit" className="button" disabled={loginMutation.isPending}>
          Submit
        </button>
      </form>
    </section>
  );
}
