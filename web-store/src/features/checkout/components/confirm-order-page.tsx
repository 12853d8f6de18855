/** /order/confirm: printable Confirm Order; no prices, everything is free. */
import { useCallback, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { UI_MESSAGES } from '@lr/contracts';
import { useCurrentUser } from '../../../lib/auth';
import { cartCount, useCartItems } from '../../../lib/cart';
import { sizeLabel } from '../../../lib/format-order';
import { useShipping } from '../../../lib/shipping-info';
import { DeliveryDetails } from '../../../components/delivery-details';
import { PageTitle } from '../../../components/page-title';
import { useToast } from '../../../components/toast';
import { CheckoutSteps } from './checkout-steps';
import { StudentLimitNotice, type StudentLimitState } from './student-limit-notice';
import './confirm-order-page.css';

export function ConfirmOrderPage() {
  const items = useCartItems();
  const shipping = useShipping();
  const me = useCurrentUser();
  const navigate = useNavigate();
  const toast = useToast();
  const [limit, setLimit] = useState<StudentLimitState>({ ready: false, reason: '' });
  const onLimitChange = useCallback((state: StudentLimitState) => setLimit(state), []);

  // Without the consent box ticked (details saved before it existed), Delivery Details asks first.
  if (!shipping?.form.sharingConsent) return <Navigate to="/shipping" replace />;
  const { info } = shipping;

  const proceed = () => {
    if (items.length === 0) {
      toast.error(UI_MESSAGES.emptyCartAtConfirm);
      return;
    }
    const reason = limit.reason.trim();
    void navigate('/process/payment', {
      state: { fresh: true, ...(reason ? { studentLimitReason: reason } : {}) },
    });
  };

  return (
    <section className="page confirm-order">
      <PageTitle title="Confirm Order" />
      <CheckoutSteps active={1} />
      <h1>Confirm Order</h1>
      <div className="confirm-order__grid">
        <div className="card">
          <h2>Delivery Details</h2>
          <DeliveryDetails school={me.data?.name ?? info.userName} info={info} showDate />
          <StudentLimitNotice
            studentId={shipping.form.studentId}
            reason={limit.reason}
            onChange={onLimitChange}
          />
        </div>
        <div className="card">
          <h2>Your Cart Items</h2>
          {items.length === 0 ? (
            <p className="form__error" role="alert">
              {UI_MESSAGES.emptyCartAtConfirm} <Link to="/products">View products</Link>
            </p>
          ) : (
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">Item</th>
                  <th scope="col">Size</th>
                  <th scope="col">Quantity</th>
                </tr>
              </thead>
              <tbody>
                {items.map((item) => (
                  <tr key={`${item.product}|${item.SubCategory}|${item.ProductSize}`}>
                    <td>{item.name}</td>
                    <td>{sizeLabel(item.SubCategory, item.ProductSize)}</td>
                    <td>{item.quantity}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
        <div className="card order-summary">
          <h2>Order Summary</h2>
          <p>
            Items: <strong>{cartCount(items)}</strong>
          </p>
          <p>Everything is donated: there is nothing to pay and no delivery charge.</p>
          <div className="no-print actions">
            <button type="button" className="button button--ghost" onClick={() => window.print()}>
              Print
            </button>
            <button type="button" className="button" onClick={proceed} disabled={!limit.ready}>
              Proceed
            </button>
          </div>
        </div>
      </div>
    </section>
  );
}
