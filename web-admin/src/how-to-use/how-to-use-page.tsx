import { Card, CardContent, Link, Typography } from '@mui/material';
import { Title } from 'react-admin';

/** The staff help video differs from the schools' one (spec 2.8); both links are configuration. */
const STAFF_VIDEO_URL: string | undefined = import.meta.env.VITE_HELP_VIDEO_STAFF_URL;

export function HowToUsePage() {
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="How To Use" />
      <CardContent>
        <Typography variant="h4" component="h2" gutterBottom>
          How To Use
        </Typography>
        {STAFF_VIDEO_URL ? (
          <Typography paragraph>
            <Link href={STAFF_VIDEO_URL} target="_blank" rel="noopener noreferrer">
              Watch the help video for volunteers and admins
            </Link>
          </Typography>
        ) : null}
        <Typography variant="h6" component="h2">
          Processing an order
        </Typography>
        <ol>
          <li>Open All Orders; new requests have the status Processing.</li>
          <li>Open an order. Check each line: you may give 0 to 5 of each item.</li>
          <li>Watch the resulting inventory: it must not drop below zero.</li>
          <li>Print the pick list, pick and pack the items, ticking each line.</li>
          <li>
            Under New status pick the new status and press Process. Set Packing while you pack the
            order (from Processing, CheckEmail or Printed).
          </li>
          <li>
            When the school has collected the items, set the order to Delivered. If every quantity
            is 0 the console asks first: nothing would go to the school.
          </li>
          <li>
            To print several pick lists, tick the orders in All Orders and press Print pick lists;
            back on the list the ticks are cleared.
          </li>
        </ol>
        <Typography variant="h6" component="h2">
          On a phone
        </Typography>
        <ul>
          <li>
            Lists show one order (product, user) per row: tap it to open it. Filters and Export are
            at the top; ticking orders for pick lists needs a wider screen.
          </li>
          <li>Process Order shows one item under the other, with its Give field and its stock.</li>
        </ul>
        <Typography variant="h6" component="h2">
          Donations and stock counts
        </Typography>
        <ol>
          <li>
            Receive donation: pick the source, or type a new name and choose Add source; the console
            asks its kind (individual, school, business, drive, other), which the report counts by.
          </li>
          <li>
            Admins rename a source or change its kind under Donation sources. A donation already
            recorded stays under its old kind in the report until it is corrected.
          </li>
          <li>
            Stock counts: print the count sheet and write each figure in its box, then type the
            figures under Enter figures. Finalise asks before it writes the stock.
          </li>
        </ol>
        <Typography variant="h6" component="h2">
          Stock (admins)
        </Typography>
        <ol>
          <li>All Products lists every product with its sizes and stock.</li>
          <li>
            To restock, open the product, choose the size and enter the number of items to add.
          </li>
          <li>Untick Show to hide a product from the schools.</li>
          <li>After Add Product the new product opens, ready for more sizes or images.</li>
        </ol>
        <Typography variant="body2" color="text.secondary">
          Pickup times: Tuesdays 2:00-4:00 and Thursdays 8:00-9:30 am. In-stock items are picked,
          packed and delivered within 24-48 hours.
        </Typography>
      </CardContent>
    </Card>
  );
}
