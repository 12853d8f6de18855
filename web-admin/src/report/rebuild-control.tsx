import { useState } from 'react';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Box, Button, LinearProgress, Typography } from '@mui/material';
import { Confirm, useNotify } from 'react-admin';
import type { RebuildStatus } from '@lr/contracts';
import { errorMessage } from '../http';
import { useRebuildReport, useRebuildStatus } from './queries';

export function progressText(status: Pick<RebuildStatus, 'replayed' | 'total'>): string {
  if (status.total === 0) return 'Rebuilding: reading the order events...';
  return `Rebuilding: ${status.replayed.toLocaleString('en-GB')} of ${status.total.toLocaleString('en-GB')} events replayed`;
}

/**
 * The report's Rebuild button with its progress. While a rebuild runs (started here or by another
 * admin) the button is disabled and the page shows events replayed of total; the server refuses a
 * second start anyway (409), and its message is shown.
 */
export function RebuildControl() {
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);
  const rebuilding = useRebuildReport();
  // Progress is a courtesy: a failed status call is not shown, the rebuild's own answer says how it went.
  const { data: status } = useRebuildStatus(rebuilding.isPending);
  const running = rebuilding.isPending || Boolean(status?.running);

  function rebuild() {
    setConfirming(false);
    rebuilding.mutate(undefined, {
      onSuccess: () => notify('Report rebuilt from the order events', { type: 'success' }),
      onError: (error) => notify(errorMessage(error), { type: 'error' }),
    });
  }

  const shown = status?.running ? status : null;
  return (
    <>
      <Button startIcon={<RefreshIcon />} disabled={running} onClick={() => setConfirming(true)}>
        Rebuild
      </Button>
      {running ? (
        <Box role="status" sx={{ flexBasis: '100%', order: 10 }} data-testid="rebuild-progress">
          <Typography variant="body2">
            {progressText(shown ?? { replayed: 0, total: 0 })}
          </Typography>
          <LinearProgress
            aria-label="Rebuild progress"
            variant={shown && shown.total > 0 ? 'determinate' : 'indeterminate'}
            value={shown && shown.total > 0 ? (100 * shown.replayed) / shown.total : undefined}
          />
        </Box>
      ) : null}
      <Confirm
        isOpen={confirming}
        title="Rebuild the report"
        content="Replay every order event to rebuild the report figures?"
        confirm="Yes"
        cancel="No"
        onConfirm={rebuild}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
