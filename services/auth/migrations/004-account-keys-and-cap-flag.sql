-- Login ids and school names compared in one normal form, and the per-line cap exemption as an
-- admin-set flag (never derived from a name).

-- May request more than the per-line cap of an item. No existing account gets it here: a row
-- named "TEST USER" in a production database may be anyone's, so an admin ticks it in the console.
ALTER TABLE auth.users ADD COLUMN exempt_from_line_cap boolean NOT NULL DEFAULT false;

-- The comparison forms of the login id and of the name (NFKC, case-folded, invisible characters
-- dropped), computed by the service (`loginKeyOf` in @lr/contracts) on every write. This file fills
-- them with a rough form that works in any server encoding (normalize() needs a UTF8 database, and
-- lower() depends on the locale); auth recomputes every row's keys with the service's own function
-- at start (users/account-keys.ts) before it answers, collisions included.
ALTER TABLE auth.users ADD COLUMN login_key text;
ALTER TABLE auth.users ADD COLUMN name_key text;
UPDATE auth.users SET login_key = lower(btrim(login_id)), name_key = lower(btrim(name));

-- Existing rows that now collide (an id that differed from another only by invisible characters or
-- width; two schools with the same name in another spelling): the oldest account keeps the key.
-- A later one gets its key followed by U+0001 and its id: no typed login id can reach it (control
-- characters are refused), so that account cannot log in until an admin gives it an id of its
-- own; a later school keeps its name, and its next name change must be unique. Auth logs each one
-- at start.
UPDATE auth.users u SET login_key = u.login_key || chr(1) || u.id::text
  FROM (SELECT id, row_number() OVER (PARTITION BY login_key ORDER BY created_at, id) AS n
          FROM auth.users) ranked
 WHERE ranked.id = u.id AND ranked.n > 1;
UPDATE auth.users u SET name_key = u.name_key || chr(1) || u.id::text
  FROM (SELECT id, row_number() OVER (PARTITION BY name_key ORDER BY created_at, id) AS n
          FROM auth.users WHERE role = 'user') ranked
 WHERE ranked.id = u.id AND ranked.n > 1;

ALTER TABLE auth.users ALTER COLUMN login_key SET NOT NULL;
ALTER TABLE auth.users ALTER COLUMN name_key SET NOT NULL;
DROP INDEX auth.users_login_id_lower_idx;
CREATE UNIQUE INDEX users_login_key_idx ON auth.users (login_key);
-- School display names are unique among schools (staff accounts may share a name).
CREATE UNIQUE INDEX users_school_name_key_idx ON auth.users (name_key) WHERE role = 'user';
