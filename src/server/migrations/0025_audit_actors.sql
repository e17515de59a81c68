-- Everyone who has made a recorded change, kept as the log grows: the audit log's actor filter
-- lists them from this small table instead of probing the log once per actor. One row per
-- actor; a deleted user leaves it with their account, as their entries lose their actor.
CREATE TABLE audit_actors (
  uid integer PRIMARY KEY REFERENCES users (uid) ON DELETE CASCADE
);

INSERT INTO audit_actors (uid)
SELECT DISTINCT actor_uid FROM audit_log WHERE actor_uid IS NOT NULL;

CREATE FUNCTION atrium_audit_actors() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO audit_actors (uid)
  SELECT DISTINCT actor_uid FROM added WHERE actor_uid IS NOT NULL
  ON CONFLICT (uid) DO NOTHING;
  RETURN NULL;
END $$;

CREATE TRIGGER audit_log_actors
  AFTER INSERT ON audit_log REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION atrium_audit_actors();
