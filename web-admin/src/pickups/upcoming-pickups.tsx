/** Dashboard: today's and tomorrow's pickups and deliveries (order, school, time). */
import { Alert, CircularProgress, List, ListItem, ListItemText, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { pickupText, type UpcomingPickup } from '@lr/contracts';
import { errorMessage } from '../http';
import { useUpcomingPickups } from './queries';

function Day({ title, items }: { title: string; items: UpcomingPickup[] }) {
  return (
    <>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 1 }}>
        {title}
      </Typography>
      {items.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          None
        </Typography>
      ) : (
        <List dense disablePadding>
          {items.map((item) => (
            <ListItem key={item.orderId} disableGutters>
              <ListItemText
                primary={
                  <Link to={`/orders/${item.orderId}`}>
                    {item.orderNumber} · {item.userName}
                  </Link>
                }
                secondary={`${pickupText(item.pickup)} · ${item.status}`}
              />
            </ListItem>
          ))}
        </List>
      )}
    </>
  );
}

export function UpcomingPickups() {
  const { data, error, isPending } = useUpcomingPickups();
  if (isPending) return <CircularProgress size={24} />;
  if (error || !data) return <Alert severity="error">{errorMessage(error)}</Alert>;
  // Days in the charity's time zone, as the server counts them.
  const { today, pickups } = data;
  return (
    <>
      <Day title="Today" items={pickups.filter((item) => item.pickup.date === today)} />
      <Day title="Tomorrow" items={pickups.filter((item) => item.pickup.date !== today)} />
    </>
  );
}
