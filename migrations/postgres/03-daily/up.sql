-- The daily shunting puzzle, as in migrations/sqlite/03-daily: attempts, the servers' post settings, and
-- the posts made (one row per channel and day, written before the post is sent, so that of several
-- processes exactly one sends it).

CREATE TABLE daily_attempts (
    user_id     TEXT    NOT NULL,
    guild       TEXT    NOT NULL,
    number      BIGINT  NOT NULL,
    day         BIGINT  NOT NULL,
    name        TEXT    NOT NULL,
    moves       TEXT    NOT NULL DEFAULT '',
    move_count  BIGINT  NOT NULL DEFAULT 0,
    started_at  BIGINT  NOT NULL,
    touched_at  BIGINT  NOT NULL,
    finished_at BIGINT,
    solved      BOOLEAN NOT NULL DEFAULT FALSE,
    gave_up     BOOLEAN NOT NULL DEFAULT FALSE,
    version     BIGINT  NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, guild, number),
    CHECK (NOT (solved AND gave_up)),
    CHECK ((finished_at IS NULL) = (NOT solved AND NOT gave_up))
);
CREATE INDEX daily_attempts_by_board ON daily_attempts (guild, number, solved, move_count, finished_at);
CREATE INDEX daily_attempts_by_touch ON daily_attempts (user_id, guild, touched_at);

CREATE TABLE daily_channels (
    guild       TEXT    PRIMARY KEY,
    channel     TEXT    NOT NULL,
    post_minute BIGINT  NOT NULL CHECK (post_minute BETWEEN 0 AND 1439),
    set_by      TEXT    NOT NULL,
    set_at      BIGINT  NOT NULL
);

CREATE TABLE daily_posts (
    channel    TEXT    NOT NULL,
    day        BIGINT  NOT NULL,
    guild      TEXT    NOT NULL,
    state      TEXT    NOT NULL CHECK (state IN ('claimed', 'sent', 'failed')),
    tries      BIGINT  NOT NULL DEFAULT 1,
    updated_at BIGINT  NOT NULL,
    PRIMARY KEY (channel, day)
);
