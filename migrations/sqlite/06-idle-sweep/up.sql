-- The reminder sweep lists the games in play (and the lobbies) untouched since a time, with their
-- channels and servers: an index that holds those columns answers it without reading the games' rows,
-- whose snapshots make them large (10,000 games: see benches/load.rs).
DROP INDEX games_by_status;
CREATE INDEX games_by_status ON games (status, updated_at, channel, guild);
