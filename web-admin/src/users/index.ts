import UserIcon from '@mui/icons-material/People';
import { UserCreate } from './user-create';
import { UserEdit } from './user-edit';
import { UserList } from './user-list';

export const users = {
  list: UserList,
  edit: UserEdit,
  create: UserCreate,
  show: undefined,
  icon: UserIcon,
};
export { UserRegistered } from './user-registered';
export { USER_REGISTERED_PATH } from './user-create';
