-- Reminders already sent for a game as it stood at one version, so that a restart never sends one twice
-- and the schedule simply goes on. Stage n is the n-th entry of the reminder schedule; stage -1 is the
-- notice that the player counts as absent.
CREATE TABLE reminders (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version INTEGER NOT NULL,
    stage   INTEGER NOT NULL,
    sent_at INTEGER NOT NULL,
    PRIMARY KEY (game_id, version, stage)
);
