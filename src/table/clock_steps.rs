//! Steps the table takes because of the clock, which engines cannot see: the decision a game makes for a
//! seat that does not answer in time (its timed default, e.g. "block" for the target of a Disaster), and a
//! game's deadline (after it the round under way is the last, and the host or a member who manages the
//! channel may end the game now, closing that round as it stands). Each step is applied as a move and
//! recorded in the log, so a replay reaches the same state. A timed default is the seat's own step taken
//! for it; the deadline's steps are the table's ([`Actor::Table`]), which the engine refuses from a seat.

use crate::calendar::Day;
use crate::game::{Actor, ClockStep, Seat};
use crate::games::adapter::{LiveGame, TimedMove};
use crate::store::{GameRecord, Update};

use super::absence::hours;
use super::play::Progress;
use super::session::player_seat;
use super::{Caller, Notice, Place, Reply, Table, TableError};

/// The moment (Unix seconds) a game's deadline passes, if it has one: counted from its start.
fn deadline_at(record: &GameRecord, game: &dyn LiveGame) -> Option<i64> {
    let hours = game.deadline_hours()?;
    Some(record.started_at.unwrap_or(record.created_at) + i64::from(hours) * 3600)
}

/// The game's deadline for its status, if it has one: when it passes, or that it has.
pub(super) fn deadline_line(record: &GameRecord, game: &dyn LiveGame, now: i64) -> Option<String> {
    let deadline = deadline_at(record, game)?;
    Some(if now < deadline {
        format!(
            "Deadline: {} (in {}); after it the round under way is the last.",
            utc(deadline),
            hours(deadline - now)
        )
    } else {
        format!(
            "Deadline: passed at {}; the round under way is the last, and its host or a member who \
             manages the channel may end the game now.",
            utc(deadline)
        )
    })
}

/// "2026-11-22 12:00 UTC".
fn utc(seconds: i64) -> String {
    let (year, month, day) = Day::of_unix_seconds(seconds).date().unwrap_or((0, 0, 0));
    let minute = seconds.rem_euclid(86_400) / 60;
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02} UTC",
        minute / 60,
        minute % 60
    )
}

/// What the channel and the history say of a decision the table made for `name` on the timeout:
/// "BEN did not answer within 12 h, so the table answered for them."
pub(super) fn decided_by_table(name: &str, timed: &TimedMove) -> String {
    format!(
        "{name} did not answer within {}, so {}.",
        hours(timed.after_secs),
        timed.said
    )
}

/// The seat a step of `actor` is written under in the log, which keeps a seat for every step: a table
/// step goes under the first seat to act and is read back as the table's ([`LiveGame::logged_actor`]).
fn log_seat(game: &dyn LiveGame, actor: Actor) -> Seat {
    match actor {
        Actor::Seat(seat) => seat,
        Actor::Table => game.to_act().seats().first().copied().unwrap_or(0),
    }
}

/// Applies `notation` for `actor` on the clock's account and records it (as not a person's own move, so
/// undo passes over it).
fn apply_step(
    record: &GameRecord,
    game: &mut dyn LiveGame,
    actor: Actor,
    notation: &str,
    progress: &mut Progress,
) -> Result<(), TableError> {
    let seat = log_seat(game, actor);
    let applied = game.apply(actor, notation).map_err(|e| {
        TableError::internal(format!(
            "the table's step `{notation}` was refused: {}",
            e.message
        ))
    })?;
    progress.record(record, seat, applied.notation, true, &applied.events);
    Ok(())
}

impl Table {
    /// Tells the game its deadline has passed, if it has at `now` and the game has not heard yet, so
    /// that the hand under way is its last. Every command that moves a game calls this first.
    pub(super) fn catch_up_deadline(
        &self,
        record: &GameRecord,
        game: &mut dyn LiveGame,
        progress: &mut Progress,
        now: i64,
    ) -> Result<(), TableError> {
        let Some(deadline) = deadline_at(record, game).filter(|&at| now >= at) else {
            return Ok(());
        };
        let Some(step) = game.clock_step(ClockStep::DeadlinePassed) else {
            return Ok(());
        };
        tracing::info!(game = record.id, deadline, "the deadline has passed");
        apply_step(record, game, Actor::Table, &step, progress)
    }

    /// What the clock makes the table do in a game at `now`, if anything: the deadline step, and the
    /// timed default of a person who has not answered in time. Committed like a move; the notice is
    /// the channel's post about it.
    pub(super) fn clock_notice(
        &self,
        record: &GameRecord,
        now: i64,
    ) -> Result<Option<Notice>, TableError> {
        let mut game = self.live_game(record)?;
        let mut progress = Progress::default();
        self.catch_up_deadline(record, game.as_mut(), &mut progress, now)?;
        if let Some(timed) = game.timed_default()
            && now - record.updated_at >= timed.after_secs
            && record
                .seats
                .get(timed.seat)
                .is_some_and(|s| s.is_active_human())
        {
            progress
                .public
                .push(decided_by_table(&record.seats[timed.seat].name, &timed));
            apply_step(
                record,
                game.as_mut(),
                Actor::Seat(timed.seat),
                &timed.notation,
                &mut progress,
            )?;
        }
        if progress.moves.is_empty() {
            return Ok(None);
        }
        let reply = self.advance(record.clone(), game, progress, Update::default())?;
        Ok(reply.public.map(|post| Notice {
            channel: record.channel.clone(),
            post,
        }))
    }

    /// `end-now`: once the deadline has passed, the host or a member who manages the channel ends the
    /// game now; the engine closes the round under way as it stands (an Express hand, without a
    /// going-out bonus).
    pub(super) fn end_now(&self, place: &Place, caller: &Caller) -> Result<Reply, TableError> {
        let record = self.active_record(place, caller)?;
        let mut game = self.live_game(&record)?;
        let Some(deadline) = deadline_at(&record, game.as_ref()) else {
            return Err(TableError::NotAllowed(
                "This game has no deadline (it was created without one, such as Express's \
                 `deadline_hours`), so it is played to its end."
                    .into(),
            ));
        };
        if record.host != caller.user_id && !caller.manages_channel {
            let host = record.seat_of(&record.host).map_or_else(
                || "whoever opened it".to_owned(),
                |s| record.seats[s].name.clone(),
            );
            return Err(TableError::NotAllowed(format!(
                "Only the host of this game ({host}) or a member who manages this channel can end the \
                 game early."
            )));
        }
        let now = self.clock().now();
        if now < deadline {
            return Err(TableError::NotAllowed(format!(
                "The deadline has not passed yet: it passes at {} (in {}). Until then the game is \
                 played on.",
                utc(deadline),
                hours(deadline - now)
            )));
        }
        let mut progress = Progress {
            caller_seat: player_seat(&record, caller).ok(),
            public: vec![format!(
                "{} ends the game now: the deadline has passed.",
                caller.name
            )],
            ..Progress::default()
        };
        self.catch_up_deadline(&record, game.as_mut(), &mut progress, now)?;
        let step = game.clock_step(ClockStep::EndNow).ok_or_else(|| {
            TableError::internal("the game refuses to end now after its deadline")
        })?;
        apply_step(&record, game.as_mut(), Actor::Table, &step, &mut progress)?;
        self.advance(record, game, progress, Update::default())
    }
}
