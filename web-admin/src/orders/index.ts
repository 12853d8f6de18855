import OrderIcon from '@mui/icons-material/ShoppingBasket';
import { OrderList } from './order-list';
import { OrderProcess } from './order-process';

export const orders = {
  list: OrderList,
  edit: OrderProcess,
  create: undefined,
  show: undefined,
  icon: OrderIcon,
};
export { PickListsPage } from './pick-lists-page';
