-- The charity's settings (libs/contracts/src/settings.ts): one row, edited by admins in the console.
-- Absent fields of `value` take their defaults (DEFAULT_SETTINGS), so a setting added later needs
-- no migration; the row itself is written on the first change.
CREATE TABLE orders.settings (
  id text PRIMARY KEY CHECK (id = 'settings'),
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Which school year's key made the order's student fingerprint (named by the calendar year the
-- school year starts in). The school year's start is a setting now: orders of one school year may
-- carry fingerprints of two keys after the start moves, so counting a student's requests computes
-- the fingerprint once per key in use, and the retention job keeps a key while orders of the
-- current school year carry it (docs/adr/0241-school-year-start-and-fingerprint-keys.md).
ALTER TABLE orders.orders ADD COLUMN fingerprint_year integer;
-- Every fingerprint so far was made with the key of the school year starting 1 August.
UPDATE orders.orders
   SET fingerprint_year = CASE
         WHEN extract(month FROM created_at AT TIME ZONE 'UTC') >= 8
           THEN extract(year FROM created_at AT TIME ZONE 'UTC')::integer
         ELSE extract(year FROM created_at AT TIME ZONE 'UTC')::integer - 1
       END
 WHERE student_fingerprint IS NOT NULL;
CREATE INDEX orders_fingerprint_year_idx ON orders.orders (fingerprint_year, created_at);

-- Who entered the request for the school (staff taking it by phone or e-mail); null: the school.
ALTER TABLE orders.orders ADD COLUMN entered_by_id uuid;
ALTER TABLE orders.orders ADD COLUMN entered_by_name text;
