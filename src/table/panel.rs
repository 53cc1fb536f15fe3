//! The turn panel: a seat's private view of its turn, with its legal steps as menus ([`super::menu`]),
//! opened by `/turn` or a turn message's button and updated in place by every tap. A tap that plays a
//! step goes through [`Table::play`] like a typed move (same checks, stored before it is answered).

use crate::game::{Seat, Viewer};
use crate::games::adapter::{LiveGame, MenuStep};
use crate::store::GameRecord;

use super::menu::{MenuChoice, MenuNode, walk};
use super::session::{names_to_act, player_seat, seat_names};
use super::{Caller, Picture, Place, Reply, Table, TableError};

/// At most this many lines of the seat's hand, as text, head the panel.
const HAND_LINES: usize = 12;
/// The most characters of a picture's description Discord keeps.
pub const DESCRIPTION_CHARS: usize = 1024;

/// A seat's private turn panel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Panel {
    /// Whose turn it is, what the seat holds, what just happened, what it is choosing.
    pub text: String,
    /// The seat's own picture (its hand and what it decides), readable on a phone.
    pub image: Option<Picture>,
    /// The game's version the panel was drawn at; a tap carries it back, so a tap on a panel drawn
    /// before the game moved on plays nothing.
    pub version: i64,
    /// The choices taken to reach this level, by index from the top (empty at the top).
    pub path: Vec<usize>,
    /// The labels of those choices, and of the levels passed through.
    pub chosen: Vec<String>,
    /// The choices here (none when the seat owes no decision).
    pub choices: Vec<MenuChoice>,
    /// Whether the seat's last step is the game's last by a person, so asking to take it back makes
    /// sense.
    pub undo: bool,
}

impl Table {
    /// The caller's turn panel at the top of its menus.
    pub(super) fn turn_panel(&self, place: &Place, caller: &Caller) -> Result<Reply, TableError> {
        let record = self.active_record(place, caller)?;
        let seat = player_seat(&record, caller)?;
        let game = self.live_game(&record)?;
        self.panel_reply(&record, game.as_ref(), seat, &[], Vec::new())
    }

    /// A tap on the caller's panel drawn at `version`: `path` leads to a menu level (shown) or to a step
    /// (played, then the panel is drawn afresh).
    pub(super) fn tap(
        &self,
        place: &Place,
        caller: &Caller,
        version: i64,
        path: &[usize],
    ) -> Result<Reply, TableError> {
        let record = self.active_record(place, caller)?;
        let seat = player_seat(&record, caller)?;
        let game = self.live_game(&record)?;
        let panel = |path: &[usize], notes: Vec<String>| {
            self.panel_reply(&record, game.as_ref(), seat, path, notes)
        };
        if record.version != version {
            let note = "The game moved on since that panel was drawn, so that tap did nothing; \
                        here is where it stands now.";
            return panel(&[], vec![note.to_owned()]);
        }
        let steps = named_steps(&record, game.as_ref(), seat);
        let notation = match walk(&steps, path) {
            Ok(MenuNode::Step(index)) => steps[index].notation.clone(),
            Ok(MenuNode::Level { .. }) => return panel(path, Vec::new()),
            Err(_) => {
                let note = "That choice is no longer on offer; here are the choices now.";
                return panel(&[], vec![note.to_owned()]);
            }
        };
        match self.play(place, caller, &notation) {
            Ok(mut reply) => {
                let mut notes = reply
                    .private
                    .take()
                    .map(|p| vec![p.text])
                    .unwrap_or_default();
                let Some(record) = self.store.open_game(&place.channel)? else {
                    // The step ended the game and freed the channel: the result is in the channel.
                    notes.push("The game is over; the result is posted in the channel.".into());
                    reply.panel = Some(Panel {
                        text: notes.join("\n"),
                        image: None,
                        version: record.version + 1,
                        path: Vec::new(),
                        chosen: Vec::new(),
                        choices: Vec::new(),
                        undo: false,
                    });
                    return Ok(reply);
                };
                let game = self.live_game(&record)?;
                let drawn = self.panel_reply(&record, game.as_ref(), seat, &[], notes)?;
                reply.panel = drawn.panel;
                Ok(reply)
            }
            // A refused step changed nothing: the panel is drawn from the game as it was.
            Err(error @ (TableError::IllegalMove { .. } | TableError::NotYourTurn { .. })) => {
                panel(&[], vec![error.to_string()])
            }
            Err(error) => Err(error),
        }
    }

    /// A reply holding `seat`'s panel of `game` (`record`'s) at `path`, headed by `notes` (what the last
    /// tap did).
    fn panel_reply(
        &self,
        record: &GameRecord,
        game: &dyn LiveGame,
        seat: Seat,
        path: &[usize],
        notes: Vec<String>,
    ) -> Result<Reply, TableError> {
        let acting = game.to_act().includes(seat);
        let (chosen, choices) = if acting {
            match walk(&named_steps(record, game, seat), path) {
                Ok(MenuNode::Level { chosen, choices }) => (chosen, choices),
                Ok(MenuNode::Step(_)) | Err(_) => (Vec::new(), Vec::new()),
            }
        } else {
            (Vec::new(), Vec::new())
        };
        let mut lines = notes;
        if let Some(outcome) = game.outcome() {
            lines.push(super::play::standings_text(record, &outcome));
        } else if acting {
            lines.push(match game.decision_owed(seat) {
                Some(decision) => format!("Your decision: {decision}."),
                None => "Your turn.".to_owned(),
            });
        } else {
            lines.push(format!(
                "It is not your turn: waiting for {}.",
                names_to_act(record, game)
            ));
        }
        if let Some(standing) = game.standing_line(Viewer::Seat(seat), &record.names()) {
            lines.push(format!("{standing}."));
        }
        let hand = game.hand_text(seat);
        if let Some(hand) = &hand {
            lines.extend(hand.lines().take(HAND_LINES).map(str::to_owned));
        }
        if !chosen.is_empty() {
            lines.push(format!("Choosing: {}", chosen.join(" › ")));
        }
        let undo = self.with_story(record, |story| story.last_person_step_is(seat))?;
        let image = self
            .options
            .pictures
            .then(|| game.panel_png(seat, &record.names()))
            .flatten()
            .map(|png| Picture {
                file_name: format!(
                    "{}-game{}-v{}-panel.png",
                    record.kind, record.id, record.version
                ),
                png,
                description: Some(clip_description(
                    hand.as_deref().unwrap_or("Your view of the game."),
                )),
            });
        Ok(Reply {
            panel: Some(Panel {
                text: lines.join("\n"),
                image,
                version: record.version,
                path: path.to_vec(),
                chosen,
                choices,
                undo,
            }),
            ..Reply::default()
        })
    }
}

/// `text` within Discord's limit on a picture's description.
pub(super) fn clip_description(text: &str) -> String {
    crate::excerpt::clip(text, DESCRIPTION_CHARS)
}

/// `seat`'s legal steps with the players' names filled into their labels and menu parts.
pub(super) fn named_steps(record: &GameRecord, game: &dyn LiveGame, seat: Seat) -> Vec<MenuStep> {
    let names = seat_names(record);
    game.menu(seat)
        .into_iter()
        .map(|step| MenuStep {
            label: names.fill(&step.label),
            path: step.path.iter().map(|part| names.fill(part)).collect(),
            notation: step.notation,
        })
        .collect()
}
