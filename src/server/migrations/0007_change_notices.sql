-- Change notices: a committed change to a table whose rows the server keeps in its caches sends
-- the table's name on the channel atrium_changes (once per table and transaction), so every
-- server process forgets what it kept from that table. Rolled-back changes send nothing.
CREATE FUNCTION atrium_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('atrium_changes', TG_TABLE_NAME);
  RETURN NULL;
END
$$;

DO $$
DECLARE
  watched text;
BEGIN
  FOREACH watched IN ARRAY ARRAY[
    'settings', 'roles', 'role_flags', 'users', 'user_roles', 'languages', 'organizations',
    'user_organizations', 'vocabularies', 'taxonomy_terms', 'trainings', 'training_terms',
    'training_organizations', 'training_videos', 'storefront_layouts', 'storefront_sections'
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I
         FOR EACH STATEMENT EXECUTE FUNCTION atrium_notify_change()',
      watched || '_notify_change', watched);
  END LOOP;
END
$$;

-- A new session changes nothing kept (its token was never seen); an ended or changed one does.
-- The idle timer's refresh is a change too, but is written at most once a minute per session.
CREATE TRIGGER sessions_notify_change
  AFTER UPDATE OR DELETE OR TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION atrium_notify_change();
