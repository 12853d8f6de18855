-- The "all orders" and "my orders" walks page by keyset in the lists' order (newest first, then
-- the higher order number): these indexes let each page start where the previous one stopped
-- instead of sorting every order again.
CREATE INDEX orders_keyset_idx ON orders.orders (created_at DESC, order_number DESC);
CREATE INDEX orders_user_keyset_idx ON orders.orders (user_id, created_at DESC, order_number DESC);
