-- The lots still holding points, by when they expire: the expiry job reads only the lots that
-- are due, however long the ledger is, and each run starts where the due lots begin.
CREATE INDEX points_ledger_due_idx ON points_ledger (expires_at, id)
  WHERE remaining > 0 AND expires_at IS NOT NULL;
