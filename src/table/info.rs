//! Looking without changing anything: board, hand, legal moves, history, status.

use crate::game::Viewer;
use crate::games::adapter::LegalMove;
use crate::store::Status;

use super::clock_steps::{deadline_line, decided_by_table};
use super::game_replay::replay_viewer;
use super::menu::{MenuNode, walk};
use super::panel::named_steps;
use super::session::{
    kind_of, list_names, mentions_to_act, names_to_act, player_seat, replay_noting_defaults,
    seat_names,
};
use super::vote::{VoteKind, pending};
use super::{Caller, Place, Post, PostAction, Reply, Table, TableError};
use crate::plural::counted;

/// How long `history` may get (a chat message's worth); the newest moves that fit are shown.
const HISTORY_CHARS: usize = 1900;

/// The first line of a board sent privately because its asker posted one publicly a moment ago.
const BOARD_AGAIN: &str = "You asked for the board a moment ago; here it is just for you.";

impl Table {
    /// The board for the channel; for the caller alone (saying why) when they posted it publicly in
    /// this channel within the board cooldown.
    pub(super) fn board(&self, place: &Place, caller: &Caller) -> Result<Reply, TableError> {
        let record = self.active_record(place, caller)?;
        let game = self.live_game(&record)?;
        let text = game.board_text(Viewer::Spectator, &record.names());
        let public =
            self.board_cooldown
                .may_post(&place.channel, &caller.user_id, self.clock().now());
        let post = Post {
            text: if public {
                text
            } else {
                format!("{BOARD_AGAIN}\n{text}")
            },
            image: self.board_picture(&record, game.as_ref()),
            mentions: Vec::new(),
            actions: vec![PostAction::ViewHand],
        };
        Ok(if public {
            Reply::public(post)
        } else {
            Reply::private(post)
        })
    }

    pub(super) fn hand(&self, place: &Place, caller: &Caller) -> Result<Reply, TableError> {
        if let Some(hand) = self.held_hand(place, caller)? {
            return Ok(hand);
        }
        let record = self.active_record(place, caller)?;
        let seat = player_seat(&record, caller)?;
        let game = self.live_game(&record)?;
        let text = if game.to_act().seats().contains(&seat) {
            "You hold nothing: everything is on the board, and it is your move.".to_owned()
        } else {
            format!(
                "You hold no cards right now; waiting for {}.",
                names_to_act(&record, game.as_ref())
            )
        };
        Ok(Reply::private(Post::text(text)))
    }

    /// The caller's hand, privately; `None` when they hold nothing to show (a game without hands, such
    /// as a shunting puzzle, or an empty hand).
    pub fn held_hand(&self, place: &Place, caller: &Caller) -> Result<Option<Reply>, TableError> {
        let record = self.active_record(place, caller)?;
        let seat = player_seat(&record, caller)?;
        let game = self.live_game(&record)?;
        Ok(game.hand_text(seat).map(|text| {
            Reply::private(Post {
                text,
                image: self.hand_picture(&record, game.as_ref(), seat),
                mentions: Vec::new(),
                actions: Vec::new(),
            })
        }))
    }

    /// The caller's legal moves whose notation or label contains `filter` (case-insensitive), for
    /// autocomplete and `?`. Empty when it is not their turn.
    pub fn legal_moves(
        &self,
        place: &Place,
        caller: &Caller,
        filter: &str,
    ) -> Result<Vec<LegalMove>, TableError> {
        let record = self.active_record(place, caller)?;
        let seat = player_seat(&record, caller)?;
        let game = self.live_game(&record)?;
        let filter = filter.trim().to_lowercase();
        Ok(seat_names(&record)
            .legal(game.legal(seat))
            .into_iter()
            .filter(|m| {
                m.notation.to_lowercase().contains(&filter)
                    || m.label.to_lowercase().contains(&filter)
            })
            .collect())
    }

    /// The user ids of the people who must act now in the channel's game (empty before the start, when
    /// only bots act, or when there is no game).
    pub fn people_to_act(&self, place: &Place) -> Result<Vec<String>, TableError> {
        let Some(record) = self.store.open_game(&place.channel)? else {
            return Ok(Vec::new());
        };
        if record.status == Status::Lobby {
            return Ok(Vec::new());
        }
        let game = self.live_game(&record)?;
        Ok(mentions_to_act(&record, game.as_ref()))
    }

