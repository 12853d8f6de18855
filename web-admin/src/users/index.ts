import UserIcon from '@mui/icons-material/People';
import { lazyNamed } from '../lib/lazy-named';

export const users = {
  list: lazyNamed(() => import('./user-list'), 'UserList'),
  edit: lazyNamed(() => import('./user-edit'), 'UserEdit'),
  create: lazyNamed(() => import('./user-create'), 'UserCreate'),
  show: undefined,
  icon: UserIcon,
};
export const UserRegistered = lazyNamed(() => import('./user-registered'), 'UserRegistered');
export { USER_REGISTERED_PATH } from './paths';
