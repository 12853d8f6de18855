-- Progress of the running rebuild (one row), written outside the rebuild's own transaction so the
-- console can show "events replayed of total" from any replica while the rebuild runs.
CREATE TABLE reporting.rebuild_progress (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  running boolean NOT NULL DEFAULT false,
  replayed integer NOT NULL DEFAULT 0,
  total integer NOT NULL DEFAULT 0,
  started_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO reporting.rebuild_progress (id) VALUES (1);
