import { formatDate } from '../lib/format-date';
import { formatAddress, formatStudent } from '../lib/format-order';

/** The delivery details of one request, as the confirm page and the order page show them. */
export interface DeliveryInfo {
  receivingPersonName: string;
  userLoggedInDesignation?: string;
  phoneNo?: string;
  Email: string;
  /** Address and district joined by a bar. */
  userAddress: string;
  additionalComments?: string;
  orderDate?: string;
}

export function DeliveryDetails({
  school,
  info,
  showDate = false,
}: {
  school: string;
  info: DeliveryInfo;
  showDate?: boolean;
}) {
  return (
    <dl className="details">
      <dt>School</dt>
      <dd>{school}</dd>
      <dt>Student</dt>
      <dd>{formatStudent(info.receivingPersonName)}</dd>
      <dt>Teacher</dt>
      <dd>{info.userLoggedInDesignation || '-'}</dd>
      <dt>Phone</dt>
      <dd>{info.phoneNo || '-'}</dd>
      <dt>Email</dt>
      <dd>{info.Email}</dd>
      <dt>Address</dt>
      <dd>{formatAddress(info.userAddress)}</dd>
      {showDate && (
        <>
          <dt>Date</dt>
          <dd>{formatDate(info.orderDate ?? '')}</dd>
        </>
      )}
      <dt>Comments</dt>
      <dd>{info.additionalComments || '-'}</dd>
    </dl>
  );
}
