import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { isStaff, useCurrentUser, type CurrentUser } from '../../../lib/auth';
import { redirectTarget } from '../redirect';

/** Admins and volunteers land on the console; schools on the page they wanted, else /home. */
export function useAfterLogin() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (user: CurrentUser) => {
    if (isStaff(user)) {
      window.location.assign('/admin/');
      return;
    }
    void navigate(redirectTarget(params.get('redirect')), { replace: true });
  };
}

/** Someone already signed in who opens a login page goes on as if they had just logged in. */
export function useLeaveLoginWhenSignedIn() {
  const me = useCurrentUser();
  const afterLogin = useAfterLogin();
  const done = useRef(false);
  useEffect(() => {
    if (me.data && !done.current) {
      done.current = true;
      afterLogin(me.data);
    }
  }, [me.data, afterLogin]);
}
