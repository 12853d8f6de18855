-- Accounts, sessions, password-reset tokens and login throttling (auth service).

CREATE TABLE auth.users (
  id uuid PRIMARY KEY,
  -- The login id (the old API's "email"): a school's id, not necessarily an email address.
  login_id text NOT NULL,
  name text NOT NULL,
  role text NOT NULL CHECK (role IN ('user', 'admin', 'volunteer')),
  address text NOT NULL DEFAULT '',
  district text NOT NULL DEFAULT '',
  avatar_url text NOT NULL,
  -- argon2id only; no plain-text copy is ever stored.
  password_hash text NOT NULL,
  -- Grows by one on every change; carried by auth.user.*.v1 events.
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- Login ids are unique case-insensitively.
CREATE UNIQUE INDEX users_login_id_lower_idx ON auth.users (lower(login_id));
CREATE INDEX users_name_idx ON auth.users (name);
CREATE INDEX users_role_idx ON auth.users (role);

CREATE TABLE auth.sessions (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX sessions_user_idx ON auth.sessions (user_id) WHERE revoked_at IS NULL;

CREATE TABLE auth.password_resets (
  -- sha256 of the token mailed to the user; the token itself is never stored.
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX password_resets_user_idx ON auth.password_resets (user_id);

-- Failed logins only; a success deletes the account's rows. Old rows are pruned as logins happen.
CREATE TABLE auth.login_failures (
  id bigserial PRIMARY KEY,
  login_key text NOT NULL,
  ip text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_key_idx ON auth.login_failures (login_key, at);
CREATE INDEX login_failures_ip_idx ON auth.login_failures (ip, at);
