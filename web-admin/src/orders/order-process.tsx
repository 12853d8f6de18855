import { useEffect, useState } from 'react';
import PrintIcon from '@mui/icons-material/Print';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  CircularProgress,
  FormControl,
  InputLabel,
  MenuItem,
  Select,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import {
  Confirm,
  RecordContextProvider,
  Title,
  useGetOne,
  useGetRecordId,
  useNotify,
  usePermissions,
  useUpdate,
} from 'react-admin';
import type { z } from 'zod';
import {
  ERASED_MARKER,
  UI_MESSAGES,
  type ConsoleOrderUpdate,
  type ConsoleOrderWithStock,
  type ConsoleStockOutcome,
  type OrderStatus,
  type PickupChoice,
  type updateOrderBodySchema,
} from '@lr/contracts';
import { ConfirmDeleteButton } from '../components/confirm-delete-button';
import { errorMessage } from '../http';
import { givesNothing, isProcessDisabled, validateProcessing } from '../lib/inventory';
import { statusChoicesFor } from '../lib/transitions';
import { OrderDetails } from './order-details';
import { OrderHistory } from './order-history';
import { OrderLinesTable, type ProcessLineRow } from './order-lines-table';
import { EraseOrderButton } from '../privacy/erase-order-button';
import { PickList } from './pick-list';
import { OrderPickupCard } from '../pickups/order-pickup-card';
import { PickupChooser, withPickup } from '../pickups/pickup-chooser';
import { orderKeys, useOrderHistory } from './queries';
import { StockOutcomeNotice } from './stock-outcome';

