-- The daily shunting puzzle: players' attempts, the servers' post settings, and the posts made.

-- One attempt per person, server and puzzle. `moves` is the notation log, one move per line, as it stands
-- after undo and reset (`move_count` lines); `day` is the puzzle's UTC day (days since 1970-01-01), so
-- that "solved on its own day" is `solved AND finished_at / 86400 = day`. `touched_at` picks the attempt
-- that commands without a puzzle number act on. `version` grows with every change and guards every write.
CREATE TABLE daily_attempts (
    user_id     TEXT    NOT NULL,
    guild       TEXT    NOT NULL,
    number      INTEGER NOT NULL,
    day         INTEGER NOT NULL,
    name        TEXT    NOT NULL,
    moves       TEXT    NOT NULL DEFAULT '',
    move_count  INTEGER NOT NULL DEFAULT 0,
    started_at  INTEGER NOT NULL,
    touched_at  INTEGER NOT NULL,
    finished_at INTEGER,
    solved      INTEGER NOT NULL DEFAULT 0,
    gave_up     INTEGER NOT NULL DEFAULT 0,
    version     INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, guild, number),
    CHECK (NOT (solved AND gave_up)),
    CHECK ((finished_at IS NULL) = (NOT solved AND NOT gave_up))
);
CREATE INDEX daily_attempts_by_board ON daily_attempts (guild, number, solved, move_count, finished_at);
CREATE INDEX daily_attempts_by_touch ON daily_attempts (user_id, guild, touched_at);

-- Where and when each server gets the daily post: one channel per server, a UTC minute of the day.
CREATE TABLE daily_channels (
    guild       TEXT    PRIMARY KEY,
    channel     TEXT    NOT NULL,
    post_minute INTEGER NOT NULL CHECK (post_minute BETWEEN 0 AND 1439),
    set_by      TEXT    NOT NULL,
    set_at      INTEGER NOT NULL
);

-- Daily posts, claimed before they are sent so that no channel ever gets a day's post twice, even across
-- restarts. `state`: claimed (being sent, or the send's fate is unknown: never retried), sent, or failed
-- (Discord refused it, so it was certainly not posted: retried the same day while `tries` is small).
CREATE TABLE daily_posts (
    channel    TEXT    NOT NULL,
    day        INTEGER NOT NULL,
    guild      TEXT    NOT NULL,
    state      TEXT    NOT NULL CHECK (state IN ('claimed', 'sent', 'failed')),
    tries      INTEGER NOT NULL DEFAULT 1,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (channel, day)
);
