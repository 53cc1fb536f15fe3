//! The turn flow: a person's move, the bots' moves that follow, the end of the game, one commit, one reply.

use crate::bots::BotLevel;
use crate::excerpt::excerpt;
use crate::game::{Actor, Audience, Event, Outcome, Participant, Seat};
use crate::games::adapter::LiveGame;
use crate::rng::GameRng;
use crate::store::{GameRecord, NewMove, Status, Update, VoteChange};

use super::results::results_from;

use super::session::{mentions_to_act, names_to_act, player_seat, seat_names};
use super::turn_story::story_after;
use super::{Caller, Place, Post, PostAction, Reply, Table, TableError, TurnMessage};

/// A game that keeps asking bots for moves longer than this is broken; stop rather than spin.
const MAX_BOT_MOVES_PER_COMMAND: usize = 10_000;

/// What a command has done so far, before it is committed.
#[derive(Default)]
pub(super) struct Progress {
    /// Moves to append to the log.
    pub moves: Vec<NewMove>,
    /// Lines for the channel.
    pub public: Vec<String>,
    /// Lines for the caller only.
    pub private: Vec<String>,
    /// The caller's seat, if they play (their private events are shown to them).
    pub caller_seat: Option<Seat>,
    /// Whether the command is a step of the game (a move), which continues its turn's message rather
    /// than always posting a new one.
    pub step: bool,
}

impl Progress {
    /// Adds one applied move and what it made happen.
    pub(super) fn record(
        &mut self,
        record: &GameRecord,
        seat: Seat,
        notation: String,
        by_bot: bool,
        events: &[Event],
    ) {
        self.moves.push(NewMove {
            seat,
            notation,
            by_bot,
        });
        let names = seat_names(record);
        for event in events {
            match event.audience {
                Audience::Everyone => self.public.push(names.fill(&event.text)),
                Audience::Only(to) if Some(to) == self.caller_seat => {
                    self.private.push(names.fill(&event.text));
                }
                Audience::Only(_) => {}
            }
        }
    }
}

impl Table {
    pub(super) fn play(
        &self,
        place: &Place,
        caller: &Caller,
        notation: &str,
    ) -> Result<Reply, TableError> {
        let record = self.active_record(place, caller)?;
        let seat = player_seat(&record, caller)?;
        let mut game = self.live_game(&record)?;
        if game.is_clock_step(notation) {
            return Err(TableError::ClockStep {
                step: excerpt(notation.trim()),
            });
        }
        let mut progress = Progress {
            caller_seat: Some(seat),
            step: true,
            ..Progress::default()
        };
        self.catch_up_deadline(&record, game.as_mut(), &mut progress, self.clock().now())?;
        if !game.to_act().includes(seat) {
            return Err(TableError::NotYourTurn {
                waiting_for: names_to_act(&record, game.as_ref()),
            });
        }
        let applied = game.apply(Actor::Seat(seat), notation).map_err(|e| {
            let refusal = seat_names(&record).refusal(e);
            TableError::IllegalMove {
                message: refusal.message,
                legal: refusal.legal,
            }
        })?;
        progress.record(&record, seat, applied.notation, false, &applied.events);
        self.advance(record, game, progress, Update::default())
    }

