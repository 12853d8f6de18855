-- Uses of reset links are limited per client address too, in the same table as link requests:
-- `kind` tells them apart ('link': a link was asked for; 'use': a token was tried).
ALTER TABLE auth.reset_requests ADD COLUMN kind text NOT NULL DEFAULT 'link'
  CHECK (kind IN ('link', 'use'));
DROP INDEX auth.reset_requests_ip_idx;
CREATE INDEX reset_requests_kind_ip_idx ON auth.reset_requests (kind, ip, at);
