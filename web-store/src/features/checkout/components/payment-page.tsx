/**
 * /process/payment, 'Order Place': the order is placed once. The Idempotency-Key is made on arrival
 * and sent with the order; the cart and the delivery details (the student's with them) are
 * forgotten only after the server said yes, so the next checkout starts empty.
 */
import { useMemo } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { UI_MESSAGES } from '@lr/contracts';
import { errorMessage } from '../../../lib/api';
import { clearCart, useCartItems } from '../../../lib/cart';
import { forgetShipping, useShipping } from '../../../lib/shipping-info';
import { PageTitle } from '../../../components/page-title';
import { useToast } from '../../../components/toast';
import { newOrderBody, useCreateOrder } from '../api/create-order';
import { useProcessPayment } from '../api/process-payment';
import { checkoutKeyFor, forgetCheckoutKey } from '../checkout-key';
import { CheckoutSteps } from './checkout-steps';
import type { PlacedOrder } from './success-page';

export function PaymentPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const items = useCartItems();
  const shipping = useShipping();
  const toast = useToast();
  const payment = useProcessPayment();
  const order = useCreateOrder();
  const idempotencyKey = useMemo(() => checkoutKeyFor(location.key), [location.key]);
  const busy = payment.isPending || order.isPending || order.isSuccess;

  // Once placed, the details are gone on purpose: stay until /success takes over. Without the
  // consent box ticked (details saved before it existed), Delivery Details asks first.
  if (!order.isSuccess && !shipping?.form.sharingConsent)
    return <Navigate to="/shipping" replace />;
  const totalPrice = 0;
  const amount = Math.round(totalPrice * 100);

  const placeOrder = async () => {
    try {
      const paid = await payment.mutateAsync({ amount });
      if (!paid.success || items.length === 0) {
        toast.error(UI_MESSAGES.emptyCartAtConfirm);
        return;
      }
      if (!shipping) return;
      const info = { ...shipping.info, orderDate: new Date().toISOString() };
      // Asked on Confirm Order when the student is over the school year's limit (warn mode).
      const { studentLimitReason } = (location.state ?? {}) as { studentLimitReason?: string };
      const placed = await order.mutateAsync({
        body: {
          ...newOrderBody(info, items, shipping.form.sharingConsent),
          ...(studentLimitReason ? { studentLimitReason } : {}),
        },
        idempotencyKey,
      });
      clearCart();
      forgetShipping();
      forgetCheckoutKey();
      const state: PlacedOrder = { id: placed.order._id, orderId: placed.order.orderId };
      void navigate('/success', { replace: true, state });
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <section className="page page--narrow">
      <PageTitle title="Order Place" />
      <CheckoutSteps active={2} />
      <h1>Order Place</h1>
      <div className="card">
        <p>Nothing to pay: every item is donated.</p>
        <button type="button" className="button" disabled={busy} onClick={() => void placeOrder()}>
          {busy ? 'Placing your order...' : 'Proceed To Place Order'}
        </button>
      </div>
    </section>
  );
}
