-- A stand-in for the charity's settings record until its own storage lands: one row holding the
-- fields an admin set (the defaults fill the rest). Pickup planning reads its closed dates.
CREATE TABLE orders.settings_minimal (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
