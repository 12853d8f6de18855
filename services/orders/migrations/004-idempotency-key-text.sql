-- An Idempotency-Key is any opaque string of 1 to 255 visible ASCII characters, not only a uuid
-- (docs/adr/0059-requests-at-the-edge.md). The unique (user_id, idempotency_key) constraint keeps keys per account.
ALTER TABLE orders.orders ALTER COLUMN idempotency_key TYPE text USING idempotency_key::text;
ALTER TABLE orders.orders ADD CONSTRAINT orders_idempotency_key_format
  CHECK (idempotency_key ~ '^[!-~]{1,255}$');
