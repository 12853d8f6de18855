/** The impact page's tables: each with a caption-like title, small enough for a phone and a page. */
import type { ReactNode } from 'react';
import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';

export interface Column<Row> {
  label: string;
  value: (row: Row) => ReactNode;
  numeric?: boolean;
}

export function ImpactTable<Row>({
  title,
  columns,
  rows,
  rowKey,
  empty,
}: {
  title: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  empty: string;
}) {
  return (
    <Box
      className="impact-table"
      // width 0 and min-width 100%: a table wider than a phone scrolls in its own box instead of
      // widening the page (the box adds nothing to the layout's intrinsic width).
      sx={{
        mb: 3,
        width: 0,
        minWidth: '100%',
        overflowX: 'auto',
        '& .MuiTableCell-root': { px: { xs: 0.75, sm: 2 } },
      }}
    >
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Table size="small" aria-label={title}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.label} align={c.numeric ? 'right' : 'left'}>
                {c.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)}>
              {columns.map((c) => (
                <TableCell key={c.label} align={c.numeric ? 'right' : 'left'}>
                  {c.value(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
          {rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={columns.length}>{empty}</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </Box>
  );
}
