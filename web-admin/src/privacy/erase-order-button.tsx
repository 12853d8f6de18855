import { useState } from 'react';
import PersonOffIcon from '@mui/icons-material/PersonOff';
import { Button, Confirm, useNotify, useRefresh } from 'react-admin';
import { errorMessage } from '../http';
import { erasedCountText, erasePersonalData } from './privacy-api';

/**
 * Erases one order's student and teacher details now (admins), after a Yes/No dialog. The order
 * itself stays: school, items, quantities, dates and status.
 */
export function EraseOrderButton({ orderId, erased }: { orderId: string; erased: boolean }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const notify = useNotify();
  const refresh = useRefresh();
  if (erased) return null;

  async function confirm() {
    setOpen(false);
    setBusy(true);
    try {
      notify(erasedCountText(await erasePersonalData({ orderId })), { type: 'success' });
      refresh();
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button label="Erase details" onClick={() => setOpen(true)} disabled={busy}>
        <PersonOffIcon />
      </Button>
      <Confirm
        isOpen={open}
        title="Erase personal details"
        content="Erase the student's id, age and gender, the teacher's name, phone and e-mail and the comments of this order now? This cannot be undone."
        confirm="Erase"
        cancel="Cancel"
        onConfirm={() => void confirm()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
