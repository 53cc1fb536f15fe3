-- When a game left its lobby (as in migrations/sqlite/05-started): time rules such as an Express
-- deadline count from the start. Games already started take their first move's time, or their creation.
ALTER TABLE games ADD COLUMN started_at BIGINT;
UPDATE games SET started_at = COALESCE((SELECT MIN(at) FROM moves WHERE moves.game_id = games.id), created_at)
WHERE status <> 'lobby';
