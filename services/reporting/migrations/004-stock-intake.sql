-- Stock intake in the report: items received per donation (the latest version of each) and the
-- adjustments of finalised stock counts, both from catalog events so a rebuild gives the same figures.

CREATE TABLE reporting.donations (
  donation_id uuid PRIMARY KEY,
  version integer NOT NULL,
  received_on date NOT NULL,
  source_kind text NOT NULL,
  items integer NOT NULL,
  -- Kept as a tombstone so an older event replayed later cannot bring the donation back.
  deleted boolean NOT NULL DEFAULT false
);
CREATE INDEX donations_received_idx ON reporting.donations (received_on) WHERE NOT deleted;

CREATE TABLE reporting.count_adjustments (
  count_id uuid PRIMARY KEY,
  -- The day it was finalised in the report's time zone.
  day date NOT NULL,
  adjusted_sizes integer NOT NULL,
  net integer NOT NULL,
  absolute integer NOT NULL
);
CREATE INDEX count_adjustments_day_idx ON reporting.count_adjustments (day);
