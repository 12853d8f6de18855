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

-- The console's text filters: the School box looks for part of the school's name or login id, the
-- search box also for the start of a student id. One trigram index over the three, joined by a line
-- break (no filter can contain one: text fields refuse control characters), finds the candidate
-- orders; the exact conditions are checked on those rows only.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX orders_search_trgm_idx ON orders.orders USING gin (
  ((shipping_info ->> 'receivingPersonName') || E'\n' || user_name || E'\n' || user_login_id) gin_trgm_ops
);
