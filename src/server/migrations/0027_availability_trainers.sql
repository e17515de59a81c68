-- The trainers (accounts that are not blocked and hold the trainer flag through one of their
-- roles, or through the role every signed-in user holds) kept with the name the availability
-- pages sort them by, so those pages read a page of trainers from an index in name order and
-- count them from this small table, instead of reading every trainer's account and sorting them
-- all for each page. Kept by the writes to accounts, their roles and the roles' flags.
CREATE TABLE availability_trainers (
  uid integer PRIMARY KEY REFERENCES users (uid) ON DELETE CASCADE,
  -- The display name (first and last name, else the account name) in lower case.
  sort_name text NOT NULL
);

-- Whether an account is a trainer.
CREATE FUNCTION atrium_availability_is_trainer(p_uid integer, p_blocked boolean) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT NOT p_blocked AND (
    EXISTS (SELECT 1 FROM user_roles r JOIN role_flags f ON f.role = r.role
             WHERE r.uid = p_uid AND f.flag = 'availability_feature_manage_own')
    OR EXISTS (SELECT 1 FROM role_flags f
                WHERE f.role = 'authenticated' AND f.flag = 'availability_feature_manage_own'))
$$;

CREATE FUNCTION atrium_availability_sort_name(name text, first_name text, last_name text)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(coalesce(nullif(trim(first_name || ' ' || last_name), ''), name))
$$;

-- Brings the kept trainers of some accounts up to date; of every account when `p_uids` is null.
CREATE FUNCTION atrium_availability_trainers_sync(p_uids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF p_uids IS NULL THEN
    DELETE FROM availability_trainers t
     WHERE NOT EXISTS (SELECT 1 FROM users u
                        WHERE u.uid = t.uid AND atrium_availability_is_trainer(u.uid, u.blocked));
    INSERT INTO availability_trainers (uid, sort_name)
    SELECT u.uid, atrium_availability_sort_name(u.name, u.first_name, u.last_name)
      FROM users u
     WHERE NOT u.blocked
       AND (u.uid IN (SELECT r.uid FROM user_roles r JOIN role_flags f ON f.role = r.role
                       WHERE f.flag = 'availability_feature_manage_own')
            OR EXISTS (SELECT 1 FROM role_flags f
                        WHERE f.role = 'authenticated' AND f.flag = 'availability_feature_manage_own'))
    ON CONFLICT (uid) DO UPDATE SET sort_name = EXCLUDED.sort_name
      WHERE availability_trainers.sort_name IS DISTINCT FROM EXCLUDED.sort_name;
  ELSE
    DELETE FROM availability_trainers t
     WHERE t.uid = ANY(p_uids)
       AND NOT EXISTS (SELECT 1 FROM users u
                        WHERE u.uid = t.uid AND atrium_availability_is_trainer(u.uid, u.blocked));
    INSERT INTO availability_trainers (uid, sort_name)
    SELECT u.uid, atrium_availability_sort_name(u.name, u.first_name, u.last_name)
      FROM users u
     WHERE u.uid = ANY(p_uids) AND atrium_availability_is_trainer(u.uid, u.blocked)
    ON CONFLICT (uid) DO UPDATE SET sort_name = EXCLUDED.sort_name
      WHERE availability_trainers.sort_name IS DISTINCT FROM EXCLUDED.sort_name;
  END IF;
END $$;

-- The accounts whose roles changed.
CREATE FUNCTION atrium_availability_trainers_roles() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM atrium_availability_trainers_sync(ARRAY(SELECT DISTINCT uid FROM added));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM atrium_availability_trainers_sync(ARRAY(SELECT DISTINCT uid FROM removed));
  ELSE
    PERFORM atrium_availability_trainers_sync(
      ARRAY(SELECT uid FROM added UNION SELECT uid FROM removed));
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER user_roles_trainers_insert AFTER INSERT ON user_roles
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION atrium_availability_trainers_roles();
CREATE TRIGGER user_roles_trainers_delete AFTER DELETE ON user_roles
  REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION atrium_availability_trainers_roles();
CREATE TRIGGER user_roles_trainers_update AFTER UPDATE ON user_roles
  REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION atrium_availability_trainers_roles();

-- An account renamed, blocked or unblocked; a new account (a trainer already when every
-- signed-in user is one).
CREATE FUNCTION atrium_availability_trainers_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM atrium_availability_trainers_sync(ARRAY[NEW.uid]);
  RETURN NULL;
END $$;

CREATE TRIGGER users_trainers_update AFTER UPDATE OF name, first_name, last_name, blocked ON users
  FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.first_name IS DISTINCT FROM NEW.first_name
        OR OLD.last_name IS DISTINCT FROM NEW.last_name OR OLD.blocked IS DISTINCT FROM NEW.blocked)
  EXECUTE FUNCTION atrium_availability_trainers_user();
CREATE TRIGGER users_trainers_insert AFTER INSERT ON users
  FOR EACH ROW EXECUTE FUNCTION atrium_availability_trainers_user();

-- A role given or refused the trainer flag: every account is looked at again.
CREATE FUNCTION atrium_availability_trainers_flags() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched boolean := false;
BEGIN
  -- Each transition table is read only by the trigger that has it.
  IF TG_OP <> 'DELETE' THEN
    touched := EXISTS (SELECT 1 FROM added WHERE flag = 'availability_feature_manage_own');
  END IF;
  IF NOT touched AND TG_OP <> 'INSERT' THEN
    touched := EXISTS (SELECT 1 FROM removed WHERE flag = 'availability_feature_manage_own');
  END IF;
  IF touched THEN
    PERFORM atrium_availability_trainers_sync(NULL);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER role_flags_trainers_insert AFTER INSERT ON role_flags
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION atrium_availability_trainers_flags();
CREATE TRIGGER role_flags_trainers_delete AFTER DELETE ON role_flags
  REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION atrium_availability_trainers_flags();
CREATE TRIGGER role_flags_trainers_update AFTER UPDATE ON role_flags
  REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION atrium_availability_trainers_flags();

SELECT atrium_availability_trainers_sync(NULL);
-- The trainer lists' order: name, then uid.
CREATE INDEX availability_trainers_order_idx ON availability_trainers (sort_name, uid);
