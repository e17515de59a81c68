-- Users, roles and access flags
CREATE TABLE roles (
  name text PRIMARY KEY CHECK (name ~ '^[a-z][a-z0-9_]*$'),
  label text NOT NULL,
  weight integer NOT NULL DEFAULT 0
);

CREATE TABLE role_flags (
  role text NOT NULL REFERENCES roles (name) ON DELETE CASCADE,
  flag text NOT NULL,
  PRIMARY KEY (role, flag)
);

CREATE TABLE users (
  uid serial PRIMARY KEY,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  mail text,
  pass text NOT NULL,
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  avatar text,
  language text,
  timezone text,
  profile jsonb NOT NULL DEFAULT '{}'::jsonb,
  blocked boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_name_key ON users (lower(name));

CREATE TABLE user_roles (
  uid integer NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  role text NOT NULL REFERENCES roles (name) ON DELETE CASCADE,
  PRIMARY KEY (uid, role)
);

-- Sessions: only a SHA-256 of the token is stored.
CREATE TABLE sessions (
  token_hash text PRIMARY KEY,
  uid integer NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_uid_idx ON sessions (uid);
CREATE INDEX sessions_expires_idx ON sessions (expires_at);

-- Failed logins, per account and per address, for the login rate limit.
CREATE TABLE login_failures (
  id bigserial PRIMARY KEY,
  key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_key_idx ON login_failures (key, created_at);

-- Settings documents (site, footer, formats, countries, appearance, cookie disclaimer…)
CREATE TABLE settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE cookie_agreements (
  uid integer PRIMARY KEY REFERENCES users (uid) ON DELETE CASCADE,
  version integer NOT NULL,
  agreed_at timestamptz NOT NULL DEFAULT now()
);

-- Languages and interface translations
CREATE TABLE languages (
  langcode text PRIMARY KEY,
  name text NOT NULL,
  native_name text NOT NULL DEFAULT '',
  direction integer NOT NULL DEFAULT 0 CHECK (direction IN (0, 1)),
  weight integer NOT NULL DEFAULT 0
);

CREATE TABLE translations (
  id serial PRIMARY KEY,
  langcode text NOT NULL REFERENCES languages (langcode) ON DELETE CASCADE,
  context text NOT NULL DEFAULT 'interface',
  source text NOT NULL,
  translation text NOT NULL,
  UNIQUE (langcode, context, source)
);

-- Sidebar navigation
CREATE TABLE navigation_items (
  id text PRIMARY KEY,
  parent_id text REFERENCES navigation_items (id) ON DELETE CASCADE,
  title text NOT NULL,
  url text NOT NULL,
  icon text NOT NULL DEFAULT '',
  required_flag text,
  required_setting text,
  weight integer NOT NULL DEFAULT 0
);

-- Organizations and taxonomy
CREATE TABLE organizations (
  id serial PRIMARY KEY,
  name text NOT NULL UNIQUE
);

CREATE TABLE user_organizations (
  uid integer NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  organization_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  PRIMARY KEY (uid, organization_id)
);

CREATE TABLE vocabularies (
  machine_name text PRIMARY KEY CHECK (machine_name ~ '^[a-z][a-z0-9_]*$'),
  name text NOT NULL,
  weight integer NOT NULL DEFAULT 0
);

CREATE TABLE taxonomy_terms (
  tid serial PRIMARY KEY,
  vocabulary text NOT NULL REFERENCES vocabularies (machine_name) ON DELETE CASCADE,
  name text NOT NULL,
  parent integer REFERENCES taxonomy_terms (tid) ON DELETE CASCADE,
  weight integer NOT NULL DEFAULT 0
);
CREATE INDEX taxonomy_terms_vocabulary_idx ON taxonomy_terms (vocabulary, parent, weight);

-- Points: an append-only ledger plus a balance row per user that can never go negative.
CREATE TABLE point_balances (
  uid integer PRIMARY KEY REFERENCES users (uid) ON DELETE CASCADE,
  points integer NOT NULL DEFAULT 0 CHECK (points >= 0),
  lifetime_points integer NOT NULL DEFAULT 0 CHECK (lifetime_points >= 0)
);

CREATE TABLE points_ledger (
  id bigserial PRIMARY KEY,
  uid integer NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  delta integer NOT NULL CHECK (delta <> 0),
  kind text NOT NULL CHECK (kind IN ('award', 'redeem', 'expire', 'adjust')),
  note text NOT NULL DEFAULT '',
  balance_after integer NOT NULL CHECK (balance_after >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX points_ledger_uid_idx ON points_ledger (uid, created_at);
