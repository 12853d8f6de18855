import CountIcon from '@mui/icons-material/FactCheck';
import { lazyNamed } from '../lib/lazy-named';

export const stockCounts = {
  list: lazyNamed(() => import('./stock-count-list'), 'StockCountList'),
  edit: undefined,
  create: lazyNamed(() => import('./stock-count-create'), 'StockCountCreate'),
  show: lazyNamed(() => import('./stock-count-show'), 'StockCountShow'),
  icon: CountIcon,
};
