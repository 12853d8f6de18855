-- Orders, their lines and their status history. Owned by the orders service.
CREATE TABLE orders.orders (
  id uuid PRIMARY KEY,
  -- Human-friendly number shown as LR-000123.
  order_number bigserial NOT NULL UNIQUE,
  user_id uuid NOT NULL,
  user_name text NOT NULL,
  user_login_id text NOT NULL,
  status text NOT NULL CHECK (status IN ('Processing', 'CheckEmail', 'Printed', 'Packing', 'Ready for Pickup', 'Delivered')),
  shipping_info jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  delivered_at timestamptz,
  -- +1 on every change; also the version of every event about the order.
  version integer NOT NULL DEFAULT 1 CHECK (version > 0),
  idempotency_key uuid,
  CONSTRAINT orders_idempotency_unique UNIQUE (user_id, idempotency_key)
);
CREATE INDEX orders_created_idx ON orders.orders (created_at DESC, id DESC);
CREATE INDEX orders_user_created_idx ON orders.orders (user_id, created_at DESC);
CREATE INDEX orders_status_idx ON orders.orders (status);

CREATE TABLE orders.order_lines (
  id uuid PRIMARY KEY,
  order_id uuid NOT NULL REFERENCES orders.orders (id) ON DELETE CASCADE,
  position integer NOT NULL,
  product_id uuid NOT NULL,
  name text NOT NULL,
  category text NOT NULL,
  sub_category text NOT NULL,
  size text NOT NULL,
  requested_quantity integer NOT NULL CHECK (requested_quantity >= 0),
  quantity integer NOT NULL CHECK (quantity >= 0),
  image text NOT NULL DEFAULT '',
  CONSTRAINT order_lines_position_unique UNIQUE (order_id, position)
);

CREATE TABLE orders.order_status_history (
  id bigserial PRIMARY KEY,
  order_id uuid NOT NULL REFERENCES orders.orders (id) ON DELETE CASCADE,
  at timestamptz NOT NULL DEFAULT now(),
  actor_id uuid,
  actor_name text,
  from_status text,
  to_status text NOT NULL,
  quantities jsonb NOT NULL,
  reason text
);
CREATE INDEX order_status_history_order_idx ON orders.order_status_history (order_id, id);

-- One row per day the charity's summary mail was claimed, so two replicas never both send it.
CREATE TABLE orders.daily_summaries (
  day date PRIMARY KEY,
  claimed_at timestamptz NOT NULL DEFAULT now(),
  orders_count integer
);
