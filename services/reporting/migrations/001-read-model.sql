-- The report's read model, filled only from orders.order.*.v1 events (never from the orders
-- service's tables). One row per order, kept at the newest version seen; a deleted order stays as a
-- tombstone (deleted = true) so that a late, older event cannot bring it back.
CREATE TABLE reporting.report_orders (
  order_id uuid PRIMARY KEY,
  version integer NOT NULL,
  order_number text NOT NULL,
  user_id uuid NOT NULL,
  school_name text NOT NULL,
  teacher_name text NOT NULL,
  receiving_person text NOT NULL,
  status text NOT NULL,
  created_at timestamptz NOT NULL,
  delivered_at timestamptz,
  deleted boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Every report query filters live orders by creation time; the partial indexes skip tombstones.
CREATE INDEX report_orders_created_idx ON reporting.report_orders (created_at) WHERE NOT deleted;
CREATE INDEX report_orders_status_idx ON reporting.report_orders (status, created_at) WHERE NOT deleted;
CREATE INDEX report_orders_school_idx ON reporting.report_orders (school_name) WHERE NOT deleted;

CREATE TABLE reporting.report_order_lines (
  order_id uuid NOT NULL REFERENCES reporting.report_orders (order_id) ON DELETE CASCADE,
  line_id uuid NOT NULL,
  -- Position of the line in the order, so exports list lines as the school entered them.
  position integer NOT NULL,
  product_id uuid NOT NULL,
  name text NOT NULL,
  category text NOT NULL,
  sub_category text NOT NULL,
  size text NOT NULL,
  quantity integer NOT NULL CHECK (quantity >= 0),
  requested_quantity integer NOT NULL CHECK (requested_quantity >= 0),
  PRIMARY KEY (order_id, line_id)
);

CREATE INDEX report_order_lines_name_idx ON reporting.report_order_lines (name, order_id);
