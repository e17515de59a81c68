-- The transactions list pages by cursor in its order (newest first: created_at, id), and each of
-- its filters has an index that ends in that order, so any page, however deep, and any filter
-- read only the rows shown (Markus Winand, "Use The Index, Luke": paging through results). The
-- index by kind serves the held-back awards too; the index by user serves every per-user read
-- of the ledger by date as the old one did.
CREATE INDEX points_ledger_seek_idx ON points_ledger (created_at DESC, id DESC);
CREATE INDEX points_ledger_kind_seek_idx ON points_ledger (kind, created_at DESC, id DESC);
CREATE INDEX points_ledger_uid_seek_idx ON points_ledger (uid, created_at DESC, id DESC);
DROP INDEX points_ledger_held_idx;
DROP INDEX points_ledger_uid_idx;
