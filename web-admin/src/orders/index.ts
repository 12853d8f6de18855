import OrderIcon from '@mui/icons-material/ShoppingBasket';
import { lazyNamed } from '../lib/lazy-named';

export const orders = {
  list: lazyNamed(() => import('./order-list'), 'OrderList'),
  edit: lazyNamed(() => import('./order-process'), 'OrderProcess'),
  create: lazyNamed(() => import('./order-create'), 'OrderCreate'),
  show: undefined,
  icon: OrderIcon,
};
export const PickListsPage = lazyNamed(() => import('./pick-lists-page'), 'PickListsPage');
