-- Games, their seats, their move logs and their results. A game is its options + seed + setup + moves;
-- the snapshot caches the replayed state. `version` grows with every change and guards every write.

CREATE TABLE games (
    id           INTEGER PRIMARY KEY,
    channel      TEXT    NOT NULL,
    guild        TEXT,
    kind         TEXT    NOT NULL,
    status       TEXT    NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'aborted')),
    options      TEXT    NOT NULL,
    seed         INTEGER NOT NULL,
    setup        TEXT,
    snapshot     TEXT,
    version      INTEGER NOT NULL DEFAULT 0,
    host         TEXT    NOT NULL,
    ended_reason TEXT,
    created_at   INTEGER NOT NULL,
    updated_at   INTEGER NOT NULL
);

-- At most one game in a lobby or in play per channel.
CREATE UNIQUE INDEX games_one_open_per_channel ON games (channel) WHERE status IN ('lobby', 'active');
CREATE INDEX games_by_status ON games (status, updated_at);

CREATE TABLE seats (
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL,
    user_id  TEXT,
    name     TEXT    NOT NULL,
    resigned INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seat)
);

-- A person sits at most once in a game (bots have no user id).
CREATE UNIQUE INDEX seats_one_per_user ON seats (game_id, user_id) WHERE user_id IS NOT NULL;

CREATE TABLE moves (
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq      INTEGER NOT NULL,
    seat     INTEGER NOT NULL,
    notation TEXT    NOT NULL,
    by_bot   INTEGER NOT NULL,
    at       INTEGER NOT NULL,
    PRIMARY KEY (game_id, seq)
);

CREATE TABLE results (
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL,
    user_id  TEXT,
    name     TEXT    NOT NULL,
    score    INTEGER NOT NULL,
    place    INTEGER NOT NULL,
    resigned INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX results_by_user ON results (user_id);

-- A pending request to take moves back; it is void once the game's version moves on.
CREATE TABLE undo_requests (
    game_id      INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    requester    INTEGER NOT NULL,
    keep_moves   INTEGER NOT NULL,
    at_version   INTEGER NOT NULL,
    approvals    TEXT    NOT NULL
);
