-- Solo Whistlewood results were stored without the Automa, so a person who lost to it stood in first
-- place. Their results cannot be recomputed in SQL (the Automa's score comes from replaying the log):
-- the finished solo games are listed here, and the program replays each one and rewrites its results
-- (the Automa's row included) when it next opens the database, removing it from the list as it does.
CREATE TABLE results_to_recompute (
    game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE
);

INSERT INTO results_to_recompute (game_id)
SELECT g.id FROM games g
WHERE g.kind = 'whistlewood' AND g.status = 'finished'
  AND (SELECT COUNT(*) FROM seats s WHERE s.game_id = g.id) = 1;
