//! Ending early: resigning (a bot takes the seat, or the game ends when no opponent is left) and aborting.

use crate::game::Seat;
use crate::store::{GameRecord, ResultRecord, Status, UndoChange, Update};

use super::play::Progress;
use super::session::{list_names, player_seat};
use super::{Caller, Place, Post, Reply, Table, TableError};

impl Table {
    pub(super) fn resign(&self, place: &Place, caller: &Caller) -> Result<Reply, TableError> {
        let record = self.open_record(place)?;
        if record.status == Status::Lobby {
            return Err(TableError::NotStarted);
        }
        let seat = player_seat(&record, caller)?;
        let said = format!("{} resigned", caller.name);
        self.retire(record, seat, said)
    }

    /// Takes a person out of a game in play (`said` tells how: resigned, removed as absent). A bot plays
    /// the seat from then on and the person ranks last; when no opponent or no person is left, the game
    /// ends at once.
    pub(super) fn retire(
        &self,
        record: GameRecord,
        seat: Seat,
        said: String,
    ) -> Result<Reply, TableError> {
        let mut seats = record.seats.clone();
        seats[seat].resigned = true;
        let playing_on = seats.iter().filter(|s| !s.resigned).count();
        let people_left = seats.iter().filter(|s| s.is_active_human()).count();
        if playing_on >= 2 && people_left >= 1 {
            let progress = Progress {
                public: vec![format!(
                    "{said}; a bot plays their seat from now on, and they will rank last."
                )],
                ..Progress::default()
            };
            let update = Update {
                seats: Some(seats),
                ..Update::default()
            };
            let game = self.live_game(&record)?;
            return self.advance(record, game, progress, update);
        }
        let retired = GameRecord {
            seats,
            ..record.clone()
        };
        let results = resignation_results(&retired);
        let winners: Vec<String> = results
            .iter()
            .filter(|r| r.place == 1 && !r.resigned)
            .map(|r| r.name.clone())
            .collect();
        let update = Update {
            status: Some(Status::Finished),
            ended_reason: Some(said.clone()),
            seats: Some(retired.seats.clone()),
            results: Some(results),
            undo: UndoChange::Clear,
            ..Update::default()
        };
        self.store.update(record.id, record.version, &update)?;
        let verdict = if winners.is_empty() {
            "No one is left playing: the game is over.".to_owned()
        } else {
            format!("{} wins by resignation.", list_names(&winners))
        };
        Ok(Reply::public(Post::text(format!("{said}. {verdict}"))))
    }

    pub(super) fn abort(&self, place: &Place, caller: &Caller) -> Result<Reply, TableError> {
        let record = self.open_record(place)?;
        let seated = record
            .seat_of(&caller.user_id)
            .is_some_and(|s| !record.seats[s].resigned);
        if !(seated || caller.manages_channel || record.host == caller.user_id) {
            return Err(TableError::NotAllowed(
                "Only players in this game, or members who manage this channel, can abort it."
                    .into(),
            ));
        }
        let update = Update {
            status: Some(Status::Aborted),
            ended_reason: Some(format!("aborted by {}", caller.name)),
            undo: UndoChange::Clear,
            ..Update::default()
        };
        self.store.update(record.id, record.version, &update)?;
        Ok(Reply::public(Post::text(format!(
            "{} aborted the game. No result is recorded; the channel is free for a new game.",
            caller.name
        ))))
    }
}

/// Results of a game ended by resignation: everyone still playing shares first place, everyone who
/// resigned shares the place after them. No scores are counted.
fn resignation_results(record: &GameRecord) -> Vec<ResultRecord> {
    let still_playing = record.seats.iter().filter(|s| !s.resigned).count() as u32;
    record
        .seats
        .iter()
        .enumerate()
        .map(|(seat, s)| ResultRecord {
            seat,
            user_id: s.user_id.clone(),
            name: s.name.clone(),
            score: 0,
            place: if s.resigned { still_playing + 1 } else { 1 },
            resigned: s.resigned,
        })
        .collect()
}