/** Process Order: details, lines, 'New status', Process, pick list, history, delete. */
export function OrderProcess() {
  const id = useGetRecordId();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { permissions } = usePermissions<string>();
  const {
    data: order,
    isPending,
    error,
    refetch,
  } = useGetOne<ConsoleOrderWithStock>('orders', { id: String(id) });
  const history = useOrderHistory(String(id));
  const isProcessing = order?.orderStatus === 'Processing';
  const [chosen, setChosen] = useState('');
  const [quantities, setQuantities] = useState<number[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  // Marking an order Delivered with nothing given is asked about first (an easy slip on a phone).
  const [confirmingEmpty, setConfirmingEmpty] = useState(false);
  // Catalog's decision on the stock of the change just sent, as the server answered it (the stock
  // figures shown here are only a hint: catalog decides, once).
  const [stockOutcome, setStockOutcome] = useState<ConsoleStockOutcome | null>(null);
  const [update, { isPending: saving }] = useUpdate<ConsoleOrderUpdate>();
  // The time given at Ready for Pickup (pickups/pickup-chooser.tsx preselects the next open one).
  const [pickup, setPickup] = useState<PickupChoice | null>(null);

  useEffect(() => {
    setQuantities((order?.orderItems ?? []).map((item) => item.quantity));
    setChosen('');
  }, [order]);

  if (isPending) return <CircularProgress sx={{ m: 4 }} />;
  if (error || !order) {
    return <Alert severity="error">{errorMessage(error, 'Order not found')}</Alert>;
  }

  const lines: ProcessLineRow[] = order.orderItems.map((item, index) => ({
    key: item._id ?? String(index),
    name: item.name,
    SubCategory: item.SubCategory,
    size: item.ProductSize,
    requestedQuantity: item.requestedQuantity ?? item.quantity,
    quantity: quantities[index] ?? item.quantity,
    // The order's read carries each size's current stock, for volunteers too (who may not read
    // products); without it the line shows '?' and the server checks the stock on Process.
    stock: typeof item.stock === 'number' ? item.stock : undefined,
  }));
  const choices = statusChoicesFor(order.orderStatus);

  function refreshAll() {
    void refetch();
    void queryClient.invalidateQueries({ queryKey: orderKeys.history(String(id)) });
  }

  function process() {
    // A problem is shown once, in the alert under Process (it stays until the admin acts), not
    // also as a toast saying the same thing.
    const invalid = validateProcessing(order!.orderStatus, chosen, lines);
    setProblem(invalid);
    if (invalid) return;
    if (chosen === 'Delivered' && givesNothing(lines)) {
      setConfirmingEmpty(true);
      return;
    }
    send();
  }

  function send() {
    setConfirmingEmpty(false);
    // The select offers only the statuses this order may move to.
    const status = chosen as OrderStatus;
    const body: z.input<typeof updateOrderBodySchema> = withPickup(
      isProcessing ? { status, newQuantity: lines.map((line) => line.quantity) } : { status },
      chosen,
      pickup,
    );
    void update(
      'orders',
      // react-admin types `data` as part of the record; the PUT takes the change's own body, typed
      // above by the gateway's schema, and answers the order with the stock outcome.
      {
        id: order!.id,
        data: body as unknown as Partial<ConsoleOrderUpdate>,
        previousData: order as ConsoleOrderUpdate,
      },
      {
        mutationMode: 'pessimistic',
        onSuccess: (updated) => {
          decided(updated.stock);
          refreshAll();
        },
        onError: (failure) => {
          setProblem(errorMessage(failure));
          refreshAll();
        },
      },
    );
  }

  /** Saved is said once catalog took the stock (or there was none to take); a refusal is shown. */
  function decided(stock: ConsoleStockOutcome) {
    setStockOutcome(stock);
    if (stock.outcome === 'committed' || stock.outcome === 'none')
      notify(UI_MESSAGES.orderUpdated, { type: 'success' });
  }

  return (
    <RecordContextProvider value={order}>
      <Title title={`Process Order ${order.orderId}`} />
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, mt: 2 }}>
        <Card className="no-print">
          <CardHeader
            title={`Process Order ${order.orderId}`}
            action={
              permissions === 'admin' ? (
                <>
                  <EraseOrderButton
                    orderId={order.id}
                    erased={order.shippingInfo?.receivingPersonName === ERASED_MARKER}
                  />
                  <ConfirmDeleteButton
                    title="Delete Order"
                    content={UI_MESSAGES.confirmDeleteOrder}
                    successMessage={UI_MESSAGES.orderDeleted}
                    redirectTo="/orders"
                  />
                </>
              ) : null
            }
          />
          <CardContent>
            <OrderDetails order={order} />
          </CardContent>
        </Card>

        <Card className="no-print">
          <CardHeader title="Items" />
          <CardContent>
            <OrderLinesTable
              lines={lines}
              editable={isProcessing}
              onQuantityChange={(index, quantity) =>
                setQuantities((current) => current.map((q, i) => (i === index ? quantity : q)))
              }
            />
            {isProcessing && lines.every((line) => line.stock === undefined) ? (
              <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
                Stock figures are not available to you here; the stock is checked when you press
                Process.
              </Typography>
            ) : null}
            <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mt: 3, flexWrap: 'wrap' }}>
              <FormControl sx={{ minWidth: 240, maxWidth: '100%' }} size="small">
                <InputLabel id="new-status-label">New status</InputLabel>
                <Select
                  labelId="new-status-label"
                  label="New status"
                  value={chosen}
                  // The options open below the picker, inside the screen on a phone too.
                  MenuProps={{
                    anchorOrigin: { vertical: 'bottom', horizontal: 'left' },
                    transformOrigin: { vertical: 'top', horizontal: 'left' },
                    slotProps: { paper: { sx: { maxWidth: 'calc(100vw - 32px)' } } },
                  }}
                  onChange={(event) => {
                    setChosen(event.target.value);
                    setStockOutcome(null);
                    setProblem(null);
                  }}
                >
                  {choices.map((choice) => (
                    <MenuItem key={choice.id} value={choice.id}>
                      {choice.name}
                    </MenuItem>
                  ))}
                </Select>
              </FormControl>
              {chosen === 'Ready for Pickup' ? (
                <PickupChooser value={pickup} onChange={setPickup} />
              ) : null}
              <Button
                variant="contained"
                onClick={process}
                disabled={isProcessDisabled(chosen, saving)}
              >
                {saving ? 'Processing...' : 'Process'}
              </Button>
            </Box>
            <Confirm
              isOpen={confirmingEmpty}
              title="Nothing is given"
              content="Every quantity of this order is 0: nothing goes to the school. Mark it Delivered anyway?"
              confirm="Mark Delivered"
              cancel="Go back"
              onConfirm={send}
              onClose={() => setConfirmingEmpty(false)}
            />
            {problem && (
              <Alert severity="error" sx={{ mt: 2 }} role="alert">
                {problem}
              </Alert>
            )}
            {stockOutcome && (
              <StockOutcomeNotice
                orderId={order.id}
                outcome={stockOutcome}
                onDecided={(stock) => {
                  decided(stock);
                  refreshAll();
                }}
              />
            )}
          </CardContent>
        </Card>

        <OrderPickupCard order={order} onChanged={refreshAll} />

        <Card className="print-area">
          <CardHeader
            title="Pick list"
            className="no-print"
            action={
              <Button startIcon={<PrintIcon />} onClick={() => window.print()}>
                Print
              </Button>
            }
          />
          <PickList order={order} />
        </Card>

        <Card className="no-print">
          <CardHeader title="Status history" />
          <CardContent>
            {history.isPending ? <CircularProgress size={20} /> : null}
            {history.error ? (
              <Typography color="error">{errorMessage(history.error)}</Typography>
            ) : null}
            {history.data ? <OrderHistory entries={history.data} /> : null}
          </CardContent>
        </Card>
      </Box>
    </RecordContextProvider>
  );
}