    /// Lets bots play every seat they hold until a person must act or the game ends, then commits
    /// `update` plus the moves, the snapshot and (at the end) the results, and builds the reply.
    pub(super) fn advance(
        &self,
        record: GameRecord,
        mut game: Box<dyn LiveGame>,
        mut progress: Progress,
        mut update: Update,
    ) -> Result<Reply, TableError> {
        let seated = GameRecord {
            seats: update.seats.clone().unwrap_or_else(|| record.seats.clone()),
            ..record.clone()
        };
        self.catch_up_deadline(&seated, game.as_mut(), &mut progress, self.clock().now())?;
        self.play_bots(&seated, game.as_mut(), &mut progress)?;
        let outcome = game.outcome();
        if let Some(outcome) = &outcome {
            update.status = Some(Status::Finished);
            update.ended_reason = Some("played to the end".into());
            update.results = Some(results_from(&seated, outcome));
            progress.public.push(standings_text(&seated, outcome));
        }
        update.snapshot = Some(game.state_json());
        update.append_moves = std::mem::take(&mut progress.moves);
        update.vote = VoteChange::Clear;
        let version = self.store.update(record.id, record.version, &update)?;
        let committed = GameRecord {
            version,
            status: update.status.unwrap_or(record.status),
            setup: update.setup.clone().or(seated.setup.clone()),
            ..seated
        };
        let story = story_after(
            &self.stories,
            &record,
            &committed,
            &update.append_moves,
            update.truncate_moves_to.is_some(),
            || Ok(self.store.moves(committed.id)?),
        )?;
        let names = seat_names(&committed);
        let fresh = !progress.step || !story.under_way() || outcome.is_some();
        let news = progress.public.len();
        let acting: Vec<Seat> = game.to_act().seats().to_vec();
        let mut lines = if outcome.is_some() || !progress.step {
            std::mem::take(&mut progress.public)
        } else {
            story.recap_for(&acting, &names)
        };
        if !fresh {
            lines.extend(story.this_turn(&names));
        }
        let mut mentions = Vec::new();
        if outcome.is_none() {
            lines.push(format!("Now: {}.", names_to_act(&committed, game.as_ref())));
            if fresh {
                let caller = progress
                    .caller_seat
                    .and_then(|seat| committed.seats.get(seat))
                    .and_then(|seat| seat.user_id.clone());
                mentions = mentions_to_act(&committed, game.as_ref());
                if progress.step {
                    mentions.retain(|id| Some(id) != caller.as_ref());
                }
            }
        }
        let actions = if outcome.is_none() {
            vec![PostAction::TakeTurn, PostAction::ViewHand]
        } else {
            Vec::new()
        };
        // What just happened: the newest line before "Now:".
        let told = lines.len() - usize::from(outcome.is_none());
        let last = lines[..told].last().cloned();
        let public = Post {
            text: lines.join("\n"),
            image: self.marked_board_picture(&committed, game.as_ref(), story.before(), last),
            mentions,
            actions,
        };
        let turn = TurnMessage {
            game: committed.id,
            began_at: story.began_at(),
            fresh,
            version: committed.version,
            news: news.min(lines.len() - usize::from(outcome.is_none())),
        };
        self.stories.keep(&committed, story);
        let private =
            (!progress.private.is_empty()).then(|| Post::text(progress.private.join("\n")));
        Ok(Reply {
            public: Some(public),
            private,
            turn: Some(turn),
            finished: outcome.is_some().then_some(committed.id),
            ..Reply::default()
        })
    }

    fn play_bots(
        &self,
        record: &GameRecord,
        game: &mut dyn LiveGame,
        progress: &mut Progress,
    ) -> Result<(), TableError> {
        for _ in 0..MAX_BOT_MOVES_PER_COMMAND {
            if game.outcome().is_some() {
                return Ok(());
            }
            let bot_seat = game
                .to_act()
                .seats()
                .iter()
                .copied()
                .find(|&s| record.seats.get(s).is_some_and(|r| r.played_by_bot()));
            let Some(seat) = bot_seat else {
                return Ok(());
            };
            bot_plays(record, game, seat, progress)?;
        }
        Err(TableError::internal("bots did not finish their turns"))
    }
}

/// A bot makes `seat`'s move; its generator is seeded from the game, so a replay of the same command
/// makes the same move.
pub(super) fn bot_plays(
    record: &GameRecord,
    game: &mut dyn LiveGame,
    seat: Seat,
    progress: &mut Progress,
) -> Result<(), TableError> {
    let salt = (record.version as u64 + progress.moves.len() as u64 + 1)
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ seat as u64;
    let mut rng = GameRng::seeded(record.seed ^ salt);
    let notation = game.bot_move(seat, seat_level(record, seat), &mut rng);
    let applied = game.apply(Actor::Seat(seat), &notation).map_err(|e| {
        TableError::internal(format!(
            "the bot's move `{notation}` was refused: {}",
            e.message
        ))
    })?;
    progress.record(record, seat, applied.notation, true, &applied.events);
    Ok(())
}

/// How strongly a bot plays `seat`: a bot's seat at its own level; a person's seat (skipped while
/// they are away, or played on after they resigned or were removed) at normal, whatever it stores.
fn seat_level(record: &GameRecord, seat: Seat) -> BotLevel {
    record
        .seats
        .get(seat)
        .filter(|s| s.user_id.is_none())
        .map_or(BotLevel::Normal, |s| s.bot_level)
}

