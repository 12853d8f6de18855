import { lazy, Suspense } from 'react';
import { Box, CircularProgress, Link as MuiLink, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import type { AvailabilityDto } from '@lr/contracts';
import { StockList } from './stock-list';

const StockPie = lazy(() => import('./stock-pie'));

/** Products, sizes in and out of stock, the out-of-stock list grouped by name, and low-stock sizes. */
export function ItemAvailability({ figures }: { figures: AvailabilityDto }) {
  return (
    <Box>
      <Typography variant="body1">
        Products: <strong data-testid="products-count">{figures.productsCount}</strong>
        {' · '}Sizes out of stock: <strong>{figures.outOfStockSizes}</strong>
        {' · '}Sizes in stock: <strong>{figures.inStockSizes}</strong>
      </Typography>
      <Box sx={{ height: 220 }}>
        <Suspense fallback={<CircularProgress size={24} />}>
          <StockPie inStock={figures.inStockSizes} outOfStock={figures.outOfStockSizes} />
        </Suspense>
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
        <StockList
          title="Out of stock"
          rows={figures.outOfStock}
          empty="Every size is in stock."
          rowKey={(group) => group.name}
          renderRow={(group) => (
            <>
              <Typography variant="body2">{group.name}</Typography>
              <Typography variant="body2" color="text.secondary">
                {group.entries.join(', ')}
              </Typography>
            </>
          )}
        />
        <StockList
          title="Low stock"
          rows={figures.lowStock}
          empty="No size is running low."
          rowKey={(row) => `${row.productId}-${row.size}`}
          renderRow={(row) => (
            <>
              <MuiLink component={Link} to={`/products/${row.productId}`} variant="body2">
                {`${row.name} (${row.SubCategory} | ${row.size})`}
              </MuiLink>
              <Typography variant="body2" color="text.secondary">
                {`${row.stock} left`}
              </Typography>
            </>
          )}
        />
      </Box>
    </Box>
  );
}
