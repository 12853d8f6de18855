import ReviewIcon from '@mui/icons-material/RateReview';
import { lazyNamed } from '../lib/lazy-named';

export const reviews = {
  list: lazyNamed(() => import('./review-list'), 'ReviewList'),
  edit: undefined,
  create: undefined,
  show: undefined,
  icon: ReviewIcon,
};
