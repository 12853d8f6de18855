import DonationIcon from '@mui/icons-material/VolunteerActivism';
import { lazyNamed } from '../lib/lazy-named';

export const donations = {
  list: lazyNamed(() => import('./donation-list'), 'DonationList'),
  edit: lazyNamed(() => import('./donation-edit'), 'DonationEdit'),
  create: lazyNamed(() => import('./donation-create'), 'DonationCreate'),
  show: lazyNamed(() => import('./donation-show'), 'DonationShow'),
  icon: DonationIcon,
};

/** Donation sources: admins list them and rename one or change its kind. */
export const donationSources = {
  list: lazyNamed(() => import('./source-list'), 'SourceList'),
  edit: lazyNamed(() => import('./source-edit'), 'SourceEdit'),
};
