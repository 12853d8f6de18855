import PrintIcon from '@mui/icons-material/Print';
import { Box, Button, Card, CircularProgress, Typography } from '@mui/material';
import { useSearchParams } from 'react-router-dom';
import { Title, useGetMany } from 'react-admin';
import { errorMessage } from '../http';
import type { ConsoleOrder } from '../types';
import { PickList } from './pick-list';

/** Bulk pick lists of the orders chosen in the list, one per printed page. */
export function PickListsPage() {
  const [params] = useSearchParams();
  const ids = (params.get('ids') ?? '').split(',').filter(Boolean);
  const { data, isPending, error } = useGetMany<ConsoleOrder>('orders', { ids });
  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Pick lists" />
      <Box className="no-print" sx={{ mb: 2 }}>
        <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()}>
          Print
        </Button>
      </Box>
      {isPending && <CircularProgress />}
      {error ? <Typography color="error">{errorMessage(error)}</Typography> : null}
      {!isPending && ids.length === 0 && <Typography>No orders chosen.</Typography>}
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
