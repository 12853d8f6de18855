/**
 * Thousands of orders in one statement, straight into the orders schema, for tests of lists that
 * must hold up at volume (placing them one by one through the service would take minutes). Every
 * third order shares its creation time with its neighbours, so keyset walks meet ties.
 */
import type pg from 'pg';

export interface BulkOrders {
  count: number;
  linesPerOrder: number;
  /** The school that placed them. */
  user: { id: string; name: string; loginId: string };
  /** The product every line names (no foreign key crosses services). */
  productId: string;
}

export async function insertBulkOrders(pool: pg.Pool, spec: BulkOrders): Promise<void> {
  const shippingInfo = {
    userName: spec.user.name,
    receivingPersonName: 'BULK-1_10_NA',
    additionalComments: '',
    userLoggedInDesignation: 'Ms Teacher',
    userAddress: '1 School Lane|North',
    orderDate: new Date().toISOString(),
    phoneNo: '555-0100',
    Email: 'teacher@school.example',
  };
  await pool.query(
    `WITH new_orders AS (
       INSERT INTO orders.orders (id, user_id, user_name, user_login_id, status, shipping_info, created_at)
       SELECT gen_random_uuid(), $1, $2, $3, 'Processing', $4::jsonb,
              now() - interval '1 day' - (g / 3) * interval '1 second'
       FROM generate_series(0, $5::int - 1) AS g
       RETURNING id
     )
     INSERT INTO orders.order_lines
       (id, order_id, position, product_id, name, category, sub_category, size, requested_quantity, quantity, image)
     SELECT gen_random_uuid(), o.id, p, $6, 'Bulk hoodie ' || p, 'Clothing', 'Unisex adult sizing', 'M', 1, 1, ''
     FROM new_orders o, generate_series(0, $7::int - 1) AS p`,
    [
      spec.user.id,
      spec.user.name,
      spec.user.loginId,
      JSON.stringify(shippingInfo),
      spec.count,
      spec.productId,
      spec.linesPerOrder,
    ],
  );
}
