-- The order number as people see it (LR-000123), for statements that build an event in SQL: placing an
-- order is one statement, and its event must carry the number the same statement assigned.
-- Must stay equal to formatOrderNumber() in src/orders/order-number.ts (a test compares them).
CREATE FUNCTION orders.format_order_number(n bigint) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT 'LR-' || CASE WHEN length(n::text) >= 6 THEN n::text ELSE lpad(n::text, 6, '0') END $$;
