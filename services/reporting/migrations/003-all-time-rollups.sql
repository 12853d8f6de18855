-- All-time rollups for the report with no date range (its default view): the rankings and the
-- distinct students then read a few hundred rows instead of one row per day and name.
CREATE TABLE reporting.report_item_totals (
  name text PRIMARY KEY,
  orders integer NOT NULL
);

CREATE TABLE reporting.report_school_totals (
  school text PRIMARY KEY,
  orders integer NOT NULL
);

CREATE TABLE reporting.report_student_totals (
  person text PRIMARY KEY,
  orders integer NOT NULL
);

-- Makes the next start recompute every rollup (these new ones included) from the read model.
DELETE FROM reporting.report_meta WHERE key = 'rollup_time_zone';
