import { Grid, Typography } from '@mui/material';
import type { ConsoleOrder } from '@lr/contracts';
import { formatDateTime } from '../lib/date-format';
import { ContactDetails } from './contact-details';
import { addressParts, studentParts } from '../lib/order-parts';
import { StatusChip } from './status-chip';
import { OrderFlagChips } from './order-flags';

function Detail({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <Grid size={{ xs: 12, sm: 6, md: 4 }}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" component="div">
        {value || '-'}
      </Typography>
    </Grid>
  );
}

/** Whether the school confirmed at checkout that it may share the student's details. */
export function describeConsent(order: Pick<ConsoleOrder, 'sharingConsent' | 'sharingConsentAt'>) {
  return order.sharingConsent === 'given'
    ? `Given at checkout, ${formatDateTime(order.sharingConsentAt ?? undefined)}`
    : 'Not asked (placed without the consent question)';
}

/** Who the order is for and where it stands. */
export function OrderDetails({ order }: { order: ConsoleOrder }) {
  const info = order.shippingInfo ?? {};
  const student = studentParts(info.receivingPersonName);
  const { address, district } = addressParts(info.userAddress);
  return (
    <Grid container spacing={2}>
      <Detail label="Order ID" value={order.orderId} />
      <Detail label="School" value={order.user?.name ?? info.userName} />
      <Detail label="Status" value={<StatusChip status={order.orderStatus} detail />} />
      {order.flags?.length ? (
        <Detail label="Flags" value={<OrderFlagChips flags={order.flags} />} />
      ) : null}
      {order.enteredBy ? <Detail label="Entered by" value={order.enteredBy} /> : null}
      {info.studentLimitReason ? (
        <Detail label="Reason over the limit" value={info.studentLimitReason} />
      ) : null}
      <Detail label="Student id" value={student.studentId} />
      <Detail label="Age" value={student.age} />
      <Detail label="Gender" value={student.gender} />
      <Detail label="Teacher" value={info.userLoggedInDesignation} />
      <Detail label="Address" value={address} />
      <Detail label="District" value={district} />
      {order.contactDetails === 'withheld' ? (
        <Detail label="Teacher's phone and e-mail" value={<ContactDetails orderId={order.id} />} />
      ) : (
        <>
          <Detail label="Phone" value={info.phoneNo} />
          <Detail label="Email" value={info.Email} />
        </>
      )}
      <Detail label="Order Date" value={formatDateTime(order.createdAt)} />
      <Detail label="Delivered" value={formatDateTime(order.deliveredAt)} />
      <Detail label="Comments" value={info.additionalComments} />
      {order.sharingConsent ? (
        <Detail label="Consent to share" value={describeConsent(order)} />
      ) : null}
    </Grid>
  );
}
