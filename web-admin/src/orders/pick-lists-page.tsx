import PrintIcon from '@mui/icons-material/Print';
import { Alert, Box, Button, Card, CircularProgress, Typography } from '@mui/material';
import { useSearchParams } from 'react-router-dom';
import { Title, useGetMany } from 'react-admin';
import type { ConsoleOrder } from '@lr/contracts';
import { errorMessage } from '../http';
import { PickList } from './pick-list';

/** What to say about chosen orders that no longer exist (deleted since they were chosen). */
export function missingOrdersMessage(chosen: number, missing: number): string | null {
  if (missing === 0) return null;
  if (missing === chosen) {
    return chosen === 1
      ? 'The chosen order has been deleted since it was chosen: there is no pick list to print.'
      : `The ${chosen} chosen orders have been deleted since they were chosen: there are no pick lists to print.`;
  }
  return `${missing} of the ${chosen} chosen orders ${missing === 1 ? 'has' : 'have'} been deleted since ${missing === 1 ? 'it was' : 'they were'} chosen; ${missing === 1 ? 'its pick list is' : 'their pick lists are'} not shown.`;
}

/** Bulk pick lists of the orders chosen in the list, one per printed page. */
export function PickListsPage() {
  const [params] = useSearchParams();
  const ids = (params.get('ids') ?? '').split(',').filter(Boolean);
  const { data, isPending, error } = useGetMany<ConsoleOrder>('orders', { ids });
  const found = new Set((data ?? []).map((order) => String(order.id)));
  const missing =
    isPending || error
      ? null
      : missingOrdersMessage(ids.length, ids.filter((id) => !found.has(id)).length);
  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Pick lists" />
      <Box className="no-print" sx={{ mb: 2 }}>
        <Button
          variant="contained"
          startIcon={<PrintIcon />}
          disabled={!data || data.length === 0}
          onClick={() => window.print()}
        >
          Print
        </Button>
      </Box>
      {isPending && <CircularProgress />}
      {error ? <Typography color="error">{errorMessage(error)}</Typography> : null}
      {!isPending && ids.length === 0 && <Typography>No orders chosen.</Typography>}
      {missing ? (
        <Alert severity="warning" className="no-print" sx={{ mb: 2 }}>
          {missing}
        </Alert>
      ) : null}
      <Box className="print-area">
        {(data ?? []).map((order) => (
          <Card key={order.id} className="print-page" sx={{ mb: 2 }}>
            <PickList order={order} />
          </Card>
        ))}
      </Box>
    </Box>
  );
}
