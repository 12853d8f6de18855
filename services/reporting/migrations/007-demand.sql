-- Demand against stock: per product and size, the items open orders ask for (by status group),
-- the catalog's stock, and the product's name and category. Kept from the ORDERS and CATALOG
-- streams like the rest of the report, so a rebuild gives the same figures; read without touching
-- any order row, so answering takes the same time whatever the number of orders.

-- Items of live orders per status group, kept in step with report_orders (added and taken away
-- with each order's contribution, like the rollups).
CREATE TABLE reporting.demand_requested (
  product_id uuid NOT NULL,
  size text NOT NULL,
  processing integer NOT NULL DEFAULT 0,
  packing integer NOT NULL DEFAULT 0,
  ready integer NOT NULL DEFAULT 0,
  PRIMARY KEY (product_id, size)
);

-- The catalog's stock per size: the latest `catalog.inventory.adjusted` (the product's version
-- after the movement orders them; an older event changes nothing).
CREATE TABLE reporting.demand_stock (
  product_id uuid NOT NULL,
  size text NOT NULL,
  stock integer NOT NULL,
  version integer NOT NULL,
  PRIMARY KEY (product_id, size)
);

-- What to call a product: from donations and stock counts (current), else from order lines.
-- A deleted product is kept as a tombstone so that a late event cannot bring it back.
CREATE TABLE reporting.demand_products (
  product_id uuid PRIMARY KEY,
  name text,
  category text,
  sub_category text,
  deleted boolean NOT NULL DEFAULT false
);
CREATE INDEX demand_products_category_idx ON reporting.demand_products (category) WHERE NOT deleted;

-- An existing read model: its open orders' demand and its products' names now (stock arrives with
-- the next movement of each size, or at once with a rebuild).
INSERT INTO reporting.demand_requested (product_id, size, processing, packing, ready)
SELECT l.product_id, l.size,
       COALESCE(sum(l.quantity) FILTER (WHERE o.status = 'Processing'), 0),
       COALESCE(sum(l.quantity) FILTER (WHERE o.status IN ('CheckEmail', 'Printed', 'Packing')), 0),
       COALESCE(sum(l.quantity) FILTER (WHERE o.status = 'Ready for Pickup'), 0)
FROM reporting.report_orders o JOIN reporting.report_order_lines l ON l.order_id = o.order_id
WHERE NOT o.deleted
  AND o.status IN ('Processing', 'CheckEmail', 'Printed', 'Packing', 'Ready for Pickup')
GROUP BY l.product_id, l.size;

INSERT INTO reporting.demand_products (product_id, name, category, sub_category)
SELECT DISTINCT ON (l.product_id) l.product_id, l.name, l.category, l.sub_category
FROM reporting.report_order_lines l JOIN reporting.report_orders o ON o.order_id = l.order_id
ORDER BY l.product_id, o.created_at DESC;
