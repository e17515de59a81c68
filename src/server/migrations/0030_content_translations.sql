-- Texts administrators enter, per site language. The default language's text stays in the
-- entity's own column or settings document; each other language's text of a field declared
-- translatable (`x-translatable` in its schema) is a row here. A field without a row reads as
-- the default language's text.
CREATE TABLE content_translations (
  entity text NOT NULL,
  entity_id text NOT NULL,
  field text NOT NULL,
  langcode text NOT NULL REFERENCES languages (langcode) ON DELETE CASCADE ON UPDATE CASCADE,
  value text NOT NULL CHECK (value <> ''),
  -- Reads ask for one language of a set of entities; counts ask for one language of one entity.
  PRIMARY KEY (entity, langcode, entity_id, field)
);
-- Removing an entity removes its texts in every language.
CREATE INDEX content_translations_entity_idx ON content_translations (entity, entity_id);

-- Answers kept in the server's caches are made from these rows too.
CREATE TRIGGER content_translations_notify_change
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON content_translations
  FOR EACH STATEMENT EXECUTE FUNCTION atrium_notify_change();
