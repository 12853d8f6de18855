import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { ConsoleOrder } from '@lr/contracts';
import { formatDateTime } from '../lib/date-format';
import { studentSummary } from '../lib/order-parts';

/**
 * The printable pick list of one order: who it is for and what to pick, with a box to tick per line.
 * Printing hides everything but elements inside `.print-area` (see print.css).
 */
export function PickList({ order }: { order: ConsoleOrder }) {
  const info = order.shippingInfo ?? {};
  return (
    <Box className="pick-list" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2">
        Pick list {order.orderId}
      </Typography>
      <Typography variant="body2">
        <strong>School:</strong> {order.user?.name ?? info.userName}
      </Typography>
      <Typography variant="body2">
        <strong>Student:</strong> {studentSummary(info.receivingPersonName)}
      </Typography>
      <Typography variant="body2">
        <strong>Teacher:</strong> {info.userLoggedInDesignation}
      </Typography>
      <Typography variant="body2">
        <strong>Ordered:</strong> {formatDateTime(order.createdAt)}
      </Typography>
      {info.additionalComments ? (
        <Typography variant="body2">
          <strong>Comments:</strong> {info.additionalComments}
        </Typography>
      ) : null}
      {/* Narrow cells on a phone, so five columns fit its width (print is unchanged). */}
      <Table
        size="small"
        sx={{
          mt: 1,
          '& th, & td': { px: { xs: 0.5, sm: 2 }, overflowWrap: 'break-word' },
        }}
      >
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">Picked</TableCell>
            <TableCell>Item</TableCell>
            <TableCell>SubCategory</TableCell>
            <TableCell>Size</TableCell>
            <TableCell align="right">Quantity</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {order.orderItems.map((item) => (
            <TableRow key={item._id}>
              <TableCell padding="checkbox">
                <span className="tick-box" aria-label="not picked yet">
                  ☐
                </span>
              </TableCell>
              <TableCell>{item.name}</TableCell>
              <TableCell>{item.SubCategory}</TableCell>
              <TableCell>{item.ProductSize}</TableCell>
              <TableCell align="right">{item.quantity}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
