-- A pending request may now be an undo or an abort, and carries the game version it was opened at, which
-- names the request (vote buttons carry it, so a button of an older request never counts on a newer one).
ALTER TABLE undo_requests ADD COLUMN motion TEXT NOT NULL DEFAULT 'undo';
ALTER TABLE undo_requests ADD COLUMN opened_at INTEGER NOT NULL DEFAULT 0;
UPDATE undo_requests SET opened_at = at_version;
