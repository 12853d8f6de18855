import ReviewIcon from '@mui/icons-material/RateReview';
import { ReviewList } from './review-list';

export const reviews = {
  list: ReviewList,
  edit: undefined,
  create: undefined,
  show: undefined,
  icon: ReviewIcon,
};
