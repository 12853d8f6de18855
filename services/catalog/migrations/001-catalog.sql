-- Catalog: products with their sizes and stock, the stock ledger, order commitments and reviews.
-- Stock never goes below zero: CHECK constraint here, guarded decrements in the code.

CREATE TABLE catalog.products (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (length(btrim(name)) > 0),
  description text NOT NULL DEFAULT '',
  category text NOT NULL CHECK (category IN ('Footwear', 'Clothing', 'Sports', 'Miscellaneous')),
  sub_category text NOT NULL,
  is_show boolean NOT NULL DEFAULT true,
  -- [{ "id": uuid, "url": "/media/...", "originalUrl": "/media/..." }]
  images jsonb NOT NULL DEFAULT '[]'::jsonb,
  ratings numeric(3, 2) NOT NULL DEFAULT 0,
  num_of_reviews integer NOT NULL DEFAULT 0,
  low_stock_threshold integer NOT NULL DEFAULT 2 CHECK (low_stock_threshold >= 0),
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- Stable pages ordered by name, then id; grouping by lower(name).
CREATE INDEX products_name_idx ON catalog.products (lower(name), id);
CREATE INDEX products_category_idx ON catalog.products (category, is_show);

CREATE TABLE catalog.product_sizes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  product_id uuid NOT NULL REFERENCES catalog.products (id) ON DELETE CASCADE,
  size text NOT NULL CHECK (length(btrim(size)) > 0),
  stock integer NOT NULL CHECK (stock >= 0),
  position integer NOT NULL,
  UNIQUE (product_id, size)
);
CREATE UNIQUE INDEX product_sizes_lower_size_idx ON catalog.product_sizes (product_id, lower(size));

-- The ledger: the stock of a size always equals the sum of its movements. Kept when a product is
-- deleted (no foreign key) so the history stays auditable.
CREATE TABLE catalog.stock_movements (
  id bigserial PRIMARY KEY,
  product_id uuid NOT NULL,
  size_id uuid NOT NULL,
  size text NOT NULL,
  delta integer NOT NULL,
  reason text NOT NULL CHECK (reason IN ('initial', 'restock', 'correction', 'order-commit', 'order-release')),
  order_id uuid,
  event_id uuid,
  actor_id uuid,
  actor_name text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX stock_movements_size_idx ON catalog.stock_movements (size_id, id);
CREATE INDEX stock_movements_product_idx ON catalog.stock_movements (product_id, id);
CREATE INDEX stock_movements_order_idx ON catalog.stock_movements (order_id) WHERE order_id IS NOT NULL;

-- Per order: the last order version applied and whether the order currently holds stock, so order
-- events apply idempotently and in order.
CREATE TABLE catalog.order_commitments (
  order_id uuid PRIMARY KEY,
  version integer NOT NULL,
  committed boolean NOT NULL DEFAULT false,
  deleted boolean NOT NULL DEFAULT false,
  last_status text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE catalog.reviews (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  product_id uuid NOT NULL REFERENCES catalog.products (id) ON DELETE CASCADE,
  user_id uuid NOT NULL,
  user_name text NOT NULL,
  rating numeric(2, 1) NOT NULL CHECK (rating >= 0.5 AND rating <= 5),
  comment text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (product_id, user_id)
);
