import ProductIcon from '@mui/icons-material/Inventory2';
import { ProductCreate } from './product-create';
import { ProductEdit } from './product-edit';
import { ProductList } from './product-list';

export const products = {
  list: ProductList,
  edit: ProductEdit,
  create: ProductCreate,
  show: undefined,
  icon: ProductIcon,
};
