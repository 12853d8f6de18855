import { Box, Typography } from '@mui/material';
import type { StockCountLineDto } from '@lr/contracts';
import { groupSheet } from './group-sheet';

/**
 * The printable count sheet: grouped by category and product, sizes in order, a blank box per size
 * to write in on paper. The books' figure is never shown while counting (blind count). On screen the
 * blank boxes are not drawn (they looked like inputs but took nothing: figures go in under Enter
 * figures); a finalised count shows its figures.
 */
export function CountSheet({
  lines,
  finalised,
}: {
  lines: StockCountLineDto[];
  finalised: boolean;
}) {
  return (
    <Box className="count-sheet">
      {groupSheet(lines).map((group) => (
        <Box key={group.category} sx={{ mb: 2, breakInside: 'avoid-page' }}>
          <Typography variant="h6">{group.category}</Typography>
          {group.products.map((product) => (
            <Box key={product.key} sx={{ mb: 1, breakInside: 'avoid' }}>
              <Typography variant="subtitle2">{product.name}</Typography>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                {product.lines.map((line) => (
                  <Box
                    key={line.id}
                    sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 120 }}
                  >
                    <span>{line.size}</span>
                    {finalised ? (
                      <Box component="span" sx={{ fontWeight: 600 }}>
                        {line.counted !== null ? `counted ${line.counted}` : 'not counted'}
                      </Box>
                    ) : (
                      <Box
                        component="span"
                        className="print-box"
                        aria-hidden="true"
                        sx={{
                          display: 'none',
                          '@media print': { display: 'inline-block' },
                          width: 56,
                          height: 24,
                          border: '1px solid #333',
                        }}
                      />
                    )}
                  </Box>
                ))}
              </Box>
            </Box>
          ))}
        </Box>
      ))}
    </Box>
  );
}
