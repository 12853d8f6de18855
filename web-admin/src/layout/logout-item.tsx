import { useState } from 'react';
import ExitIcon from '@mui/icons-material/PowerSettingsNew';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import { Confirm, useNotify } from 'react-admin';
import { UI_MESSAGES } from '@lr/contracts';
import { authProvider } from '../authProvider';
import { TOAST_MS } from './app-notification';

/** confirm, then 'Logout Successfully', then the site's home page after 1 s. */
export function LogoutItem() {
  const [open, setOpen] = useState(false);
  const notify = useNotify();

  async function confirmLogout() {
    setOpen(false);
    await authProvider.logout({});
    notify(UI_MESSAGES.logout, { type: 'success' });
    setTimeout(() => window.location.assign('/'), TOAST_MS);
  }

  return (
    <>
      <MenuItem onClick={() => setOpen(true)}>
        <ListItemIcon>
          <ExitIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>Logout</ListItemText>
      </MenuItem>
      <Confirm
        isOpen={open}
        title="Logout"
        content={UI_MESSAGES.confirmLogout}
        confirm="Yes"
        cancel="No"
        onConfirm={() => void confirmLogout()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
