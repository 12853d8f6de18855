-- A product's fair-market value per unit (in-kind reporting); NULL: none set. Its history is kept
-- by reporting from the product events, not here.
ALTER TABLE catalog.products
  ADD COLUMN fair_market_value numeric(8, 2) CHECK (fair_market_value >= 0);
