import { Card, CardContent, Link, Typography } from '@mui/material';
import { Title } from 'react-admin';

/** The staff help video differs from the schools' one; both links are configuration. */
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
          Pickup times
        </Typography>
        <ol>
          <li>
            When you choose Ready for Pickup, a Pickup time appears with the next open time chosen
            (not a closed date, not full). Pick another time, or Delivery on a date, then press
            Process. The school sees the time in My Orders, on its order page and in its mail, and
            gets a reminder the day before.
          </li>
          <li>
            To move a ready order to another time, press Change under Pickup time on the order. The
            school is mailed the new time.
          </li>
          <li>The Dashboard lists today&apos;s and tomorrow&apos;s pickups and deliveries.</li>
          <li>
            Admins set the weekly times under Pickup slots: weekday, start and end (the
            charity&apos;s local time) and how many orders one date takes. Closed dates are kept in
            Settings; no pickup is offered on them. Orders already given a time keep it when a slot
            changes.
          </li>
          <li>
            Calendar feeds: under Pickup slots, admins find the address of a calendar of every
            pickup; each school finds its own on My Profile in the store. Subscribe to it by URL in
            a calendar app. Anyone with the address can read it: Reset address makes a new one and
            the old one stops working.
          </li>
        </ol>
        <Typography variant="h6" component="h2">
          Notices to schools
        </Typography>
        <ol>
          <li>
            Admins post a notice under Notices: its text, the first and last day it shows, and Info
            or Warning.
          </li>
          <li>
            Signed-in schools see it at the top of the store&apos;s home page on those days until
            they press Dismiss (remembered for their account on every device).
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
          Requests by phone or e-mail, and flags
        </Typography>
        <ol>
          <li>
            When a school asks by phone or e-mail, open All Orders and choose Create: pick the
            school, type the student&apos;s id, age and gender and the teacher&apos;s e-mail, then
            Add each item (find the product by name, choose its size). Save places it as the
            school&apos;s own request: the same rules apply, the school gets the same e-mail and
            sees it in My Orders as entered by the charity. The order shows who entered it.
          </li>
          <li>
            Flags on the order list and page: Over limit means the student has had more requests
            this school year than the limit in Settings (the school&apos;s reason, when given, is on
            the order); Duplicate means another open request for the same student at the same school
            exists.
          </li>
        </ol>
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
          Demand: what to ask donors for
        </Typography>
        <ol>
          <li>
            Demand lists every product and size with the items open orders ask for (Processing and
            Packing; Ready for Pickup apart), what is on hand and the shortfall. Sort by any column,
            pick a category or Short only, and Export CSV for the rows shown.
          </li>
          <li>
            Shortfall is what Processing orders need beyond the shelf: later statuses took their
            stock already. The dashboard lists the ten largest.
          </li>
          <li>
            The store's Donate page shows the most needed kinds and sizes to everyone, without any
            numbers; an admin can turn it off in the charity's settings. It follows demand within
            ten minutes.
          </li>
        </ol>
        <Typography variant="h6" component="h2">
          Student details
        </Typography>
        <ol>
          <li>
            Volunteers see what picking and packing need: the student id, age, gender and sizes. The
            teacher&apos;s phone and e-mail stay hidden until you press Show contact details on the
            order, for when you must reach the school about it.
          </li>
          <li>
            Every time student details are shown to a volunteer or an admin (an order, a list, pick
            lists, contact details, the orders CSV) it is recorded: who, when, which orders and from
            which address. Admins review it under Access log and can export it as CSV.
          </li>
          <li>
            The order page says whether the school confirmed at checkout that it may share the
            details (orders from the original shop software say Not asked).
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
          <li>
            Fair-market value per unit (e.g. 12.50, blank for none) is what one item is worth for
            the Impact page. A new value counts from now on: what was given or received before keeps
            the value it had then.
          </li>
        </ol>
        <Typography variant="h6" component="h2">
          Impact (admins)
        </Typography>
        <ol>
          <li>
            Impact shows, for the days you choose (last month at first): students helped, schools
            served, items given by category and their value, donations received by source and their
            value, the top schools and every school served.
          </li>
          <li>
            Items given are those of orders delivered in the period, each valued at its
            product&apos;s value on the day it was delivered; donations count by the day the goods
            arrived.
          </li>
          <li>
            Print gives one page with the charity&apos;s name and logo for grant applications and
            board meetings; CSV downloads every table in one file, each under its title.
          </li>
        </ol>
        <Typography variant="h6" component="h2">
          Users (admins)
        </Typography>
        <ol>
          <li>
            A school may ask for at most 5 of an item per line. Only for an account that truly needs
            more, tick &quot;May request more than 5 of an item per line&quot; in Update User; no
            name grants it.
          </li>
          <li>
            Too many wrong codes pause logins from that network for up to 15 minutes; the login page
            says how long. Other schools on the same network are not stopped by one school&apos;s
            typos.
          </li>
        </ol>
        <Typography variant="h6" component="h2">
          Settings (admins)
        </Typography>
        <ol>
          <li>
            Student request limit: how many requests one student may receive each school year (0: no
            limit). Warn lets the school go on with a reason; Block refuses the request.
          </li>
          <li>
            The school year starts on the month and day given; requests are counted from there.
          </li>
          <li>
            Closed dates: add each day the charity is closed; remove one with its delete button.
          </li>
          <li>Untick Show the public most-needed list to hide it from visitors.</li>
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
