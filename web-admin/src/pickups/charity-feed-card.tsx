/** The charity's calendar feed (every pickup): its secret URL, and a reset that ends the old one. */
import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  TextField,
  Typography,
} from '@mui/material';
import { Confirm } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CONSOLE_API } from '../dataProvider';
import { errorMessage, httpClient } from '../http';
import { pickupKeys } from './queries';

export function feedUrl(token: string): string {
  return `${window.location.origin}/api/v1/calendar/${token}/pickups.ics`;
}

export function CharityFeedCard() {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const feed = useQuery({
    queryKey: pickupKeys.feed,
    queryFn: async () =>
      (await httpClient(`${CONSOLE_API}/calendar-feed`)).json as { token: string },
  });

  async function reset() {
    setConfirming(false);
    try {
      const fresh = (await httpClient(`${CONSOLE_API}/calendar-feed/reset`, { method: 'POST' }))
        .json as { token: string };
      queryClient.setQueryData(pickupKeys.feed, fresh);
      setProblem(null);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  }

  return (
    <Card sx={{ mt: 2 }}>
      <CardHeader title="Calendar feed of every pickup" />
      <CardContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          Add this address to a calendar app (subscribe by URL) to see every order&apos;s pickup or
          delivery time. Anyone with the address can read it: keep it private, and reset it if it
          was shared by mistake.
        </Typography>
        {feed.data ? (
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
            <TextField
              label="Feed address"
              value={feedUrl(feed.data.token)}
              size="small"
              sx={{ flex: '1 1 320px', minWidth: 0 }}
              slotProps={{ htmlInput: { readOnly: true } }}
            />
            <Button color="error" onClick={() => setConfirming(true)}>
              Reset address
            </Button>
          </Box>
        ) : null}
        {feed.error || problem ? (
          <Alert severity="error" role="alert">
            {problem ?? errorMessage(feed.error)}
          </Alert>
        ) : null}
        <Confirm
          isOpen={confirming}
          title="Reset the feed address?"
          content="Calendars subscribed to the old address stop updating; subscribe them to the new one."
          confirm="Reset"
          onConfirm={() => void reset()}
          onClose={() => setConfirming(false)}
        />
      </CardContent>
    </Card>
  );
}
