//! The words of Whistlewood events. They are built only when someone reads them (see
//! [`crate::games::narration::Sink`]), so plain formatting is fine here.

use std::fmt::{self, Display};

use super::cars::{COLOURS, Owner, TileType};
use super::notation::Row;
use super::rules::Whistlewood;
use crate::game::{Event, Seat, seat_ref};
use crate::plural::with_article;

/// Who did something: a seat (written as a seat token) or the Automa.
#[derive(Clone, Copy, Debug)]
pub enum Who {
    /// A player.
    Seat(Seat),
    /// The solo game's Automa.
    Automa,
}

impl Display for Who {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Who::Seat(seat) => f.write_str(&seat_ref(*seat)),
            Who::Automa => f.write_str("The Automa"),
        }
    }
}

/// The direction is chosen.
pub fn direction(chooser: Seat, start: Owner, from_left: bool, solo: bool) -> Event {
    let (end, way) = if from_left {
        ("left", "right")
    } else {
        ("right", "left")
    };
    let who = if solo {
        format!("{} sets the locomotive for the Automa", seat_ref(chooser))
    } else {
        format!(
            "{} ({}) starts and sets the locomotive",
            seat_ref(chooser),
            COLOURS[start]
        )
    };
    Event::public(format!(
        "{who} at the {end} end: the train travels {way} all game."
    ))
}

/// A player's turn begins.
pub fn turn_begins(who: Who, round: u32) -> Event {
    Event::public(format!("Round {round}: {who}'s turn."))
}

/// A player discarded tiles face down.
pub fn discarded(who: Who, count: usize) -> Event {
    Event::public(match count {
        0 => format!("{who} keeps their hand."),
        1 => format!("{who} discards 1 tile face down."),
        n => format!("{who} discards {n} tiles face down."),
    })
}

/// A discard pile became the draw pile.
pub fn reshuffled(who: Who) -> Event {
    Event::public(format!(
        "{who} shuffles their discard pile into a new draw pile."
    ))
}

/// What a player drew (only they read it).
pub fn drew(seat: Seat, tiles: &[TileType]) -> Event {
    let names: Vec<String> = tiles.iter().map(|t| t.describe()).collect();
    Event::private(
        seat,
        if names.is_empty() {
            "You draw nothing: your piles are empty.".to_owned()
        } else {
            format!("You draw: {}.", names.join(", "))
        },
    )
}

/// A tile joined the train. The Automa's comes from the top of its hidden pile, so it reveals.
pub fn placed(who: Who, tile: TileType, column: i32) -> Event {
    let text = format!(
        "{who} places {} at the end of the train (column {column}).",
        with_article(&tile.describe())
    );
    match who {
        Who::Automa => Event::revealing(text),
        Who::Seat(_) => Event::public(text),
    }
}

/// The train advanced by itself after a placement.
pub fn auto_advance(loco: i8) -> Event {
    Event::public(format!(
        "Three cars stand before the map: the train advances by itself (locomotive at column {loco})."
    ))
}

/// The automatic advance that waited for this action happened.
pub fn deferred_advance(loco: i8) -> Event {
    Event::public(format!(
        "The waiting automatic advance happens now (locomotive at column {loco})."
    ))
}

/// A car claimed a card.
pub fn claimed(who: Who, tile: TileType, card: &str, row: Row, column: usize) -> Event {
    Event::public(format!(
        "{who} claims the {card} ({} of column {column}) with {}; the train closes up.",
        row.word(),
        with_article(&tile.describe())
    ))
}

/// The train moved forward as an action.
pub fn advanced(who: Who, loco: i8) -> Event {
    Event::public(format!(
        "{who} advances the train (locomotive at column {loco})."
    ))
}

/// A Shunt was resolved.
pub fn shunted(moved: bool, loco: i8, advance_waits: bool) -> Event {
    let mut text = if moved {
        format!("Shunt: the train moves back one card (locomotive at column {loco}).")
    } else {
        "Shunt: the train is at its starting position and cannot move back.".to_owned()
    };
    if advance_waits {
        text.push_str(
            " Three cars stand before the map: the automatic advance waits for the next action.",
        );
    }
    Event::public(text)
}

/// A Bonus Action had nothing legal to do.
pub fn bonus_action_lost() -> Event {
    Event::public("No action is possible: the Bonus Action is lost.")
}

/// A player had actions left but no legal one.
pub fn no_action_left(who: Who) -> Event {
    Event::public(format!("{who} has no legal action left; the turn ends."))
}

/// A player placed their last tile.
pub fn last_tile(who: Who, last: Who, other_plays: bool) -> Event {
    Event::public(if other_plays {
        format!("{who} has placed their last tile: {last} takes one final turn after this one.")
    } else {
        format!("{who} has placed their last tile: the game ends after this turn.")
    })
}

/// The last free Station track was filled.
pub fn stations_full() -> Event {
    Event::public("Every Station track is taken: the game ends at once.")
}

/// The Automa's turn begins.
pub fn automa_turn() -> Event {
    Event::public("The Automa's turn:")
}

/// The Automa wanted to advance but may not.
pub fn automa_cannot_advance() -> Event {
    Event::public("The Automa would advance, but the train's rear has passed the last card.")
}

/// The final scores.
pub fn game_over(game: &Whistlewood) -> Event {
    let scores = game.scores();
    let parts: Vec<String> = (0..2)
        .map(|owner| format!("{} {}", game.who(owner), scores[owner].total))
        .collect();
    Event::public(format!("Game over: {}.", parts.join(", ")))
}
