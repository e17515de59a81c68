-- The fields of the product schema (schemas/entities/incentives.schema.ts) that have no column of
-- their own, by name: a field a product owner declares there is stored here, checked against the
-- schema on every save, with no change to this table.
ALTER TABLE incentive_products ADD COLUMN attributes jsonb NOT NULL DEFAULT '{}';
