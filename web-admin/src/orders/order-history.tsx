import {
  Box,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { formatDateTime } from '../lib/date-format';
import { useSmallScreen } from '../lib/use-small-screen';
import type { ConsoleOrderHistoryEntry } from '@lr/contracts';

/** The order's status history: who moved it, when, from what to what, with which quantities and why. */
export function OrderHistory({ entries }: { entries: readonly ConsoleOrderHistoryEntry[] }) {
  const small = useSmallScreen();
  if (entries.length === 0) return <Typography variant="body2">No history yet.</Typography>;
  if (small) {
    // On a phone one entry is a few lines of text: six columns would not fit the screen.
    return (
      <Stack
        component="ol"
        aria-label="Status history"
        spacing={1}
        sx={{ listStyle: 'none', p: 0, m: 0 }}
      >
        {entries.map((entry, index) => (
          <Box component="li" key={`${entry.at}-${index}`}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {entry.from ? `${entry.from} to ${entry.to}` : entry.to}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {formatDateTime(entry.at)}, {entry.by}; quantities {entry.quantities.join(', ')}
              {entry.reason ? `; ${entry.reason}` : ''}
            </Typography>
          </Box>
        ))}
      </Stack>
    );
  }
  return (
    <Table size="small" aria-label="Status history">
      <TableHead>
        <TableRow>
          <TableCell>When</TableCell>
          <TableCell>By</TableCell>
          <TableCell>From</TableCell>
          <TableCell>To</TableCell>
          <TableCell>Quantities</TableCell>
          <TableCell>Reason</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {entries.map((entry, index) => (
          <TableRow key={`${entry.at}-${index}`}>
            <TableCell>{formatDateTime(entry.at)}</TableCell>
            <TableCell>{entry.by}</TableCell>
            <TableCell>{entry.from ?? ''}</TableCell>
            <TableCell>{entry.to}</TableCell>
            <TableCell>{entry.quantities.join(', ')}</TableCell>
            <TableCell>{entry.reason ?? ''}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
