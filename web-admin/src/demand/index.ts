import DemandIcon from '@mui/icons-material/TrendingDown';
import { lazyNamed } from '../lib/lazy-named';

export const demand = {
  list: lazyNamed(() => import('./demand-list'), 'DemandList'),
  icon: DemandIcon,
};
