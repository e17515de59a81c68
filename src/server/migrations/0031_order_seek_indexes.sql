-- Orders newest first by (created_at, id), each filter served by an index on it and the order, so
-- that an export reads them a batch at a time by seeking, however many there are.
DROP INDEX IF EXISTS incentive_orders_created_idx;
CREATE INDEX incentive_orders_seek_idx ON incentive_orders (created_at DESC, id DESC);
CREATE INDEX incentive_orders_user_seek_idx ON incentive_orders (uid, created_at DESC, id DESC);
CREATE INDEX incentive_orders_status_seek_idx ON incentive_orders (status, created_at DESC, id DESC);
