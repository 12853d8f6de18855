import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addToCart, getCartItems } from '../../../lib/cart';
import {
  getShipping,
  rememberContact,
  rememberedContactFor,
  saveShipping,
} from '../../../lib/shipping-info';
import { renderRoute, SCHOOL, stubFetch } from '../../../../test/render';
import { ConfirmOrderPage } from './confirm-order-page';
import { PaymentPage } from './payment-page';

const EMPTY_MESSAGE = 'No items available in cart. Please try adding the items again';

function seedShipping(sharingConsent = true) {
  saveShipping(
    {
      sharingConsent,
      studentId: 'S1',
      age: '9',
      gender: 'Male',
      teacherName: 'T',
      phoneNo: '',
      Email: 'a@b.example',
      additionalComments: '',
    },
    {
      userName: 'Maple Grove Elementary',
      receivingPersonName: 'S1_9_Male',
      additionalComments: '',
      userLoggedInDesignation: 'T',
      userAddress: '12 Maple Street|North District',
      orderDate: '2026-01-01T00:00:00.000Z',
      phoneNo: '',
      Email: 'a@b.example',
    },
  );
}

function seedCart() {
  addToCart({
    product: 'p1',
    name: 'Hoodie',
    price: 0,
    image: '',
    stock: 4,
    quantity: 2,
    SubCategory: 'Unisex youth sizing',
    ProductSize: 'M',
  });
}

const successRoute = [{ path: '/success', element: <p>success page</p> }];

describe('checkout', () => {
  it('shows the empty-cart message on the confirm page', () => {
    seedShipping();
    renderRoute(<ConfirmOrderPage />, { path: '/order/confirm' });
    expect(screen.getByText(EMPTY_MESSAGE, { exact: false })).toBeInTheDocument();
    expect(screen.queryByText(/\$/)).not.toBeInTheDocument();
  });

  it('refuses to place an order with an empty cart', async () => {
    seedShipping();
    const calls = stubFetch(() => ({ body: { success: true } }));
    const user = userEvent.setup();
    renderRoute(<PaymentPage />, { path: '/process/payment', extraRoutes: successRoute });
    await user.click(screen.getByRole('button', { name: 'Proceed To Place Order' }));
    expect(await screen.findByText(EMPTY_MESSAGE)).toBeInTheDocument();
    expect(calls.map((c) => c.url)).not.toContain('/api/v1/order/new');
  });

  it('places the order once with an Idempotency-Key and empties the cart only after success', async () => {
    seedShipping();
    seedCart();
    const calls = stubFetch((url) =>
      url === '/api/v1/order/new'
        ? { status: 201, body: { success: true, order: { _id: 'o1' } } }
        : { body: { success: true } },
    );
    const user = userEvent.setup();
    renderRoute(<PaymentPage />, { path: '/process/payment', extraRoutes: successRoute });
    await user.click(screen.getByRole('button', { name: 'Proceed To Place Order' }));
    expect(await screen.findByText('success page')).toBeInTheDocument();
    const orderCalls = calls.filter((c) => c.url === '/api/v1/order/new');
    expect(orderCalls).toHaveLength(1);
    const headers = orderCalls[0]?.init?.headers as Record<string, string>;
    expect(headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    const body = JSON.parse(String(orderCalls[0]?.init?.body));
    expect(body).toMatchObject({
      sharingConsent: true,
      itemsPrice: 0,
      taxPrice: 0,
      shippingPrice: 0,
      totalPrice: 0,
      shippingInfo: { receivingPersonName: 'S1_9_Male' },
      orderItems: [
        {
          product: 'p1',
          name: 'Hoodie',
          SubCategory: 'Unisex youth sizing',
          ProductSize: 'M',
          quantity: 2,
          price: 0,
        },
      ],
    });
    const payment = calls.find((c) => c.url === '/api/v1/payment/process');
    expect(JSON.parse(String(payment?.init?.body))).toEqual({ amount: 0 });
    expect(getCartItems()).toEqual([]);
  });

  it("forgets the student's details once the order is placed, and keeps a remembered contact", async () => {
    seedShipping();
    seedCart();
    // What an older version left behind for good.
    window.localStorage.setItem('shippingInfo', JSON.stringify({ form: { studentId: 'OLD1' } }));
    rememberContact(SCHOOL._id, { teacherName: 'T', phoneNo: '', Email: 'a@b.example' });
    stubFetch((url) =>
      url === '/api/v1/order/new'
        ? { status: 201, body: { success: true, order: { _id: 'o1', orderId: 'LR-000001' } } }
        : { body: { success: true } },
    );
    const user = userEvent.setup();
    renderRoute(<PaymentPage />, { path: '/process/payment', extraRoutes: successRoute });
    expect(getShipping()?.form.studentId).toBe('S1');
    await user.click(screen.getByRole('button', { name: 'Proceed To Place Order' }));
    expect(await screen.findByText('success page')).toBeInTheDocument();
    expect(getShipping()).toBeNull();
    const stored = [window.localStorage, window.sessionStorage].flatMap((area) =>
      Object.keys(area).map((key) => area.getItem(key) ?? ''),
    );
    expect(stored.join('\n')).not.toMatch(/S1_9_Male|"studentId"|OLD1/);
    expect(rememberedContactFor(SCHOOL._id)).toEqual({
      teacherName: 'T',
      phoneNo: '',
      Email: 'a@b.example',
    });
  });

  it("keeps the cart and shows the server's message when the order is refused", async () => {
    seedShipping();
    seedCart();
    stubFetch((url) =>
      url === '/api/v1/order/new'
        ? {
            status: 409,
            body: { success: false, code: 'CONFLICT', message: 'Hoodie M: only 1 left' },
          }
        : { body: { success: true } },
    );
    const user = userEvent.setup();
    renderRoute(<PaymentPage />, { path: '/process/payment', extraRoutes: successRoute });
    await user.click(screen.getByRole('button', { name: 'Proceed To Place Order' }));
    expect(await screen.findByText('Hoodie M: only 1 left')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Proceed To Place Order' })).toBeEnabled(),
    );
    expect(getCartItems()).toHaveLength(1);
    // Not placed: the delivery details stay for the next try.
    expect(getShipping()?.form.studentId).toBe('S1');
  });

  it('sends a school whose saved details lack the consent back to Delivery Details', () => {
    seedShipping(false);
    seedCart();
    const shippingRoute = [{ path: '/shipping', element: <p>delivery details page</p> }];
    renderRoute(<ConfirmOrderPage />, { path: '/order/confirm', extraRoutes: shippingRoute });
    expect(screen.getByText('delivery details page')).toBeInTheDocument();
  });
});
