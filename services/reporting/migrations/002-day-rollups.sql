-- Day rollups of the read model, so that the report sums a few small rows per day instead of
-- scanning every order line. `day` is the order's creation day in REPORT_TIME_ZONE. Kept in step
-- with report_orders / report_order_lines in the same transaction as each event; recomputed from
-- them on start when empty or when the time zone changed (see report_meta).
CREATE TABLE reporting.report_day_totals (
  day date PRIMARY KEY,
  orders integer NOT NULL,
  fulfilled integer NOT NULL,
  -- Sum of (deliveredAt - createdAt) over fulfilled orders, in milliseconds (exact, no float drift).
  fulfilment_ms bigint NOT NULL,
  items integer NOT NULL
);

-- Orders of the day in which an item name appears (once per order, however many lines).
CREATE TABLE reporting.report_day_items (
  day date NOT NULL,
  name text NOT NULL,
  orders integer NOT NULL,
  PRIMARY KEY (day, name)
);

CREATE TABLE reporting.report_day_schools (
  day date NOT NULL,
  school text NOT NULL,
  orders integer NOT NULL,
  PRIMARY KEY (day, school)
);

CREATE TABLE reporting.report_day_students (
  day date NOT NULL,
  person text NOT NULL,
  orders integer NOT NULL,
  PRIMARY KEY (day, person)
);

CREATE TABLE reporting.report_day_categories (
  day date NOT NULL,
  category text NOT NULL,
  quantity integer NOT NULL,
  PRIMARY KEY (day, category)
);

-- Fulfilled orders by creation day and delivery day (the weekly "fulfilled" series is by delivery).
CREATE TABLE reporting.report_day_deliveries (
  day date NOT NULL,
  delivered_day date NOT NULL,
  orders integer NOT NULL,
  PRIMARY KEY (day, delivered_day)
);

CREATE TABLE reporting.report_meta (
  key text PRIMARY KEY,
  value text NOT NULL
);
