-- The console's order list stays as fast at 100,000 orders as at 1,000 (bench/README.md, growth).

-- Nothing may write orders between counting them and the trigger taking over below.
LOCK TABLE orders.orders IN SHARE ROW EXCLUSIVE MODE;

-- How many orders are in each status, kept by the trigger below in the same transaction as every
-- insert, status change and delete: the console's total (all orders, or one or more statuses) and
-- the dashboard's Processing count read a few rows instead of counting every order.
CREATE TABLE orders.order_counts (
  status text NOT NULL,
  -- Each connection adds to its own row of a status (its backend pid modulo 16), so orders placed
  -- or changed on several connections at once never wait for each other's counter row.
  shard smallint NOT NULL,
  orders bigint NOT NULL,
  PRIMARY KEY (status, shard)
);

INSERT INTO orders.order_counts (status, shard, orders)
SELECT status, 0, count(*) FROM orders.orders GROUP BY status;

-- One row per status per statement (rows in status order, so two connections that share a shard
-- lock them in the same order); an update that keeps the status adds nothing.
CREATE FUNCTION orders.count_order_statuses() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO orders.order_counts AS c (status, shard, orders)
    SELECT status, pg_backend_pid() % 16, count(*) FROM new_rows GROUP BY status ORDER BY status
    ON CONFLICT (status, shard) DO UPDATE SET orders = c.orders + excluded.orders;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO orders.order_counts AS c (status, shard, orders)
    SELECT status, pg_backend_pid() % 16, -count(*) FROM old_rows GROUP BY status ORDER BY status
    ON CONFLICT (status, shard) DO UPDATE SET orders = c.orders + excluded.orders;
  ELSE
    INSERT INTO orders.order_counts AS c (status, shard, orders)
    SELECT status, pg_backend_pid() % 16, sum(delta)
      FROM (SELECT status, 1 AS delta FROM new_rows UNION ALL SELECT status, -1 FROM old_rows) AS moved
     GROUP BY status HAVING sum(delta) <> 0 ORDER BY status
    ON CONFLICT (status, shard) DO UPDATE SET orders = c.orders + excluded.orders;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER orders_counted_on_insert AFTER INSERT ON orders.orders
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION orders.count_order_statuses();
CREATE TRIGGER orders_counted_on_update AFTER UPDATE ON orders.orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION orders.count_order_statuses();
CREATE TRIGGER orders_counted_on_delete AFTER DELETE ON orders.orders
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION orders.count_order_statuses();

-- A status's newest orders (the console's status filter, the dashboard) straight from the index,
-- and its deep pages from the index alone. It serves every lookup by status, so the plain status
-- index goes; so do the two indexes that the keyset indexes of 003 already cover (same leading
-- columns), which leaves placing an order with fewer indexes to write than it gains here.
CREATE INDEX orders_status_keyset_idx ON orders.orders (status, created_at DESC, order_number DESC);
DROP INDEX orders.orders_status_idx;
DROP INDEX orders.orders_created_idx;
DROP INDEX orders.orders_user_created_idx;

-- The console's text filters. The School box (and the search box) look for part of a school's name
-- or login id as its orders carry them: a few hundred distinct schools, kept here by the trigger
-- below (an order's school fields are written once, when it is placed), are searched instead of
-- every order, and the orders of the schools found are then read by the school index (003). The search box also looks for the start of a student id, which the
-- second index finds (the query checks lower(id) LIKE lower(text) || '%' before the exact ILIKE).
CREATE TABLE orders.order_schools (
  user_id uuid NOT NULL,
  user_name text NOT NULL,
  user_login_id text NOT NULL,
  PRIMARY KEY (user_id, user_name, user_login_id)
);

INSERT INTO orders.order_schools (user_id, user_name, user_login_id)
SELECT DISTINCT user_id, user_name, user_login_id FROM orders.orders;

CREATE FUNCTION orders.note_order_schools() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO orders.order_schools (user_id, user_name, user_login_id)
  SELECT DISTINCT user_id, user_name, user_login_id FROM new_rows
  ORDER BY user_id, user_name, user_login_id
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;

CREATE TRIGGER orders_schools_on_insert AFTER INSERT ON orders.orders
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION orders.note_order_schools();

CREATE INDEX orders_student_idx ON orders.orders
  (lower(shipping_info ->> 'receivingPersonName') text_pattern_ops);
