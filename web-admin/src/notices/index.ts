import NoticeIcon from '@mui/icons-material/Campaign';
import { lazyNamed } from '../lib/lazy-named';

/** Notices to schools (admins). */
export const notices = {
  list: lazyNamed(() => import('./notice-list'), 'NoticeList'),
  edit: lazyNamed(() => import('./notice-form'), 'NoticeEdit'),
  create: lazyNamed(() => import('./notice-form'), 'NoticeCreate'),
  icon: NoticeIcon,
};
