/** An order's pickup time on Process Order, with Change while it is Ready for Pickup. */
import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, CardHeader, Typography } from '@mui/material';
import { useNotify } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import {
  pickupText,
  type ConsoleOrder,
  type PickupChoice,
  type setPickupBodySchema,
} from '@lr/contracts';
import { CONSOLE_API } from '../dataProvider';
import { errorMessage, httpClient, jsonBody } from '../http';
import { PickupChooser } from './pickup-chooser';
import { pickupKeys } from './queries';

export function OrderPickupCard({
  order,
  onChanged,
}: {
  order: ConsoleOrder;
  onChanged: () => void;
}) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [choice, setChoice] = useState<PickupChoice | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  if (!order.pickup && order.orderStatus !== 'Ready for Pickup') return null;

  async function save() {
    if (!choice) return;
    setSaving(true);
    try {
      await httpClient(`${CONSOLE_API}/orders/${order.id}/pickup`, {
        method: 'PUT',
        body: jsonBody<typeof setPickupBodySchema>({ pickup: choice }),
      });
      notify('Pickup time changed; the school was mailed', { type: 'success' });
      setEditing(false);
      setProblem(null);
      void queryClient.invalidateQueries({ queryKey: pickupKeys.times });
      onChanged();
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card className="no-print">
      <CardHeader
        title="Pickup time"
        action={
          order.orderStatus === 'Ready for Pickup' && !editing ? (
            <Button onClick={() => setEditing(true)}>Change</Button>
          ) : null
        }
      />
      <CardContent>
        <Typography data-testid="order-pickup">
          {order.pickup ? pickupText(order.pickup) : 'No time given yet'}
        </Typography>
        {editing ? (
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mt: 2, flexWrap: 'wrap' }}>
            <PickupChooser value={choice} onChange={setChoice} />
            <Button variant="contained" onClick={() => void save()} disabled={!choice || saving}>
              Save time
            </Button>
            <Button onClick={() => setEditing(false)}>Cancel</Button>
          </Box>
        ) : null}
        {problem ? (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {problem}
          </Alert>
        ) : null}
      </CardContent>
    </Card>
  );
}
