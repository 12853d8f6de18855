import ProductIcon from '@mui/icons-material/Inventory2';
import { lazyNamed } from '../lib/lazy-named';

export const products = {
  list: lazyNamed(() => import('./product-list'), 'ProductList'),
  edit: lazyNamed(() => import('./product-edit'), 'ProductEdit'),
  create: lazyNamed(() => import('./product-create'), 'ProductCreate'),
  show: undefined,
  icon: ProductIcon,
};
