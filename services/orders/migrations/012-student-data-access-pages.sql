-- The later pages of one read of student details. A request that walks the orders page by page
-- (the old "all orders" list) logs one read; its first page makes the read's row, and each later page
-- (or a resend of one) adds a row here with that page's orders. Merging every page into the read's
-- row instead rewrote, re-sorted and re-indexed everything logged so far at each page, so a walk
-- cost the square of its pages. The console shows a read with the orders of all its rows.
CREATE TABLE orders.student_data_access_pages (
  id bigserial PRIMARY KEY,
  access_id uuid NOT NULL REFERENCES orders.student_data_access (access_id) ON DELETE CASCADE,
  order_ids uuid[] NOT NULL,
  order_numbers text[] NOT NULL,
  school_ids uuid[] NOT NULL,
  school_names text[] NOT NULL
);

CREATE INDEX student_data_access_pages_access_idx ON orders.student_data_access_pages (access_id);
