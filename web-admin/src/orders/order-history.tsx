import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { formatDateTime } from '../lib/date-format';
import type { ConsoleOrderHistoryEntry } from '@lr/contracts';

/** The order's status history: who moved it, when, from what to what, with which quantities and why. */
export function OrderHistory({ entries }: { entries: readonly ConsoleOrderHistoryEntry[] }) {
  if (entries.length === 0) return <Typography variant="body2">No history yet.</Typography>;
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
