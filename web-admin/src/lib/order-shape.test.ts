import { toConsoleOrder } from './order-shape';

describe('order records of the console', () => {
  it('keeps the spec shape as it is', () => {
    const order = toConsoleOrder({
      id: 'o1',
      orderId: 'LR-000001',
      user: { _id: 'u1', name: 'Hillside' },
      shippingInfo: { receivingPersonName: 'S1_9_Male' },
      orderItems: [
        {
          _id: 'l1',
          product: 'p1',
          name: 'Shoes',
          SubCategory: "Boy's sizing",
          ProductSize: '4',
          quantity: 2,
          requestedQuantity: 3,
        },
      ],
      orderStatus: 'Printed',
      createdAt: '2026-11-20T10:00:00.000Z',
      deliveredAt: null,
    });
    expect(order.orderId).toBe('LR-000001');
    expect(order.user).toEqual({ _id: 'u1', name: 'Hillside' });
    expect(order.orderItems[0]).toMatchObject({
      product: 'p1',
      ProductSize: '4',
      quantity: 2,
      requestedQuantity: 3,
    });
    expect(order.orderStatus).toBe('Printed');
  });

  it('maps the orders service snapshot to the same shape', () => {
    const order = toConsoleOrder({
      id: 'o2',
      orderNumber: 'LR-000002',
      userId: 'u2',
      userName: 'Oak Park',
      status: 'Delivered',
      createdAt: '2026-11-20T10:00:00.000Z',
      deliveredAt: '2026-11-21T10:00:00.000Z',
      shippingInfo: {},
      lines: [
        {
          lineId: 'l9',
          productId: 'p9',
          name: 'Jumper',
          category: 'Clothing',
          subCategory: 'One size',
          size: 'M',
          requestedQuantity: 2,
          quantity: 1,
          image: '',
        },
      ],
    });
    expect(order.orderId).toBe('LR-000002');
    expect(order.user).toEqual({ _id: 'u2', name: 'Oak Park' });
    expect(order.orderStatus).toBe('Delivered');
    expect(order.orderItems[0]).toMatchObject({
      _id: 'l9',
      product: 'p9',
      SubCategory: 'One size',
      ProductSize: 'M',
      quantity: 1,
      requestedQuantity: 2,
    });
  });
});
