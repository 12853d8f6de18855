-- Pickup times: the weekly slots (wall-clock times in the charity's time zone), the time each
-- order was given at Ready for Pickup, whether its reminder went, the calendar feeds' secrets, and
-- the notices to schools with who dismissed them.
CREATE TABLE orders.pickup_slots (
  id uuid PRIMARY KEY,
  weekday smallint NOT NULL CHECK (weekday BETWEEN 1 AND 7),
  start_time time NOT NULL,
  end_time time NOT NULL,
  capacity integer NOT NULL CHECK (capacity > 0),
  CHECK (end_time > start_time)
);

-- The product's fixed times before slots could be edited: Tuesdays 2:00-4:00 pm, Thursdays 8:00-9:30 am.
INSERT INTO orders.pickup_slots (id, weekday, start_time, end_time, capacity) VALUES
  ('6f1d3a52-3c1e-4f0b-9a3e-2b7f0c1d2e01', 2, '14:00', '16:00', 20),
  ('6f1d3a52-3c1e-4f0b-9a3e-2b7f0c1d2e02', 4, '08:00', '09:30', 20);

-- {kind: 'slot', slotId, date, start, end} or {kind: 'delivery', date}; null until Ready for Pickup.
ALTER TABLE orders.orders ADD COLUMN pickup jsonb;
-- The pickup date the day-before reminder was sent for; a new time makes it due again.
ALTER TABLE orders.orders ADD COLUMN pickup_reminded_for date;
CREATE INDEX orders_pickup_date_idx ON orders.orders (((pickup ->> 'date')))
  WHERE pickup IS NOT NULL;

-- One secret per feed: a school's (its user id) or the charity's (owner 'charity').
CREATE TABLE orders.calendar_feeds (
  owner text PRIMARY KEY,
  token text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE orders.notices (
  id uuid PRIMARY KEY,
  text text NOT NULL,
  start_date date NOT NULL,
  end_date date NOT NULL,
  level text NOT NULL CHECK (level IN ('info', 'warning')),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (end_date >= start_date)
);

CREATE TABLE orders.notice_dismissals (
  notice_id uuid NOT NULL REFERENCES orders.notices (id) ON DELETE CASCADE,
  user_id uuid NOT NULL,
  dismissed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (notice_id, user_id)
);