/// "Game over. 1. Alice 34 (train 30 + run 4) …".
pub(super) fn standings_text(record: &GameRecord, outcome: &Outcome) -> String {
    let mut text = String::from("Game over.");
    for standing in &outcome.standings {
        let name = match &standing.participant {
            Participant::Seat(seat) => record.seats.get(*seat).map_or_else(
                || format!("seat {}", seat + 1),
                |s| {
                    if s.resigned {
                        format!("{} (resigned)", s.name)
                    } else {
                        s.name.clone()
                    }
                },
            ),
            Participant::Automa(name) => name.clone(),
        };
        text.push_str(&format!(
            "\n{}. {name}: {} ({})",
            standing.place, standing.score, standing.detail
        ));
    }
    let winners: Vec<String> = outcome
        .standings
        .iter()
        .filter(|s| s.place == 1)
        .filter_map(|s| match &s.participant {
            Participant::Seat(seat) => record.seats.get(*seat).map(|r| r.name.clone()),
            Participant::Automa(name) => Some(name.clone()),
        })
        .collect();
    if let Some(tie_break) = &outcome.tie_break {
        text.push_str(&format!("\n{}", seat_names(record).fill(tie_break)));
    }
    let names = super::session::list_names(&winners);
    match winners.len() {
        0 => {}
        1 => text.push_str(&format!("\nWinner: {names}!")),
        _ => text.push_str(&format!("\nShared victory: {names}!")),
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Standing;
    use crate::store::SeatRecord;

    fn record(seats: &[&str]) -> GameRecord {
        GameRecord {
            id: 1,
            channel: "terminal:whistlewood:1".into(),
            guild: None,
            kind: "whistlewood".into(),
            status: Status::Finished,
            options: "{}".into(),
            seed: 1,
            setup: None,
            snapshot: None,
            version: 1,
            host: "terminal-player-1".into(),
            ended_reason: None,
            created_at: 0,
            updated_at: 0,
            started_at: Some(0),
            seats: seats
                .iter()
                .enumerate()
                .map(|(i, name)| SeatRecord::human(format!("user-{i}"), *name))
                .collect(),
            vote: None,
        }
    }

    fn standing(participant: Participant, score: i32, place: u32) -> Standing {
        Standing {
            participant,
            score,
            place,
            detail: format!("stations {score}"),
        }
    }

    #[test]
    fn only_a_bot_seat_plays_at_its_own_level_and_a_person_seat_at_normal() {
        let mut record = record(&["Ann", "Ben"]);
        // A person's seat that somehow stores a level still plays at normal, resigned or not.
        record.seats[0].bot_level = BotLevel::Hard;
        record.seats[1].resigned = true;
        record.seats[1].bot_level = BotLevel::Easy;
        record
            .seats
            .push(SeatRecord::bot("Dusty (hard bot)", BotLevel::Hard));
        record
            .seats
            .push(SeatRecord::bot("Rusty (easy bot)", BotLevel::Easy));
        let levels: Vec<BotLevel> = (0..5).map(|seat| seat_level(&record, seat)).collect();
        assert_eq!(
            levels,
            [
                BotLevel::Normal,
                BotLevel::Normal,
                BotLevel::Hard,
                BotLevel::Easy,
                BotLevel::Normal
            ],
            "a seat past the table plays at normal too"
        );
    }

    #[test]
    fn a_tie_with_the_automa_is_written_as_a_shared_victory() {
        let outcome = Outcome {
            standings: vec![
                standing(Participant::Seat(0), 9, 1),
                standing(Participant::Automa("Automa (level 2)".into()), 9, 1),
            ],
            tie_break: None,
        };
        let text = standings_text(&record(&["Player 1"]), &outcome);
        assert!(
            text.ends_with("\nShared victory: Player 1 and Automa (level 2)!"),
            "{text}"
        );
        assert!(!text.contains("Winner"), "{text}");
    }

    #[test]
    fn a_single_winner_is_named_whoever_it_is() {
        let automa_wins = Outcome {
            standings: vec![
                standing(Participant::Automa("Automa (level 1)".into()), 12, 1),
                standing(Participant::Seat(0), 7, 2),
            ],
            tie_break: None,
        };
        let text = standings_text(&record(&["Player 1"]), &automa_wins);
        assert!(text.ends_with("\nWinner: Automa (level 1)!"), "{text}");
        let seat_wins = Outcome {
            standings: vec![
                standing(Participant::Seat(1), 12, 1),
                standing(Participant::Seat(0), 7, 2),
            ],
            tie_break: None,
        };
        let text = standings_text(&record(&["Ann", "Bo"]), &seat_wins);
        assert!(text.ends_with("\nWinner: Bo!"), "{text}");
    }
}
