import { Table, TableBody, TableCell, TableHead, TableRow, TextField } from '@mui/material';
import { LIMITS } from '@lr/contracts';
import { clampAdminQuantity, resultingInventory, type ProcessLine } from '../lib/inventory';

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

/** The order's lines; while Processing each quantity is 0 to 5 with the resulting inventory beside it. */
export function OrderLinesTable({ lines, editable, onQuantityChange }: OrderLinesTableProps) {
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
                  <TextField
                    type="number"
                    size="small"
                    value={line.quantity}
                    onChange={(event) =>
                      onQuantityChange(index, clampAdminQuantity(Number(event.target.value)))
                    }
                    slotProps={{
                      htmlInput: {
                        min: LIMITS.adminMinQuantity,
                        max: LIMITS.adminMaxQuantity,
                        step: 1,
                        'aria-label': `Quantity of ${line.name} ${line.size}`,
                      },
                    }}
                    sx={{ width: 80 }}
                  />
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
