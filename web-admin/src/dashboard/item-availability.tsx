import { lazy, Suspense } from 'react';
import { Box, CircularProgress, List, ListItem, ListItemText, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import type { DashboardFigures } from '../types';

const StockPie = lazy(() => import('./stock-pie'));

/** Products, sizes in and out of stock, the out-of-stock list grouped by name, and low-stock sizes. */
export function ItemAvailability({ figures }: { figures: DashboardFigures }) {
  return (
    <Box>
      <Typography variant="body1">
        Products: <strong data-testid="products-count">{figures.productsCount ?? 0}</strong>
        {' · '}Sizes out of stock: <strong>{figures.outOfStockSizes ?? 0}</strong>
        {' · '}Sizes in stock: <strong>{figures.inStockSizes ?? 0}</strong>
      </Typography>
      <Box sx={{ height: 220 }}>
        <Suspense fallback={<CircularProgress size={24} />}>
          <StockPie inStock={figures.inStockSizes ?? 0} outOfStock={figures.outOfStockSizes ?? 0} />
        </Suspense>
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
        <Box>
          <Typography variant="subtitle1" component="h3">
            Out of stock
          </Typography>
          <List dense sx={{ maxHeight: 280, overflow: 'auto' }}>
            {(figures.outOfStock ?? []).map((group) => (
              <ListItem key={group.name} disableGutters>
                <ListItemText primary={group.name} secondary={group.entries.join(', ')} />
              </ListItem>
            ))}
            {(figures.outOfStock ?? []).length === 0 && (
              <ListItem disableGutters>
                <ListItemText primary="Every size is in stock." />
              </ListItem>
            )}
          </List>
        </Box>
        <Box>
          <Typography variant="subtitle1" component="h3">
            Low stock
          </Typography>
          <List dense sx={{ maxHeight: 280, overflow: 'auto' }}>
            {(figures.lowStock ?? []).map((row) => (
              <ListItem
                key={`${row.productId}-${row.size}`}
                disableGutters
                component={Link}
                to={`/products/${row.productId}`}
                sx={{ color: 'inherit' }}
              >
                <ListItemText
                  primary={`${row.name} (${row.SubCategory} | ${row.size})`}
                  secondary={`${row.stock} left`}
                />
              </ListItem>
            ))}
            {(figures.lowStock ?? []).length === 0 && (
              <ListItem disableGutters>
                <ListItemText primary="No size is running low." />
              </ListItem>
            )}
          </List>
        </Box>
      </Box>
    </Box>
  );
}
