import { Navigate } from 'react-router-dom';
import { useCurrentUser } from '../lib/auth';
import { Loading } from '../components/query-state';

/** `/` goes to /home when authenticated, else /about. */
export function HomeRedirect() {
  const me = useCurrentUser();
  if (me.isPending) return <Loading />;
  return <Navigate to={me.data ? '/home' : '/about'} replace />;
}
