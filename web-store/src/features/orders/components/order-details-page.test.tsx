import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderStatus } from '@lr/contracts';
import { renderRoute, stubFetch } from '../../../../test/render';
import type { ApiOrder as Order } from '@lr/contracts/http/v1';
import { OrderDetailsPage } from './order-details-page';

function order(status: OrderStatus): Order {
  return {
    _id: 'o1',
    orderId: 'LR-000007',
    user: { _id: 'u1', name: 'Maple Grove Elementary' },
    shippingInfo: {
      userName: 'Maple',
      receivingPersonName: 'S7_10_Female',
      additionalComments: '',
      userLoggedInDesignation: '',
      userAddress: '12 Maple Street|North District',
      orderDate: '',
      phoneNo: '',
      Email: 'e@x.example',
    },
    orderItems: [
      {
        _id: 'l1',
        product: 'p',
        name: 'Hoodie',
        category: 'Clothing',
        SubCategory: 'Unisex youth sizing',
        ProductSize: 'M',
        quantity: 1,
        requestedQuantity: 3,
        image: '/media/placeholder/clothing.svg',
        price: 0,
      },
    ],
    itemsPrice: 0,
    taxPrice: 0,
    shippingPrice: 0,
    totalPrice: 0,
    orderStatus: status,
    createdAt: '2026-11-20T10:00:00.000Z',
    deliveredAt: null,
  };
}

function show(status: OrderStatus) {
  const calls = stubFetch((url, init) =>
    init?.method === 'DELETE'
      ? { body: { success: true } }
      : { body: { success: true, order: order(status) } },
  );
  renderRoute(<OrderDetailsPage />, {
    path: '/order/o1',
    pattern: '/order/:id',
    extraRoutes: [{ path: '/orders', element: <p>orders list</p> }],
  });
  return calls;
}

describe('OrderDetailsPage', () => {
  it('shows Ready for Pickup in yellow, the requested and given quantities, and no cancel', async () => {
    show('Ready for Pickup');
    const chip = await screen.findByText('Ready for Pickup');
    expect(chip).toHaveAttribute('data-colour', 'yellow');
    expect(screen.getByText('12 Maple Street, North District')).toBeInTheDocument();
    expect(screen.getByText('S7, age 10, Female')).toBeInTheDocument();
    expect(screen.getByText('Unisex youth sizing, size M')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel Order' })).not.toBeInTheDocument();
  });

  it('says the given quantity is to be decided while Processing', async () => {
    show('Processing');
    const given = await screen.findByRole('cell', { name: 'to be decided' });
    expect(given).toHaveAttribute('data-label', 'Given');
    expect(screen.getByRole('cell', { name: '3' })).toHaveAttribute('data-label', 'Requested');
    expect(screen.queryByRole('cell', { name: '1' })).not.toBeInTheDocument();
  });

  it.each(['Printed', 'CheckEmail', 'Packing', 'Ready for Pickup', 'Delivered'] as const)(
    'shows the decided given quantity once the order is %s',
    async (status) => {
      show(status);
      const given = await screen.findByRole('cell', { name: '1' });
      expect(given).toHaveAttribute('data-label', 'Given');
      expect(screen.queryByText('to be decided')).not.toBeInTheDocument();
    },
  );

  it('lets the school cancel while Processing after confirming', async () => {
    const user = userEvent.setup();
    const calls = show('Processing');
    await user.click(await screen.findByRole('button', { name: 'Cancel Order' }));
    expect(screen.getByRole('heading', { name: 'Cancel this request?' })).toBeInTheDocument();
    expect(screen.queryByText(/delete/i)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    expect(
      await screen.findByText(
        'Order LR-000007 was cancelled. It has been removed from your orders.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText('orders list')).toBeInTheDocument();
    expect(calls.filter((c) => c.init?.method === 'DELETE').map((c) => c.url)).toEqual([
      '/api/v1/admin/order/o1',
    ]);
  });
});
