-- The user administration's list and search at the size of a large organisation.
--
-- Search: a name fragment is found anywhere in the account name, first and last name through a
-- trigram index (pg_trgm), instead of reading every user. The text searched is one expression,
-- the same in the index and in the query. A database without pg_trgm keeps searching, by
-- reading every user: the server's start says so.
CREATE FUNCTION atrium_user_search_text(name text, first_name text, last_name text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(name || chr(1) || first_name || ' ' || last_name)
$$;

-- Makes the trigram index when the database has pg_trgm; answers whether the index is there. The
-- server calls it at every start, so a database given pg_trgm later gets the index then.
CREATE FUNCTION atrium_index_user_search() RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF to_regclass('users_search_trgm_idx') IS NOT NULL THEN
    RETURN true;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    RETURN false;
  END IF;
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
  EXECUTE 'CREATE INDEX users_search_trgm_idx ON users
             USING gin (atrium_user_search_text(name, first_name, last_name) gin_trgm_ops)';
  RETURN true;
END $$;
SELECT atrium_index_user_search();

-- The filters by role and by organization read the members in the list's order (uid), and so do
-- the availability pages that look for trainers.
CREATE INDEX user_roles_role_idx ON user_roles (role, uid);
CREATE INDEX user_organizations_organization_idx ON user_organizations (organization_id, uid);
-- Blocked accounts are few: the filter reads only them.
CREATE INDEX users_blocked_idx ON users (uid) WHERE blocked;
