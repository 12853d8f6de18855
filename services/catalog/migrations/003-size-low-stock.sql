-- A low-stock threshold per size; NULL: the product's threshold applies.
ALTER TABLE catalog.product_sizes
  ADD COLUMN low_stock_threshold integer CHECK (low_stock_threshold BETWEEN 0 AND 10000);
