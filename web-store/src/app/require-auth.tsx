/**
 * Route guard for the login-required pages: a guest goes to /login with the page they
 * wanted in `redirect`, and comes back there after logging in.
 */
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useCurrentUser } from '../lib/auth';
import { loginPathFor } from '../lib/login-path';
import { ErrorView, Loading } from '../components/query-state';

export function RequireAuth() {
  const location = useLocation();
  const me = useCurrentUser();
  if (me.isPending) return <Loading />;
  if (me.isError) return <ErrorView error={me.error} onRetry={() => void me.refetch()} />;
  if (!me.data) return <Navigate to={loginPathFor(location.pathname, location.search)} replace />;
  return <Outlet />;
}
