/** /login: pick a school from the list, type its code. */
import { useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../../lib/api';
import { PageTitle } from '../../../components/page-title';
import { ErrorView, Loading } from '../../../components/query-state';
import { useToast } from '../../../components/toast';
import { useUserList } from '../api/get-user-list';
import { useLogin } from '../api/login';
import { RetryNotice, retryAtOf } from '../../../components/retry-notice';
import { useLeaveLoginWhenSignedIn } from './use-after-login';

export function LoginPage() {
  const schools = useUserList();
  const loginMutation = useLogin();
  // A successful login stores the user, and this sends them on.
  useLeaveLoginWhenSignedIn();
  const toast = useToast();
  // Set by a 429: the page says so, with the time left, until the next attempt.
  const [retryAt, setRetryAt] = useState<number | null>(null);
  const [filter, setFilter] = useState('');
  const [loginId, setLoginId] = useState('');
  const [code, setCode] = useState('');

  const visible = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    const all = schools.data ?? [];
    return needle ? all.filter((s) => s.name.toLowerCase().includes(needle)) : all;
  }, [schools.data, filter]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!loginId || !code) return;
    loginMutation.mutate(
      { email: loginId, password: code },
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
      <h1>School Login</h1>
      <p className="notice">
        Pickup times: Tuesdays 2:00-4:00 and Thursdays 8:00-9:30 am. In-stock items are picked,
        packed and delivered within 24-48 hours.
      </p>
      {schools.isPending && <Loading label="Loading schools..." />}
      {schools.isError && (
        <ErrorView error={schools.error} onRetry={() => void schools.refetch()} />
      )}
      {schools.isSuccess && (
        <form className="form card" onSubmit={onSubmit}>
          <label htmlFor="school-search">Find your school</label>
          <input
            id="school-search"
            type="search"
            placeholder="Type to filter the list"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
          />
          <label htmlFor="school">School</label>
          <select id="school" required value={loginId} onChange={(e) => setLoginId(e.target.value)}>
            <option value="">Select your school</option>
            {visible.map((school) => (
              <option key={school._id} value={school.email}>
                {school.name}
              </option>
            ))}
          </select>
          <label htmlFor="code">School code</label>
          <input
            id="code"
            type="password"
            autoComplete="current-password"
            required
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          {retryAt !== null && <RetryNotice retryAt={retryAt} />}
          <button
            type="submit"
            className="button"
            disabled={loginMutation.isPending || !loginId || !code}
          >
            {loginMutation.isPending ? 'Logging in...' : 'Login'}
          </button>
          <p className="form__hint">
            <Link to="/password/forgot">Forgot your code?</Link>
          </p>
        </form>
      )}
    </section>
  );
}