    /// The caller's legal moves at the menu level `path` leads to: each group with how many moves it
    /// holds, each single move with its notation.
    pub(super) fn legal_reply(
        &self,
        place: &Place,
        caller: &Caller,
        path: &[usize],
    ) -> Result<Reply, TableError> {
        let record = self.active_record(place, caller)?;
        let seat = player_seat(&record, caller)?;
        let game = self.live_game(&record)?;
        let steps = named_steps(&record, game.as_ref(), seat);
        if steps.is_empty() {
            return Ok(Reply::private(Post::text(format!(
                "You have no move to make now; waiting for {}.",
                names_to_act(&record, game.as_ref())
            ))));
        }
        let text = match walk(&steps, path) {
            Ok(MenuNode::Level { chosen, choices }) => {
                let mut text = if chosen.is_empty() {
                    "Your moves:".to_owned()
                } else {
                    format!("Your moves: {}", chosen.join(" › "))
                };
                for (number, choice) in (1..).zip(&choices) {
                    text.push_str(&match &choice.plays {
                        Some(notation) => format!("\n  {number}. {}: {notation}", choice.label),
                        None => format!(
                            "\n  {number}. {} ({})",
                            choice.label,
                            counted(choice.steps, "move")
                        ),
                    });
                }
                text
            }
            Ok(MenuNode::Step(index)) => {
                format!(
                    "Your move: {}: {}",
                    steps[index].label, steps[index].notation
                )
            }
            Err(_) => {
                return Err(TableError::NotAllowed(
                    "There is no such group among your moves now; list them again from the top."
                        .into(),
                ));
            }
        };
        Ok(Reply::private(Post::text(text)))
    }

    pub(super) fn history(&self, place: &Place, caller: &Caller) -> Result<Reply, TableError> {
        let record = self.active_record(place, caller)?;
        // A person who resigned or was removed sees what a spectator sees: the bot now holds the seat's
        // cards, and in some games those cards go on to others.
        let viewer = replay_viewer(&record, &caller.user_id);
        let moves = self.store.moves(record.id)?;
        let ((_, events), defaults) = replay_noting_defaults(&record, &moves)?;
        let names = seat_names(&record);
        let mut lines = Vec::new();
        let mut length = 0;
        for ((m, happened), timed) in moves.iter().zip(&events).zip(&defaults).rev() {
            let mut said = names.readable(happened, viewer);
            if let Some(timed) = timed {
                said.insert(0, decided_by_table(&record.seats[m.seat].name, timed));
            }
            let line = format!("{}. {}", m.seq + 1, said.join(" "));
            length += line.chars().count() + 1;
            if length > HISTORY_CHARS {
                break;
            }
            lines.push(line);
        }
        lines.reverse();
        let shown = lines.len();
        let mut text = if moves.is_empty() {
            "No moves yet.".to_owned()
        } else if shown < moves.len() {
            format!("The last {shown} of {} moves:", moves.len())
        } else {
            format!("All {}:", counted(moves.len(), "move"))
        };
        for line in lines {
            text.push('\n');
            text.push_str(&line);
        }
        Ok(Reply::private(Post::text(text)))
    }

    pub(super) fn status(&self, place: &Place, caller: &Caller) -> Result<Reply, TableError> {
        let record = self.open_record(place, caller)?;
        let kind = kind_of(&record)?;
        let seats: Vec<String> = record
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let mark = if s.resigned { " (resigned)" } else { "" };
                format!("{}. {}{mark}", i + 1, s.name)
            })
            .collect();
        let mut text = format!("{} · ", kind.name());
        if record.status == Status::Lobby {
            text.push_str("waiting for players to join and someone to `start`.");
        } else {
            let game = self.live_game(&record)?;
            text.push_str(&format!(
                "in play; now: {}.",
                names_to_act(&record, game.as_ref())
            ));
            if let Some(deadline) = deadline_line(&record, game.as_ref(), self.clock().now()) {
                text.push_str(&format!("\n{deadline}"));
            }
        }
        text.push_str(&format!("\nSeats: {}", seats.join(" · ")));
        if record.options != "{}" {
            text.push_str(&format!("\nOptions: {}", record.options));
        }
        if let Some(request) = pending(&record) {
            let approved: Vec<String> = request
                .approvals
                .iter()
                .map(|&s| record.seats[s].name.clone())
                .collect();
            text.push_str(&format!(
                "\nA vote to {} asked by {} (agreed so far: {}).",
                VoteKind::of(request.motion).word(),
                record.seats[request.requester].name,
                if approved.is_empty() {
                    "no one".to_owned()
                } else {
                    list_names(&approved)
                }
            ));
        }
        Ok(Reply::public(Post::text(text)))
    }
}
