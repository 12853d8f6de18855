-- Reset-link requests per client address (limits one address asking for many accounts' links).
-- Rows older than the window are pruned as requests come in.
CREATE TABLE auth.reset_requests (
  id bigserial PRIMARY KEY,
  ip text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX reset_requests_ip_idx ON auth.reset_requests (ip, at);
