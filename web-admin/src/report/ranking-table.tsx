import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { RankedName } from '@lr/contracts';

export function RankingTable({
  title,
  label,
  rows,
}: {
  title: string;
  label: string;
  rows: RankedName[];
}) {
  return (
    <div>
      <Typography variant="subtitle1" component="h3">
        {title}
      </Typography>
      <Table size="small" aria-label={title}>
        <TableHead>
          <TableRow>
            <TableCell>#</TableCell>
            <TableCell>{label}</TableCell>
            <TableCell align="right">Orders</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, index) => (
            <TableRow key={row.name}>
              <TableCell>{index + 1}</TableCell>
              <TableCell>{row.name}</TableCell>
              <TableCell align="right">{row.count}</TableCell>
            </TableRow>
          ))}
          {rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={3}>No orders in this period.</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </div>
  );
}
