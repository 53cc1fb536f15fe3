-- The reminder sweep lists the games in play (and the lobbies) untouched since a time, with their
-- channels and servers (as in migrations/sqlite/06-idle-sweep): the index carries those columns, so the
-- sweep can be answered from the index alone.
DROP INDEX games_by_status;
CREATE INDEX games_by_status ON games (status, updated_at) INCLUDE (channel, guild);
