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
          <li>Under Choose Category pick the new status and press Process.</li>
          <li>When the school has collected the items, set the order to Delivered.</li>
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
        </ol>
        <Typography variant="h6" component="h2">
          Students&apos; details (admins)
        </Typography>
        <ol>
          <li>
            A student&apos;s and teacher&apos;s details are erased by themselves some days after the
            order is Delivered; the order then shows &quot;erased&quot;.
          </li>
          <li>
            When a school asks, open Privacy: choose the school and the student id to download what
            is held (JSON or CSV) or to erase the student&apos;s details now.
          </li>
          <li>To erase one order&apos;s details, open the order and press Erase details.</li>
        </ol>
        <Typography variant="body2" color="text.secondary">
          Pickup times: Tuesdays 2:00-4:00 and Thursdays 8:00-9:30 am. In-stock items are picked,
          packed and delivered within 24-48 hours.
        </Typography>
      </CardContent>
    </Card>
  );
}
