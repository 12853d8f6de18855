import { useNavigate, useSearchParams } from 'react-router-dom';
import { isStaff, type CurrentUser } from '../../../lib/auth';
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
