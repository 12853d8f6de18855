import { useState } from 'react';
import {
  Box,
  Button,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
} from '@mui/material';
import { useNotify } from 'react-admin';
import { COUNT_MAX_FIGURE, type StockCountLineDto } from '@lr/contracts';
import { errorMessage } from '../http';
import { countOf } from '../lib/plural';
import { useEnterCounts } from './queries';

/**
 * Figure entry in sheet order: type a figure, Enter (or Tab) moves to the next size; Save sends the
 * changed figures. A blank clears a figure (the size is then not counted).
 */
export function CountEntry({ countId, lines }: { countId: string; lines: StockCountLineDto[] }) {
  const notify = useNotify();
  const [draft, setDraft] = useState<Record<string, string>>({});
  const saving = useEnterCounts(countId);
  const editable = lines.filter((l) => l.sizeExists);

  function save() {
    const changed = Object.entries(draft).map(([sizeId, text]) => ({
      sizeId,
      counted: text.trim() === '' ? null : Number(text),
    }));
    if (
      changed.some(
        (c) =>
          c.counted !== null &&
          (!Number.isInteger(c.counted) || c.counted < 0 || c.counted > COUNT_MAX_FIGURE),
      )
    ) {
      notify(`Figures are whole numbers from 0 to ${COUNT_MAX_FIGURE}`, { type: 'error' });
      return;
    }
    saving.mutate(changed, {
      onSuccess: () => {
        setDraft({});
        notify(`${countOf(changed.length, 'figure')} saved`, { type: 'success' });
      },
      onError: (error) => notify(errorMessage(error), { type: 'error' }),
    });
  }

  return (
    <Box>
      {/* The category column is left out on a phone; the product's name says enough there. */}
      <Table
        size="small"
        sx={{
          '& th, & td': { px: { xs: 0.5, sm: 2 } },
          '& .count-category': { display: { xs: 'none', sm: 'table-cell' } },
        }}
      >
        <TableHead>
          <TableRow>
            <TableCell className="count-category">Category</TableCell>
            <TableCell>Product</TableCell>
            <TableCell>Size</TableCell>
            <TableCell>Counted</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {editable.map((line, index) => (
            <TableRow key={line.id}>
              <TableCell className="count-category">{line.category}</TableCell>
              <TableCell>
                {line.productName} ({line.subCategory})
              </TableCell>
              <TableCell>{line.size}</TableCell>
              <TableCell>
                <TextField
                  size="small"
                  type="number"
                  slotProps={{
                    htmlInput: {
                      min: 0,
                      max: COUNT_MAX_FIGURE,
                      'data-entry': index,
                      // The sub-category tells apart products of one name (toddler and youth mittens).
                      'aria-label': `Counted ${line.productName} (${line.subCategory}) ${line.size}`,
                    },
                  }}
                  value={draft[line.sizeId] ?? (line.counted === null ? '' : String(line.counted))}
                  onChange={(e) => setDraft((d) => ({ ...d, [line.sizeId]: e.target.value }))}
                  onKeyDown={(e) => {
                    if (e.key !== 'Enter') return;
                    e.preventDefault();
                    document
                      .querySelector<HTMLInputElement>(`[data-entry="${index + 1}"]`)
                      ?.focus();
                  }}
                  sx={{ width: 96 }}
                  fullWidth={false}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Button
        variant="contained"
        sx={{ mt: 2 }}
        disabled={saving.isPending || Object.keys(draft).length === 0}
        onClick={save}
      >
        Save figures
      </Button>
    </Box>
  );
}
