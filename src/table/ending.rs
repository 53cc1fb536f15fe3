//! Ending early: resigning (a bot takes the seat, or the game ends when no opponent is left) and aborting
//! (a lobby by its host; a game in play by every person still playing, through a vote; either by a member
//! who manages the channel).

use crate::game::Seat;
use crate::store::{GameRecord, Motion, Status, Update, VoteChange};

use super::play::Progress;
use super::results::resignation_results;
use super::session::{list_names, player_seat};
use super::vote::{already_waiting, pending, voters};
use super::{Caller, Place, Post, Reply, Table, TableError};

impl Table {
    pub(super) fn resign(&self, place: &Place, caller: &Caller) -> Result<Reply, TableError> {
        let record = self.open_record(place, caller)?;
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
            vote: VoteChange::Clear,
            ..Update::default()
        };
        self.store.update(record.id, record.version, &update)?;
        let verdict = if winners.is_empty() {
            "No one is left playing: the game is over.".to_owned()
        } else {
            format!("{} wins by resignation.", list_names(&winners))
        };
        Ok(Reply {
            finished: Some(record.id),
            ..Reply::public(Post::text(format!("{said}. {verdict}")))
        })
    }

    pub(super) fn abort(&self, place: &Place, caller: &Caller) -> Result<Reply, TableError> {
        let record = self.open_record(place, caller)?;
        if caller.manages_channel {
            return self.end_without_result(
                &record,
                format!("aborted by {}, who manages the channel", caller.name),
                format!("{} aborted the game.", caller.name),
            );
        }
        if record.status == Status::Lobby {
            if record.host != caller.user_id {
                return Err(TableError::NotAllowed(
                    "Only whoever opened this game, or a member who manages this channel, can end it \
                     before the start; to give up your seat, leave the game instead."
                        .into(),
                ));
            }
            return self.end_without_result(
                &record,
                format!("closed by its host, {}, before the start", caller.name),
                format!("{} closed the game before the start.", caller.name),
            );
        }
        if record.seat_of(&caller.user_id).is_none() {
            return Err(TableError::NotAllowed(
                "Only the people playing this game, all agreeing, or a member who manages this \
                 channel can abort it."
                    .into(),
            ));
        }
        let seat = player_seat(&record, caller)?;
        if let Some(request) = pending(&record) {
            return Err(TableError::NotAllowed(format!(
                "Cannot abort now: {}",
                already_waiting(&record, request)
            )));
        }
        let needed = voters(&record, seat);
        if needed.is_empty() {
            return self.end_without_result(
                &record,
                format!("aborted by {}, the only person playing", caller.name),
                format!("{} aborted the game.", caller.name),
            );
        }
        let asking = format!(
            "{} asks to abort the game (it ends without a result).",
            caller.name
        );
        self.open_vote(&record, seat, Motion::Abort, &needed, asking)
    }

    /// Ends the game without a result and frees the channel; `reason` is stored, `said` opens the
    /// channel's message.
    pub(super) fn end_without_result(
        &self,
        record: &GameRecord,
        reason: String,
        said: String,
    ) -> Result<Reply, TableError> {
        let update = Update {
            status: Some(Status::Aborted),
            ended_reason: Some(reason),
            vote: VoteChange::Clear,
            ..Update::default()
        };
        self.store.update(record.id, record.version, &update)?;
        Ok(Reply::public(Post::text(format!(
            "{said} No result is recorded; the channel is free for a new game."
        ))))
    }
}
