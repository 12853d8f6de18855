import AccessLogIcon from '@mui/icons-material/ManageSearch';
import { lazyNamed } from '../lib/lazy-named';

export const accessLog = {
  list: lazyNamed(() => import('./access-log-list'), 'AccessLogList'),
  icon: AccessLogIcon,
};
