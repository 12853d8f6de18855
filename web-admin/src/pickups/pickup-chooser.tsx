/**
 * The time an order is given at Ready for Pickup: one of the next open slot dates (the first one
 * preselected) or delivery on a date. Used when moving an order and when changing its time.
 */
import { useEffect } from 'react';
import {
  Alert,
  CircularProgress,
  FormControl,
  InputLabel,
  MenuItem,
  Select,
  TextField,
  Typography,
} from '@mui/material';
import { dayIn, slotText, type PickupChoice } from '@lr/contracts';
import { errorMessage } from '../http';
import { usePickupTimes } from './queries';

const DELIVERY = 'delivery';

function keyOf(choice: PickupChoice | null): string {
  if (!choice) return '';
  return choice.kind === 'delivery' ? DELIVERY : `${choice.slotId}|${choice.date}`;
}

export function PickupChooser({
  value,
  onChange,
}: {
  value: PickupChoice | null;
  onChange: (choice: PickupChoice | null) => void;
}) {
  const { data, error, isPending } = usePickupTimes();
  const first = data?.openings[0];

  useEffect(() => {
    if (!value && first) onChange({ kind: 'slot', slotId: first.slotId, date: first.date });
  }, [value, first, onChange]);

  if (isPending) return <CircularProgress size={20} />;
  if (error || !data) return <Alert severity="error">{errorMessage(error)}</Alert>;

  const today = dayIn(data.timeZone, new Date());
  return (
    <>
      {/* On a phone the long date wraps inside the field instead of widening the page. */}
      <FormControl sx={{ minWidth: { sm: 240 }, width: { xs: '100%', sm: 'auto' } }} size="small">
        <InputLabel id="pickup-time-label">Pickup time</InputLabel>
        <Select
          labelId="pickup-time-label"
          label="Pickup time"
          value={keyOf(value)}
          sx={{ '& .MuiSelect-select': { whiteSpace: 'normal' } }}
          MenuProps={{ slotProps: { paper: { sx: { maxWidth: 'calc(100vw - 32px)' } } } }}
          onChange={(event) => {
            const key = event.target.value;
            if (key === DELIVERY) {
              onChange({ kind: 'delivery', date: first?.date ?? today });
              return;
            }
            const [slotId, date] = key.split('|') as [string, string];
            onChange({ kind: 'slot', slotId, date });
          }}
        >
          {data.openings.map((opening) => (
            <MenuItem
              key={`${opening.slotId}|${opening.date}`}
              value={`${opening.slotId}|${opening.date}`}
              sx={{ whiteSpace: 'normal' }}
            >
              {slotText(opening.date, opening.start, opening.end, data.timeZone)} ({opening.free}{' '}
              free)
            </MenuItem>
          ))}
          <MenuItem value={DELIVERY}>Delivery on a date</MenuItem>
        </Select>
      </FormControl>
      {value?.kind === 'delivery' ? (
        <TextField
          type="date"
          size="small"
          label="Delivery date"
          value={value.date}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }}
          onChange={(event) => onChange({ kind: 'delivery', date: event.target.value })}
        />
      ) : null}
      {data.openings.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No pickup slot is open in the coming weeks: choose delivery, or add slots.
        </Typography>
      ) : null}
    </>
  );
}

/** The update's body with the chosen time when the order moves to Ready for Pickup. */
export function withPickup<T extends object>(
  data: T,
  status: string,
  pickup: PickupChoice | null,
): T & { pickup?: PickupChoice } {
  return status === 'Ready for Pickup' && pickup ? { ...data, pickup } : data;
}
