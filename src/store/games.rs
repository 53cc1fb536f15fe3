//! Games, seats, moves, results and pending votes.

use super::records::{FinishedScope, GameRecord, MoveRecord, NewGame, ResultRecord, Update};
use super::{Store, StoreError, on_backend};

impl Store {
    /// Creates a game in a lobby; fails with [`StoreError::ChannelBusy`] if the channel has an open game.
    pub fn create_game(&self, new: &NewGame) -> Result<GameRecord, StoreError> {
        on_backend!(self, create_game(new))
    }

    /// The game in a lobby or in play in this channel, if any.
    pub fn open_game(&self, channel: &str) -> Result<Option<GameRecord>, StoreError> {
        on_backend!(self, open_game(channel))
    }

    /// Renames `user_id`'s seat in the open game of `channel` to `name`, if it is named otherwise;
    /// returns whether it was. The game's version does not change: a name is no part of its state.
    pub fn rename_seat(
        &self,
        channel: &str,
        user_id: &str,
        name: &str,
    ) -> Result<bool, StoreError> {
        on_backend!(self, rename_seat(channel, user_id, name))
    }

    /// The game with this id.
    pub fn game(&self, id: i64) -> Result<Option<GameRecord>, StoreError> {
        on_backend!(self, game(id))
    }

    /// The most recently changed open games whose channel starts with `prefix` and whose kind is `kind`.
    pub fn open_games_with_prefix(
        &self,
        prefix: &str,
        kind: &str,
    ) -> Result<Vec<GameRecord>, StoreError> {
        on_backend!(self, open_games_with_prefix(prefix, kind))
    }

    /// Finished games (played to their end, not aborted) in `scope`, the most recently finished
    /// first, at most `limit` of them.
    pub fn finished_games(
        &self,
        scope: &FinishedScope,
        limit: usize,
    ) -> Result<Vec<GameRecord>, StoreError> {
        on_backend!(self, finished_games(scope, limit))
    }

    /// The move log of a game, in order.
    pub fn moves(&self, game_id: i64) -> Result<Vec<MoveRecord>, StoreError> {
        on_backend!(self, moves(game_id))
    }

    /// The recorded results of a finished game, best first.
    pub fn results(&self, game_id: i64) -> Result<Vec<ResultRecord>, StoreError> {
        on_backend!(self, results(game_id))
    }

    /// Applies `update` to game `id` in one transaction, if its version is still `expected_version`;
    /// returns the new version. Fails with [`StoreError::Conflict`] (and changes nothing) otherwise,
    /// also when the other writer is another process sharing the database.
    pub fn update(
        &self,
        id: i64,
        expected_version: i64,
        update: &Update,
    ) -> Result<i64, StoreError> {
        on_backend!(self, update(id, expected_version, update))
    }
}
