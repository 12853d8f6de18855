import { Link, useLocation } from 'react-router-dom';
import { UI_MESSAGES } from '@lr/contracts';
import { PageTitle } from '../../../components/page-title';
import './success-page.css';

/** What the payment step hands to /success in the router state. */
export interface PlacedOrder {
  id: string;
  orderId: string;
}

function placedOrderOf(state: unknown): PlacedOrder | null {
  if (typeof state !== 'object' || state === null) return null;
  const { id, orderId } = state as Partial<PlacedOrder>;
  return typeof id === 'string' && typeof orderId === 'string' ? { id, orderId } : null;
}

/** /success, with the new order's number so the school can quote it. */
export function SuccessPage() {
  const placed = placedOrderOf(useLocation().state);
  return (
    <section className="page page--narrow success">
      <PageTitle title="Order Placed" />
      <div className="success__icon" aria-hidden="true">
        ✓
      </div>
      <h1>{UI_MESSAGES.orderPlaced}</h1>
      {placed && (
        <p className="success__number">
          Your order number is{' '}
          <Link to={`/order/${placed.id}`} className="nowrap">
            <strong>{placed.orderId}</strong>
          </Link>
          . Please quote it if you contact us about this request.
        </p>
      )}
      <div className="actions">
        <Link to="/orders" className="button">
          Display All Orders
        </Link>
        <Link to="/home" className="button button--ghost">
          Place New Order
        </Link>
      </div>
    </section>
  );
}
