import { useId, useState, type ReactNode } from 'react';
import { Box, Button, List, ListItem, Typography } from '@mui/material';

/** Rows a stock list shows before "Show all": enough to act on without pushing the page down. */
export const STOCK_LIST_PREVIEW = 8;

interface StockListProps<Row> {
  title: string;
  rows: readonly Row[];
  empty: string;
  rowKey: (row: Row) => string;
  renderRow: (row: Row) => ReactNode;
}

/**
 * One of the dashboard's stock lists: the first rows and a visible "Show all (n)" button, instead of
 * a clipped scroll box whose hidden rows a keyboard user could not reach.
 */
export function StockList<Row>({ title, rows, empty, rowKey, renderRow }: StockListProps<Row>) {
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const shown = expanded ? rows : rows.slice(0, STOCK_LIST_PREVIEW);
  return (
    <Box>
      <Typography variant="subtitle1" component="h3">
        {title}
      </Typography>
      <List dense id={listId}>
        {shown.map((row) => (
          <ListItem key={rowKey(row)} disableGutters sx={{ display: 'block' }}>
            {renderRow(row)}
          </ListItem>
        ))}
        {rows.length === 0 && (
          <ListItem disableGutters>
            <Typography variant="body2">{empty}</Typography>
          </ListItem>
        )}
      </List>
      {rows.length > STOCK_LIST_PREVIEW && (
        <Button
          size="small"
          aria-controls={listId}
          aria-expanded={expanded}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? 'Show fewer' : `Show all (${rows.length})`}
        </Button>
      )}
    </Box>
  );
}
