/** /order/:id: order details; a school may cancel it while Processing. */
import { pickupText } from '@lr/contracts/pickup-text';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { isCommittedStatus } from '@lr/contracts';
import { errorMessage } from '../../../lib/api';
import { formatDate } from '../../../lib/format-date';
import { sizeLabel } from '../../../lib/format-order';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DeliveryDetails } from '../../../components/delivery-details';
import { PageTitle } from '../../../components/page-title';
import { ErrorView, Loading } from '../../../components/query-state';
import { StatusChip } from '../../../components/status-chip';
import { useToast } from '../../../components/toast';
import { useDeleteOrder } from '../api/delete-order';
import { useOrder } from '../api/get-order';
import type { ApiOrder as Order } from '@lr/contracts/http/v1';

/**
 * What the school is given is decided when a volunteer moves the order out of Processing (its
 * quantities can change only while Processing); before that the column says so instead of
 * repeating the requested number.
 */
export const GIVEN_UNDECIDED = 'to be decided';

/** Long enough to read after the page has changed to My Orders. */
export const CANCELLED_MESSAGE_MS = 5000;

export function cancelledMessage(orderId: string): string {
  return `Order ${orderId} was cancelled. It has been removed from your orders.`;
}

export function OrderDetailsPage() {
  const { id = '' } = useParams();
  const order = useOrder(id);
  if (order.isPending) return <Loading label="Loading order..." />;
  if (order.isError) return <ErrorView error={order.error} onRetry={() => void order.refetch()} />;
  return <OrderDetails order={order.data} />;
}

function OrderDetails({ order }: { order: Order }) {
  const [asking, setAsking] = useState(false);
  const remove = useDeleteOrder();
  const toast = useToast();
  const navigate = useNavigate();
  const info = order.shippingInfo;
  const givenDecided = isCommittedStatus(order.orderStatus);

  const confirmCancel = async () => {
    try {
      await remove.mutateAsync(order._id);
      toast.success(cancelledMessage(order.orderId), CANCELLED_MESSAGE_MS);
      void navigate('/orders', { replace: true });
    } catch (error) {
      setAsking(false);
      toast.error(errorMessage(error));
    }
  };

  return (
    <section className="page order-details">
      <PageTitle title={`Order ${order.orderId}`} />
      <h1>
        Order <span className="nowrap">{order.orderId}</span>
      </h1>
      <div className="card">
        <h2>Delivery Details</h2>
        <DeliveryDetails school={order.user.name || info.userName} info={info} />
      </div>
      <div className="card">
        <h2>Status</h2>
        <p>
          <StatusChip status={order.orderStatus} place="details" />
        </p>
        <p>Ordered: {formatDate(order.createdAt)}</p>
        {order.enteredByCharity ? (
          <p>Entered by the charity for your school (taken by phone or e-mail).</p>
        ) : null}
        {order.deliveredAt && <p>Delivered: {formatDate(order.deliveredAt)}</p>}
        {order.pickup && <p data-testid="order-pickup">{pickupText(order.pickup)}</p>}
      </div>
      <div className="card">
        <h2>Order Items</h2>
        <div className="table-wrap">
          <table className="table table--stack">
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col">Size</th>
                <th scope="col">Requested</th>
                <th scope="col">Given</th>
              </tr>
            </thead>
            <tbody>
              {order.orderItems.map((item) => (
                <tr key={item._id}>
                  <td data-label="Item">{item.name}</td>
                  <td data-label="Size">{sizeLabel(item.SubCategory, item.ProductSize)}</td>
                  <td data-label="Requested">{item.requestedQuantity ?? item.quantity}</td>
                  <td data-label="Given" className={givenDecided ? undefined : 'muted'}>
                    {givenDecided ? item.quantity : GIVEN_UNDECIDED}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
      {order.orderStatus === 'Processing' && (
        <div className="actions no-print">
          <button type="button" className="button button--danger" onClick={() => setAsking(true)}>
            Cancel Order
          </button>
        </div>
      )}
      <ConfirmDialog
        open={asking}
        title="Cancel this request?"
        message={`Order ${order.orderId} will be withdrawn and nobody will pick it. This cannot be undone.`}
        confirmLabel="Yes, cancel it"
        cancelLabel="No, keep it"
        busy={remove.isPending}
        onConfirm={() => void confirmCancel()}
        onCancel={() => setAsking(false)}
      />
    </section>
  );
}
