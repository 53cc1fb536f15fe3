-- A pending request may be an undo or an abort, and carries the game version it was opened at (as in
-- migrations/sqlite/04-votes).
ALTER TABLE undo_requests ADD COLUMN motion TEXT NOT NULL DEFAULT 'undo';
ALTER TABLE undo_requests ADD COLUMN opened_at BIGINT NOT NULL DEFAULT 0;
UPDATE undo_requests SET opened_at = at_version;
