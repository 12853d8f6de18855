import CountIcon from '@mui/icons-material/FactCheck';
import { StockCountCreate } from './stock-count-create';
import { StockCountList } from './stock-count-list';
import { StockCountShow } from './stock-count-show';

export const stockCounts = {
  list: StockCountList,
  edit: undefined,
  create: StockCountCreate,
  show: StockCountShow,
  icon: CountIcon,
};
