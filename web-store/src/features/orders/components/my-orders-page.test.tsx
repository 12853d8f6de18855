import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderStatus } from '@lr/contracts';
import { renderRoute } from '../../../../test/render';
import type { ApiOrder as Order } from '@lr/contracts/http/v1';
import { OrdersTable } from './my-orders-page';

function order(n: number, status: OrderStatus): Order {
  return {
    _id: `id-${n}`,
    orderId: `LR-00000${n}`,
    user: { _id: 'u1', name: 'Maple Grove Elementary' },
    shippingInfo: {
      userName: 'Maple',
      receivingPersonName: `S${n}_9_Male`,
      additionalComments: '',
      userLoggedInDesignation: '',
      userAddress: 'a|b',
      orderDate: '',
      phoneNo: '',
      Email: 'e@x.example',
    },
    orderItems: [
      {
        _id: `l${n}`,
        product: 'p',
        name: 'Hoodie',
        category: 'Clothing',
        SubCategory: 'One size',
        ProductSize: 'M',
        quantity: n,
        requestedQuantity: n,
        image: '/media/placeholder/clothing.svg',
        price: 0,
      },
    ],
    itemsPrice: 0,
    taxPrice: 0,
    shippingPrice: 0,
    totalPrice: 0,
    orderStatus: status,
    createdAt: new Date(2026, 0, n).toISOString(),
    deliveredAt: null,
  };
}

const orders = [
  order(1, 'Delivered'),
  order(2, 'Printed'),
  order(3, 'Ready for Pickup'),
  order(4, 'Processing'),
  order(5, 'CheckEmail'),
];

function orderIds() {
  return screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
}

describe('My Orders', () => {
  it('lists newest first and filters Current and Previous', async () => {
    const user = userEvent.setup();
    renderRoute(<OrdersTable orders={orders} />, { path: '/orders' });
    expect(orderIds()).toEqual(['LR-000005', 'LR-000004', 'LR-000003', 'LR-000002', 'LR-000001']);
    await user.selectOptions(screen.getByLabelText('Show'), 'Previous');
    expect(orderIds()).toEqual(['LR-000001']);
    await user.selectOptions(screen.getByLabelText('Show'), 'Current');
    expect(orderIds()).toEqual(['LR-000005', 'LR-000004', 'LR-000003', 'LR-000002']);
  });

  it('shows Printed as Processing and colours the statuses', () => {
    renderRoute(<OrdersTable orders={orders} />, { path: '/orders' });
    const statusOf = (id: string) => {
      const row = screen.getByText(id).closest('tr') as HTMLElement;
      return within(row).getByText(/Processing|Delivered|Ready for Pickup|CheckEmail|Printed/);
    };
    expect(statusOf('LR-000002')).toHaveTextContent(/^Processing$/);
    expect(screen.queryByText('Printed')).not.toBeInTheDocument();
    expect(statusOf('LR-000001')).toHaveAttribute('data-colour', 'green');
    expect(statusOf('LR-000003')).toHaveAttribute('data-colour', 'blue');
    expect(statusOf('LR-000004')).toHaveAttribute('data-colour', 'red');
    expect(statusOf('LR-000005')).toHaveAttribute('data-colour', 'red');
  });

  it('pages by 15 rows', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 17 }, (_, i) => order(i + 1, 'Processing'));
    renderRoute(<OrdersTable orders={many} />, { path: '/orders' });
    expect(screen.getAllByRole('row')).toHaveLength(16);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getAllByRole('row')).toHaveLength(3);
  });
});
