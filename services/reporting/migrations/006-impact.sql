-- The impact report: items given (delivered orders) and donations received, valued at each
-- product's fair-market value in force at the time. Everything here comes from the ORDERS and
-- CATALOG events, so a rebuild from the streams gives the same figures.

-- Every value a product has carried, from the product events (never rewritten: a new value is a
-- new row from its event's time on). value_cents NULL: the product had no value from then on.
CREATE TABLE reporting.impact_product_values (
  product_id uuid NOT NULL,
  version integer NOT NULL,
  valid_from timestamptz NOT NULL,
  value_cents bigint CHECK (value_cents >= 0),
  PRIMARY KEY (product_id, version)
);
CREATE INDEX impact_product_values_from_idx
  ON reporting.impact_product_values (product_id, valid_from DESC, version DESC);

-- Donations with their lines (the latest version of each; deleted ones kept as tombstones).
-- recorded_at: when the donation was first recorded; it is valued at the value in force then, or
-- at the end of the day the goods arrived when that was earlier.
CREATE TABLE reporting.impact_donations (
  donation_id uuid PRIMARY KEY,
  version integer NOT NULL,
  received_on date NOT NULL,
  source_kind text NOT NULL,
  recorded_at timestamptz NOT NULL,
  deleted boolean NOT NULL DEFAULT false
);
CREATE INDEX impact_donations_received_idx ON reporting.impact_donations (received_on) WHERE NOT deleted;

CREATE TABLE reporting.impact_donation_lines (
  donation_id uuid NOT NULL REFERENCES reporting.impact_donations (donation_id) ON DELETE CASCADE,
  product_id uuid NOT NULL,
  quantity integer NOT NULL
);
CREATE INDEX impact_donation_lines_donation_idx ON reporting.impact_donation_lines (donation_id);

-- Rollups of delivered orders per delivery day (the report's time zone), kept like the report's
-- rollups: each order's contribution is taken out and put back on every event.
CREATE TABLE reporting.impact_day_schools (
  day date NOT NULL,
  school text NOT NULL,
  orders integer NOT NULL,
  items integer NOT NULL,
  value_cents bigint NOT NULL,
  unvalued_items integer NOT NULL,
  PRIMARY KEY (day, school)
);

CREATE TABLE reporting.impact_day_categories (
  day date NOT NULL,
  category text NOT NULL,
  items integer NOT NULL,
  value_cents bigint NOT NULL,
  unvalued_items integer NOT NULL,
  PRIMARY KEY (day, category)
);

-- The student fingerprint of the events (never a person's details), per school: distinct counts.
CREATE TABLE reporting.impact_day_students (
  day date NOT NULL,
  school text NOT NULL,
  person text NOT NULL,
  orders integer NOT NULL,
  PRIMARY KEY (day, school, person)
);

-- A new value with an earlier time than deliveries already counted (a late catalog event) finds
-- those orders through this index.
CREATE INDEX report_orders_delivered_idx ON reporting.report_orders (delivered_at)
  WHERE NOT deleted AND delivered_at IS NOT NULL;
