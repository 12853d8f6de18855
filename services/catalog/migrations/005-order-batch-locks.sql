-- The inventory consumer's locks for one batch of order events, in one round trip.
--
-- Three statements, in this order, each begun after the one before it has its locks: a VOLATILE
-- function takes a fresh snapshot for every statement it runs, so each sees what had committed by
-- the time the locks it waited for were granted (one statement would see only what had committed
-- when it began):
--   1. the orders' commitment rows, created when missing and locked in id order (ON CONFLICT DO
--      UPDATE, unlike DO NOTHING, locks and returns a row that exists);
--   2. what those orders hold per size (read once their commitment rows are locked: only the holder
--      of an order's commitment row writes that order's movements), and the products the events
--      name or the orders hold, locked in id order;
--   3. those products' sizes, locked in id order (a size a product edit added while this batch
--      waited for its product is seen).
-- The lock order (commitments, products, sizes, each by id) is the one every other stock writer
-- keeps, so no deadlock is added. Returns the three parts as one document. Variables are named
-- found_* so none can be mistaken for a column of the statements.
CREATE FUNCTION catalog.lock_order_batch(order_ids uuid[], product_ids uuid[]) RETURNS jsonb
  LANGUAGE plpgsql VOLATILE
  AS $$
DECLARE
  found_commitments jsonb;
  found_held jsonb;
  found_products jsonb;
  locked_ids uuid[];
  found_sizes jsonb;
BEGIN
  WITH rows AS (
    INSERT INTO catalog.order_commitments (order_id, version, committed, last_status)
    SELECT w.id, 0, false, 'Processing'
    FROM (SELECT DISTINCT id FROM unnest(order_ids) AS u(id)) AS w
    ORDER BY w.id
    ON CONFLICT (order_id) DO UPDATE SET order_id = excluded.order_id
    RETURNING order_id, version, committed, deleted, last_status
  )
  SELECT coalesce(jsonb_agg(jsonb_build_object(
           'orderId', order_id, 'version', version, 'committed', committed,
           'deleted', deleted, 'lastStatus', last_status)), '[]'::jsonb)
  INTO found_commitments FROM rows;

  WITH held_rows AS MATERIALIZED (
    SELECT order_id, size_id, product_id, min(size) AS size, (-sum(delta))::int AS held
    FROM catalog.stock_movements
    WHERE order_id = ANY(order_ids) AND reason IN ('order-commit', 'order-release')
    GROUP BY order_id, size_id, product_id
    HAVING -sum(delta) > 0
  ), locked_rows AS MATERIALIZED (
    SELECT id, version FROM catalog.products
    WHERE id = ANY(product_ids) OR id IN (SELECT product_id FROM held_rows)
    ORDER BY id FOR UPDATE
  )
  SELECT
    (SELECT coalesce(jsonb_agg(jsonb_build_object(
              'orderId', order_id, 'sizeId', size_id, 'productId', product_id,
              'size', size, 'held', held) ORDER BY order_id, size_id), '[]'::jsonb)
     FROM held_rows),
    (SELECT coalesce(jsonb_agg(jsonb_build_object('id', id, 'version', version) ORDER BY id),
              '[]'::jsonb)
     FROM locked_rows),
    (SELECT coalesce(array_agg(id), '{}') FROM locked_rows)
  INTO found_held, found_products, locked_ids;

  WITH size_rows AS (
    SELECT s.id AS size_id, s.product_id, s.size, s.stock, p.name, p.is_show
    FROM catalog.product_sizes AS s JOIN catalog.products AS p ON p.id = s.product_id
    WHERE s.product_id = ANY(locked_ids)
    ORDER BY s.id
    FOR UPDATE OF s
  )
  SELECT coalesce(jsonb_agg(jsonb_build_object(
           'sizeId', size_id, 'productId', product_id, 'size', size, 'stock', stock,
           'name', name, 'isShow', is_show) ORDER BY size_id), '[]'::jsonb)
  INTO found_sizes FROM size_rows;

  RETURN jsonb_build_object('commitments', found_commitments, 'held', found_held,
                            'products', found_products, 'sizes', found_sizes);
END
$$;
