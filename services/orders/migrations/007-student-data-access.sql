-- Who was shown which orders' student details, and whether the school agreed to share them.

-- One row per HTTP request that showed staff (volunteers, admins) student details: who, when, what
-- they did, which orders (and their schools) and from which client address. Every page and every
-- resend of one request adds to its row (access_id), so a read is recorded once. It names people and
-- orders, never a student: no student id, age, gender, teacher, phone, e-mail or comment.
CREATE TABLE orders.student_data_access (
  id bigserial PRIMARY KEY,
  access_id uuid NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  actor_id uuid NOT NULL,
  actor_login_id text NOT NULL,
  actor_role text NOT NULL,
  action text NOT NULL,
  order_ids uuid[] NOT NULL DEFAULT '{}',
  order_numbers text[] NOT NULL DEFAULT '{}',
  school_ids uuid[] NOT NULL DEFAULT '{}',
  school_names text[] NOT NULL DEFAULT '{}',
  -- What was read when it is not a list of orders (the orders CSV export's date range).
  scope text,
  client_address text,
  CONSTRAINT student_data_access_access_id_key UNIQUE (access_id)
);

-- The retention job deletes by age; the console filters by person, order and school.
CREATE INDEX student_data_access_at_idx ON orders.student_data_access (at);
CREATE INDEX student_data_access_actor_idx ON orders.student_data_access (actor_id, id);
CREATE INDEX student_data_access_orders_idx ON orders.student_data_access USING gin (order_ids);
CREATE INDEX student_data_access_schools_idx ON orders.student_data_access USING gin (school_ids);

-- When the school confirmed at checkout that it may share the student's details for this request;
-- NULL: not asked (orders placed before the question existed, or by a client that does not ask).
ALTER TABLE orders.orders ADD COLUMN sharing_consent_at timestamptz;
