-- Reminders already sent for a game as it stood at one version (as in migrations/sqlite/02-reminders):
-- the primary key makes "mark it sent" succeed once, whichever process asks first.
CREATE TABLE reminders (
    game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version BIGINT NOT NULL,
    stage   BIGINT NOT NULL,
    sent_at BIGINT NOT NULL,
    PRIMARY KEY (game_id, version, stage)
);
