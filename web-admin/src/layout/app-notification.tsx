import Grow from '@mui/material/Grow';
import { Notification } from 'react-admin';

/** Toasts at bottom-centre with a scale transition, 1000 ms. */
export const TOAST_MS = 1000;

export function AppNotification() {
  return (
    <Notification
      autoHideDuration={TOAST_MS}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      slots={{ transition: Grow }}
    />
  );
}
