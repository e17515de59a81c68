-- Storefront layouts (one per audience and language) and their ordered sections. A section's
-- content, settings and appearance follow its type's schemas (schemas/storefront); restrictions
-- are a list of {rule, type, value} items that must all match the visitor.
CREATE TABLE storefront_layouts (
  id serial PRIMARY KEY,
  audience text NOT NULL CHECK (audience IN ('registered', 'unregistered')),
  language text NOT NULL REFERENCES languages (langcode) ON DELETE CASCADE,
  enabled boolean NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (audience, language)
);

CREATE TABLE storefront_sections (
  id serial PRIMARY KEY,
  layout_id integer NOT NULL REFERENCES storefront_layouts (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type ~ '^[a-z][a-z0-9_]*$'),
  weight integer NOT NULL DEFAULT 0 CHECK (weight >= 0),
  content jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(content) = 'object'),
  settings jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(settings) = 'object'),
  appearance jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(appearance) = 'object'),
  restrictions jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(restrictions) = 'array')
);
CREATE INDEX storefront_sections_layout_idx ON storefront_sections (layout_id, weight, id);
