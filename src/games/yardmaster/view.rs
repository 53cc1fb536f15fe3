//! What one viewer may see of a Yardmaster table. Renderers and messages are made from this only.

use serde::Serialize;

use super::cards::Face;
use super::train::{self, Slot};
use crate::game::{Outcome, Seat, Viewer};

/// One card in a train as a viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CardView {
    /// The face, when the viewer may see it: always for face-up cards; for face-down cards only their
    /// owner (and everyone once the game is over).
    pub face: Option<Face>,
    /// Whether the card lies face up.
    pub face_up: bool,
}

/// A score as it would stand if the game ended now (all public: face-down cards are worth 4 whatever
/// their faces).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ScoreView {
    /// The railcar values of the train.
    pub train: i32,
    /// The longest-run bonus the seat would get now.
    pub run_bonus: i32,
    /// The caboose points the seat would get now.
    pub caboose: i32,
    /// Points from the first game of a match (0 otherwise).
    pub earlier_games: i32,
    /// Everything added.
    pub total: i32,
}

/// One player's train and score.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TrainView {
    /// The seat that owns it.
    pub seat: Seat,
    /// The cards after the Engine, left to right.
    pub cards: Vec<CardView>,
    /// The seat's longest cargo run now.
    pub longest_run: usize,
    /// Its score as it would stand now.
    pub score: ScoreView,
    /// Whether this seat holds the travelling hand.
    pub holds_hand: bool,
    /// Whether this seat keeps a card for its next turn (turn variant).
    pub keeps_card: bool,
}

/// The caboose in play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CabooseView {
    /// Its name.
    pub name: &'static str,
    /// Its points.
    pub points: i32,
    /// Its condition in words.
    pub condition: &'static str,
}

/// Everything one viewer may see.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct YardmasterView {
    /// Who is looking.
    pub viewer: Viewer,
    /// How many seats play.
    pub players: usize,
    /// Which game of the match (1 or 2).
    pub game_number: u8,
    /// How many games the match has (1 or 2).
    pub games: u8,
    /// The current round (1-based; the last round once the game is over).
    pub round: u32,
    /// How many rounds a game has.
    pub rounds: u32,
    /// The start player of the current game.
    pub start_player: Seat,
    /// Whether the hand passes to the left (clockwise).
    pub clockwise: bool,
    /// The seat whose turn it is (none once over).
    pub to_act: Option<Seat>,
    /// Cards left in the draw deck.
    pub deck_left: usize,
    /// How many cards the travelling hand holds now.
    pub hand_size: usize,
    /// The travelling hand, only for the seat holding it (its kept card included in the turn variant).
    pub hand: Option<Vec<Face>>,
    /// The card the viewer keeps for its next turn (turn variant), only for that seat.
    pub kept: Option<Face>,
    /// Every train in seat order.
    pub trains: Vec<TrainView>,
    /// The longest cargo run on the table now (0 if no run yet).
    pub longest_run: usize,
    /// The caboose, if playing with one.
    pub caboose: Option<CabooseView>,
    /// Whether the turn variant is on (draw at the end of the turn).
    pub draw_at_end: bool,
    /// The result, once the whole match is over.
    pub outcome: Option<Outcome>,
}

impl YardmasterView {
    /// The right end of the viewer's own train, which a card added face up must connect to: the
    /// right railcar of its last card when that lies face up, else Wild (the Engine, a face-down card,
    /// or a spectator's view).
    pub fn own_end(&self) -> Slot {
        let Viewer::Seat(seat) = self.viewer else {
            return Slot::Wild;
        };
        match self.trains.get(seat).and_then(|t| t.cards.last()) {
            Some(CardView {
                face: Some(face),
                face_up: true,
            }) => Slot::Car(face.right),
            _ => Slot::Wild,
        }
    }

    /// Whether `face` may join the viewer's own train face up now.
    pub fn fits_face_up(&self, face: Face) -> bool {
        train::connects(self.own_end(), face)
    }

    /// The cards the viewer laid face down in its own train, with their place (railcars counted from 1
    /// at the Engine); empty for a spectator. Only the owner's view holds their faces.
    pub fn own_face_down(&self) -> Vec<(usize, Face)> {
        let Viewer::Seat(seat) = self.viewer else {
            return Vec::new();
        };
        self.trains
            .get(seat)
            .into_iter()
            .flat_map(|train| train.cards.iter().enumerate())
            .filter(|(_, card)| !card.face_up)
            .filter_map(|(i, card)| card.face.map(|face| (i + 1, face)))
            .collect()
    }
}
