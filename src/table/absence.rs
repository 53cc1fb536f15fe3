//! Players who stop moving: after the configured time the others may skip their turn (a bot plays it) or
//! remove them (a bot takes the seat for the rest of the game).

use crate::game::Seat;
use crate::games::adapter::LiveGame;
use crate::store::GameRecord;

use super::play::{Progress, bot_plays};
use super::session::{list_names, player_seat};
use super::{Caller, Place, Reply, Table, TableError};

/// A game held up by absent players.
struct Absence {
    record: GameRecord,
    game: Box<dyn LiveGame>,
    /// The people who must act and have been idle past the limit.
    absent: Vec<Seat>,
}

impl Table {
    pub(super) fn skip(&self, place: &Place, caller: &Caller) -> Result<Reply, TableError> {
        let Absence {
            record,
            mut game,
            absent,
        } = self.absent_players(place, caller)?;
        let mut progress = Progress {
            public: vec![format!(
                "{} skipped the turn of {}; a bot played it.",
                caller.name,
                names(&record, &absent)
            )],
            ..Progress::default()
        };
        self.catch_up_deadline(&record, game.as_mut(), &mut progress, self.clock().now())?;
        for &seat in &absent {
            bot_plays(&record, game.as_mut(), seat, &mut progress)?;
        }
        self.advance(record, game, progress, Default::default())
    }

    pub(super) fn kick(&self, place: &Place, caller: &Caller) -> Result<Reply, TableError> {
        let Absence { record, absent, .. } = self.absent_players(place, caller)?;
        let seat = absent[0];
        let said = format!(
            "{} removed {}, who had stopped moving",
            caller.name, record.seats[seat].name
        );
        self.retire(record, seat, said)
    }

    /// The game, its state and the people who must act and have been idle past the limit; the caller must
    /// be another person at the table.
    fn absent_players(&self, place: &Place, caller: &Caller) -> Result<Absence, TableError> {
        let record = self.active_record(place, caller)?;
        let me = player_seat(&record, caller)?;
        let game = self.live_game(&record)?;
        let waiting: Vec<Seat> = game
            .to_act()
            .seats()
            .iter()
            .copied()
            .filter(|&s| record.seats.get(s).is_some_and(|r| r.is_active_human()))
            .collect();
        if waiting.contains(&me) {
            return Err(TableError::OwnTurn);
        }
        if waiting.is_empty() {
            return Err(TableError::NotAllowed(
                "No one is holding up the game.".into(),
            ));
        }
        let idle = self.clock().now() - record.updated_at;
        let limit = self.options.reminders.absent_after_secs;
        if idle < limit {
            return Err(TableError::NotAllowed(format!(
                "{} has been thinking for {}; after {} without a move the others may skip or remove them.",
                names(&record, &waiting),
                hours(idle),
                hours(limit)
            )));
        }
        Ok(Absence {
            record,
            game,
            absent: waiting,
        })
    }
}

fn names(record: &GameRecord, seats: &[Seat]) -> String {
    let names: Vec<String> = seats
        .iter()
        .map(|&s| record.seats[s].name.clone())
        .collect();
    list_names(&names)
}

/// "3 h", "under an hour".
pub(super) fn hours(seconds: i64) -> String {
    match seconds / 3600 {
        0 => "under an hour".into(),
        1 => "1 h".into(),
        h => format!("{h} h"),
    }
}
