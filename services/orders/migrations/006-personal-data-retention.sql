-- Personal data of students and teachers (libs/contracts/src/personal-data.ts) is kept only for a
-- while: the retention job erases it STUDENT_DATA_RETENTION_DAYS after an order is Delivered, and
-- an admin may erase it at once. What stays is the school, items, quantities, dates and statuses.

-- When this order's personal data was erased (null while it is held).
ALTER TABLE orders.orders ADD COLUMN personal_data_erased_at timestamptz;

-- The keyed hash of (school, student id) that events carry instead of the student (so the report
-- can count distinct students); set at placement. Null on orders placed before this migration until
-- the retention job backfills it.
ALTER TABLE orders.orders ADD COLUMN student_fingerprint text;

-- What the retention job looks for: delivered orders whose personal data is still held.
CREATE INDEX orders_retention_idx ON orders.orders (delivered_at)
  WHERE status = 'Delivered' AND personal_data_erased_at IS NULL;

-- Orders of one school by student fingerprint: erasing or exporting one student's orders.
CREATE INDEX orders_student_fingerprint_idx ON orders.orders (user_id, student_fingerprint);

-- One HMAC key per school year (named by the calendar year it starts in, 1 August UTC). Deleted by
-- the retention job once the year and the retention period are over, which makes the fingerprints
-- of that year unlinkable to any student.
CREATE TABLE orders.student_fingerprint_keys (
  school_year integer PRIMARY KEY,
  key bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Every erasure, without personal data: which order and when. `npm run restore` carries the rows
-- of the database it replaces over to the restored one, and the retention job erases any order
-- listed here that still holds personal data, so a restore never brings an erased student back.
-- (IF NOT EXISTS: a restore of a backup older than this migration creates it to carry the log.)
CREATE TABLE IF NOT EXISTS orders.personal_data_erasures (
  order_id uuid PRIMARY KEY,
  erased_at timestamptz NOT NULL,
  -- 'retention' or 'request'
  reason text NOT NULL
);
