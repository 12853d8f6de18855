import {
  Alert,
  Box,
  Button,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Confirm, useNotify } from 'react-admin';
import { errorMessage } from '../http';
import { formatDateTime } from '../lib/date-format';
import { countOf } from '../lib/plural';
import { useCountReview, useFinaliseCount } from './queries';

/**
 * The admin's review: every difference against the books of this moment, what moved since the count
 * started, then Finalise with the figures confirmed (refused if stock moved since: review again).
 */
export function CountFinalise({ countId }: { countId: string }) {
  const notify = useNotify();
  const { data: review, error } = useCountReview(countId);
  const finalising = useFinaliseCount(countId);
  // Finalising writes stock and cannot be undone: it is asked about first.
  const [confirming, setConfirming] = useState(false);

  function finalise() {
    setConfirming(false);
    if (!review) return;
    const confirmedBooks = review.differences.map((d) => ({ sizeId: d.sizeId, books: d.books }));
    finalising.mutate(confirmedBooks, {
      onSuccess: () => notify('Count finalised', { type: 'success' }),
      onError: (failure) => notify(errorMessage(failure), { type: 'error' }),
    });
  }

  if (error) return <Alert severity="error">{errorMessage(error)}</Alert>;
  if (!review) return null;
  const open = review.count.status === 'open';
  return (
    <Box>
      <Typography sx={{ mb: 1 }}>
        {countOf(review.differences.length, 'difference')},{' '}
        {countOf(review.matching, 'size agrees', 'sizes agree')}, {review.uncounted} not counted
        (not adjusted).
      </Typography>
      {review.deletedSizes.length > 0 && (
        <Alert severity="info" sx={{ mb: 1 }}>
          Deleted since the start (skipped):{' '}
          {review.deletedSizes.map((s) => `${s.productName} ${s.size}`).join(', ')}
        </Alert>
      )}
      {/* On a phone the table may scroll inside its box; the page itself never scrolls sideways. */}
      <Box
        sx={{ overflowX: 'auto' }}
        tabIndex={0}
        role="region"
        aria-label="Differences, scrollable"
      >
        <Table
          size="small"
          aria-label="Differences"
          sx={{ '& th, & td': { px: { xs: 0.5, sm: 2 } } }}
        >
          <TableHead>
            <TableRow>
              <TableCell>Product</TableCell>
              <TableCell>Size</TableCell>
              <TableCell align="right">Books</TableCell>
              <TableCell align="right">Counted</TableCell>
              <TableCell align="right">Difference</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {review.differences.map((d) => (
              <TableRow key={d.sizeId}>
                <TableCell>{d.productName}</TableCell>
                <TableCell>{d.size}</TableCell>
                <TableCell align="right">{d.books}</TableCell>
                <TableCell align="right">{d.counted}</TableCell>
                <TableCell align="right">
                  {d.difference > 0 ? `+${d.difference}` : d.difference}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {review.movementsSinceStartTotal > 0 && (
        <Box sx={{ mt: 2 }}>
          <Typography variant="subtitle2">
            Stock moved since the count started ({review.movementsSinceStartTotal})
          </Typography>
          <Box
            sx={{ overflowX: 'auto' }}
            tabIndex={0}
            role="region"
            aria-label="Movements since start, scrollable"
          >
            <Table
              size="small"
              aria-label="Movements since start"
              sx={{ '& th, & td': { px: { xs: 0.5, sm: 2 } } }}
            >
              <TableBody>
                {review.movementsSinceStart.map((m) => (
                  <TableRow key={m.id}>
                    <TableCell>{formatDateTime(m.createdAt)}</TableCell>
                    <TableCell>{m.productName}</TableCell>
                    <TableCell>{m.size}</TableCell>
                    <TableCell>{m.reason}</TableCell>
                    <TableCell align="right">{m.delta > 0 ? `+${m.delta}` : m.delta}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </Box>
      )}
      {open && (
        <>
          <Button
            variant="contained"
            color="primary"
            sx={{ mt: 2 }}
            disabled={finalising.isPending}
            onClick={() => setConfirming(true)}
          >
            Finalise: write {review.differences.length === 1 ? 'this' : 'these'}{' '}
            {countOf(review.differences.length, 'adjustment')}
          </Button>
          <Confirm
            isOpen={confirming}
            title="Finalise this count?"
            content={`The stock of ${countOf(review.differences.length, 'size')} is set to the counted figures, as audit movements. A finalised count cannot be reopened.`}
            confirm="Finalise"
            cancel="Go back"
            onConfirm={finalise}
            onClose={() => setConfirming(false)}
          />
        </>
      )}
    </Box>
  );
}
