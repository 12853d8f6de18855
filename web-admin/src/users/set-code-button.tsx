import { useState } from 'react';
import KeyIcon from '@mui/icons-material/Key';
import {
  Button as MuiButton,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Typography,
} from '@mui/material';
import { Button, Confirm, useNotify, useRecordContext } from 'react-admin';
import type { ConsoleUser } from '@lr/contracts';
import { errorMessage } from '../http';
import { useSetUserCode } from './queries';

const COPIED_MS = 3000;

/**
 * Replaces the old Password column: plain-text codes are never stored, so an admin sets a new code
 * and sees it once, to pass on to the school.
 */
export function SetCodeButton(_props: { label?: string; sortable?: boolean }) {
  const record = useRecordContext<ConsoleUser>();
  const notify = useNotify();
  const [asking, setAsking] = useState(false);
  const [code, setCode] = useState<string | null>(null);
  const setting = useSetUserCode();
  if (!record) return null;

  function setNewCode() {
    setAsking(false);
    setting.mutate(String(record!.id), {
      onSuccess: (result) => setCode(result.code),
      onError: (error) => notify(errorMessage(error), { type: 'error' }),
    });
  }

  async function copy() {
    if (!code) return;
    try {
      await navigator.clipboard.writeText(code);
      notify('Copied to clipboard', { type: 'info', autoHideDuration: COPIED_MS });
    } catch {
      notify('Copy failed: select the code and copy it by hand', { type: 'warning' });
    }
  }

  return (
    <>
      <Button
        label="Set new code"
        disabled={setting.isPending}
        onClick={(event) => {
          event.stopPropagation();
          setAsking(true);
        }}
      >
        <KeyIcon />
      </Button>
      <Confirm
        isOpen={asking}
        title="Set new code"
        content={`Give ${record.name} a new code? The old code stops working and the user is signed out.`}
        confirm="Yes"
        cancel="No"
        onConfirm={setNewCode}
        onClose={() => setAsking(false)}
      />
      <Dialog
        open={code !== null}
        onClose={() => setCode(null)}
        onClick={(e) => e.stopPropagation()}
      >
        <DialogTitle>New code for {record.name}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            It is shown only this once. Pass it on to the school now.
          </DialogContentText>
          <Typography
            data-testid="new-code"
            variant="h5"
            sx={{ fontFamily: 'monospace', mt: 2, userSelect: 'all' }}
          >
            {code}
          </Typography>
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => void copy()}>Copy</MuiButton>
          <MuiButton onClick={() => setCode(null)} variant="contained">
            Done
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}
