-- The text of the content pages (about us, contact, privacy policy, terms of use, release notes:
-- the routes with a `content` key): one title and body per page and site language. A page is
-- read by its key and language, the default language being the fallback; both are the key.
CREATE TABLE content_pages (
  key text NOT NULL CHECK (key ~ '^[a-z][a-z0-9_]*$'),
  langcode text NOT NULL REFERENCES languages (langcode) ON DELETE CASCADE ON UPDATE CASCADE,
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  body text NOT NULL CHECK (length(body) <= 100000),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by integer REFERENCES users (uid) ON DELETE SET NULL,
  PRIMARY KEY (key, langcode)
);
