import SlotIcon from '@mui/icons-material/EventAvailable';
import { lazyNamed } from '../lib/lazy-named';

/** Weekly pickup slots and the charity's calendar feed (admins, Settings). */
export const pickupSlots = {
  list: lazyNamed(() => import('./pickup-slot-list'), 'PickupSlotList'),
  edit: lazyNamed(() => import('./pickup-slot-form'), 'PickupSlotEdit'),
  create: lazyNamed(() => import('./pickup-slot-form'), 'PickupSlotCreate'),
  icon: SlotIcon,
};
