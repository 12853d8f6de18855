import { List, ListItem, ListItemText, Typography } from '@mui/material';
import { useGetList } from 'react-admin';
import type { DemandRow } from '@lr/contracts';

/** The ten largest shortfalls (demand against stock), for admins and volunteers. */
export function Shortfalls() {
  const { data, isPending, error } = useGetList<DemandRow>('demand', {
    pagination: { page: 1, perPage: 10 },
    sort: { field: 'shortfall', order: 'DESC' },
    filter: { short: true },
  });
  if (isPending) return <Typography variant="body2">Loading…</Typography>;
  if (error) return <Typography variant="body2">Demand could not be loaded.</Typography>;
  if (!data || data.length === 0) {
    return (
      <Typography variant="body2">Every waiting order can be packed from the shelf.</Typography>
    );
  }
  return (
    <List dense aria-label="Largest shortfalls" data-testid="shortfalls">
      {data.map((row) => (
        <ListItem key={row.id} disableGutters>
          <ListItemText
            primary={`${row.name}, ${row.size}: short ${row.shortfall}`}
            secondary={`${row.category}; requested ${row.requested}, on hand ${row.onHand}`}
          />
        </ListItem>
      ))}
    </List>
  );
}
