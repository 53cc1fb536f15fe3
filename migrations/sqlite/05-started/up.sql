-- When a game left its lobby, so that time rules (an Express deadline) count from the start rather than
-- from the lobby's opening. Games already started take their first move's time, or their creation.
ALTER TABLE games ADD COLUMN started_at INTEGER;
UPDATE games SET started_at = COALESCE((SELECT MIN(at) FROM moves WHERE moves.game_id = games.id), created_at)
WHERE status <> 'lobby';
