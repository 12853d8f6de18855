import DonationIcon from '@mui/icons-material/VolunteerActivism';
import { DonationCreate } from './donation-create';
import { DonationEdit } from './donation-edit';
import { DonationList } from './donation-list';
import { DonationShow } from './donation-show';

export const donations = {
  list: DonationList,
  edit: DonationEdit,
  create: DonationCreate,
  show: DonationShow,
  icon: DonationIcon,
};
