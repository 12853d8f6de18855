import {
  Box,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { LIMITS } from '@lr/contracts';
import { clampAdminQuantity, resultingInventory, type ProcessLine } from '../lib/inventory';
import { useSmallScreen } from '../lib/use-small-screen';

export interface ProcessLineRow extends ProcessLine {
  key: string;
  SubCategory: string;
}

interface OrderLinesTableProps {
  lines: readonly ProcessLineRow[];
  /** While the order is Processing the quantities can be changed and the resulting stock is shown. */
  editable: boolean;
  onQuantityChange: (index: number, quantity: number) => void;
}

function QuantityInput({
  line,
  onChange,
  label,
}: {
  line: ProcessLineRow;
  onChange: (quantity: number) => void;
  /** A visible label where no column header names the field (the stacked lines of a phone). */
  label?: string;
}) {
  return (
    <TextField
      type="number"
      size="small"
      fullWidth={false}
      label={label}
      value={line.quantity}
      onChange={(event) => onChange(clampAdminQuantity(Number(event.target.value)))}
      slotProps={{
        htmlInput: {
          min: LIMITS.adminMinQuantity,
          max: LIMITS.adminMaxQuantity,
          step: 1,
          'aria-label': `Quantity of ${line.name} ${line.size}`,
        },
      }}
      sx={{ width: 96, flex: '0 0 auto' }}
    />
  );
}

/** On a phone each line is a block of its own (a seven-column table would be twice the screen). */
function OrderLinesStack({ lines, editable, onQuantityChange }: OrderLinesTableProps) {
  const showStock = editable && lines.some((line) => line.stock !== undefined);
  return (
    <Stack
      component="ul"
      aria-label="Order items"
      spacing={1.5}
      sx={{ listStyle: 'none', p: 0, m: 0 }}
    >
      {lines.map((line, index) => {
        const after = resultingInventory(line);
        return (
          <Box
            component="li"
            key={line.key}
            sx={{ borderBottom: 1, borderColor: 'divider', pb: 1.5 }}
          >
            <Typography variant="body1" sx={{ fontWeight: 600 }}>
              {line.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {line.SubCategory}, size {line.size} - requested {line.requestedQuantity}
            </Typography>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 1, flexWrap: 'wrap' }}>
              {editable ? (
                <QuantityInput
                  line={line}
                  label="Give"
                  onChange={(q) => onQuantityChange(index, q)}
                />
              ) : (
                <Typography variant="body2">Quantity {line.quantity}</Typography>
              )}
              {showStock && (
                <Typography variant="body2">
                  In stock {line.stock ?? '?'}, after{' '}
                  <Box
                    component="span"
                    data-testid="resulting-inventory"
                    sx={{ color: after !== undefined && after < 0 ? 'error.main' : undefined }}
                  >
                    {after ?? '?'}
                  </Box>
                </Typography>
              )}
            </Box>
          </Box>
        );
      })}
    </Stack>
  );
}

/** The order's lines; while Processing each quantity is 0 to 5 with the resulting inventory beside it. */
export function OrderLinesTable(props: OrderLinesTableProps) {
  const small = useSmallScreen();
  return small ? <OrderLinesStack {...props} /> : <OrderLinesWide {...props} />;
}

function OrderLinesWide({ lines, editable, onQuantityChange }: OrderLinesTableProps) {
  // Without any stock figure (e.g. a volunteer, who may not read products) the columns would only say '?'.
  const showStock = editable && lines.some((line) => line.stock !== undefined);
  return (
    <Table size="small" aria-label="Order items">
      <TableHead>
        <TableRow>
          <TableCell>Item</TableCell>
          <TableCell>SubCategory</TableCell>
          <TableCell>Size</TableCell>
          <TableCell align="right">Requested</TableCell>
          <TableCell align="right">Quantity</TableCell>
          {showStock && <TableCell align="right">In stock</TableCell>}
          {showStock && <TableCell align="right">Resulting inventory</TableCell>}
        </TableRow>
      </TableHead>
      <TableBody>
        {lines.map((line, index) => {
          const after = resultingInventory(line);
          return (
            <TableRow key={line.key}>
              <TableCell>{line.name}</TableCell>
              <TableCell>{line.SubCategory}</TableCell>
              <TableCell>{line.size}</TableCell>
              <TableCell align="right">{line.requestedQuantity}</TableCell>
              <TableCell align="right">
                {editable ? (
                  <QuantityInput line={line} onChange={(q) => onQuantityChange(index, q)} />
                ) : (
                  line.quantity
                )}
              </TableCell>
              {showStock && <TableCell align="right">{line.stock ?? '?'}</TableCell>}
              {showStock && (
                <TableCell
                  align="right"
                  data-testid="resulting-inventory"
                  sx={{ color: after !== undefined && after < 0 ? 'error.main' : undefined }}
                >
                  {after ?? '?'}
                </TableCell>
              )}
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
