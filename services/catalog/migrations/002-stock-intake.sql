-- Stock intake: donation sources, donations and their lines, stock counts (audits). Every stock
-- change they cause is a row of catalog.stock_movements, written through the same guarded update.

ALTER TABLE catalog.stock_movements DROP CONSTRAINT stock_movements_reason_check;
ALTER TABLE catalog.stock_movements ADD CONSTRAINT stock_movements_reason_check CHECK (reason IN (
  'initial', 'restock', 'correction', 'order-commit', 'order-release',
  'donation', 'donation-correction', 'audit'));
-- The donation or count a movement belongs to; no foreign key: a deleted donation's history stays.
ALTER TABLE catalog.stock_movements ADD COLUMN donation_id uuid, ADD COLUMN count_id uuid;
CREATE INDEX stock_movements_donation_idx ON catalog.stock_movements (donation_id)
  WHERE donation_id IS NOT NULL;
CREATE INDEX stock_movements_count_idx ON catalog.stock_movements (count_id)
  WHERE count_id IS NOT NULL;

CREATE TABLE catalog.donation_sources (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (length(btrim(name)) > 0),
  kind text NOT NULL CHECK (kind IN ('individual', 'school', 'business', 'drive', 'other')),
  contact text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
-- One source per name: picking "Maple School" twice must not split its donations.
CREATE UNIQUE INDEX donation_sources_name_idx ON catalog.donation_sources (lower(name));

CREATE TABLE catalog.donations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  received_on date NOT NULL,
  source_id uuid NOT NULL REFERENCES catalog.donation_sources (id),
  note text NOT NULL DEFAULT '',
  version integer NOT NULL DEFAULT 1,
  recorded_by_id uuid,
  recorded_by_name text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX donations_received_idx ON catalog.donations (received_on DESC, created_at DESC, id);
CREATE INDEX donations_source_idx ON catalog.donations (source_id);

-- Product name, category and sub-category are copied so a donation still reads after a product is
-- deleted; size_id has no foreign key for the same reason.
CREATE TABLE catalog.donation_lines (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  donation_id uuid NOT NULL REFERENCES catalog.donations (id) ON DELETE CASCADE,
  position integer NOT NULL,
  product_id uuid NOT NULL,
  product_name text NOT NULL,
  category text NOT NULL,
  sub_category text NOT NULL,
  size_id uuid NOT NULL,
  size text NOT NULL,
  quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 10000)
);
CREATE INDEX donation_lines_donation_idx ON catalog.donation_lines (donation_id, position);

CREATE TABLE catalog.stock_counts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  scope text NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'finalised')),
  note text NOT NULL DEFAULT '',
  -- The last ledger row when the count started: later rows are the movements "since start".
  ledger_watermark bigint NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  started_by_id uuid,
  started_by_name text,
  finalised_at timestamptz,
  finalised_by_id uuid,
  finalised_by_name text
);
CREATE INDEX stock_counts_started_idx ON catalog.stock_counts (started_at DESC, id);

-- The sheet: one row per size at the start, in sheet order (category, product, size position).
CREATE TABLE catalog.stock_count_lines (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  count_id uuid NOT NULL REFERENCES catalog.stock_counts (id) ON DELETE CASCADE,
  position integer NOT NULL,
  product_id uuid NOT NULL,
  product_name text NOT NULL,
  category text NOT NULL,
  sub_category text NOT NULL,
  size_id uuid NOT NULL,
  size text NOT NULL,
  counted integer CHECK (counted BETWEEN 0 AND 100000),
  counted_by_id uuid,
  counted_at timestamptz,
  books integer,
  difference integer,
  UNIQUE (count_id, size_id)
);
CREATE INDEX stock_count_lines_sheet_idx ON catalog.stock_count_lines (count_id, position);
