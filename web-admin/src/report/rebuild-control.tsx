import { useCallback, useEffect, useState } from 'react';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Box, Button, LinearProgress, Typography } from '@mui/material';
import { Confirm, useDataProvider, useNotify } from 'react-admin';
import type { RebuildStatus } from '@lr/contracts';
import type { ConsoleDataProvider } from '../dataProvider';
import { errorMessage } from '../http';

const POLL_MS = 1000;

export function progressText(status: Pick<RebuildStatus, 'replayed' | 'total'>): string {
  if (status.total === 0) return 'Rebuilding: reading the order events...';
  return `Rebuilding: ${status.replayed.toLocaleString('en-GB')} of ${status.total.toLocaleString('en-GB')} events replayed`;
}

/**
 * The report's Rebuild button with its progress. While a rebuild runs (started here or by another
 * admin) the button is disabled and the page shows events replayed of total; the server refuses a
 * second start anyway (409), and its message is shown.
 */
export function RebuildControl({ onRebuilt }: { onRebuilt: () => void }) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);
  const [starting, setStarting] = useState(false);
  const [status, setStatus] = useState<RebuildStatus | null>(null);

  const refresh = useCallback(async () => {
    try {
      setStatus(await dataProvider.getRebuildStatus());
    } catch {
      // Progress is a courtesy: the rebuild's own answer says how it went.
    }
  }, [dataProvider]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const running = starting || Boolean(status?.running);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => void refresh(), POLL_MS);
    return () => clearInterval(timer);
  }, [running, refresh]);

  async function rebuild() {
    setConfirming(false);
    setStarting(true);
    try {
      await dataProvider.rebuildReport();
      notify('Report rebuilt from the order events', { type: 'success' });
      onRebuilt();
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
    } finally {
      setStarting(false);
      void refresh();
    }
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
        onConfirm={() => void rebuild()}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
