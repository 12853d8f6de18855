-- How many orders each school placed in the current clock hour: the hourly limit on placing orders
-- (each order mails the address the school wrote) holds across every orders replica because the
-- count is one row here, raised by one atomic upsert. One row a school, reset when the hour turns.
CREATE TABLE orders.placement_windows (
  user_id uuid PRIMARY KEY,
  window_start timestamptz NOT NULL,
  placed integer NOT NULL CHECK (placed > 0)
);
