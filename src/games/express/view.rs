//! What one viewer may see of an Express table: every train's cars, laid Way Cars, the discard pile, the
//! Disaster slot, set-aside cards, hand sizes and the draw pile's size; a hand and Locos only by their
//! owner. Pictures and messages are made from this only.

use serde::Serialize;

use super::cards::Kind;
use super::scoring::train_value;
use super::state::{Express, LaidWayCar, Phase};
use super::train::Car;
use crate::game::{Game, Outcome, Seat, Viewer};

/// A train as the viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TrainView {
    /// The Loco, for its owner only.
    pub loco: Option<Kind>,
    /// The cars, front first.
    pub cars: Vec<Car>,
    /// What it is worth now.
    pub value: i32,
}

/// One seat as the viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeatView {
    /// Cards in hand.
    pub hand_size: usize,
    /// The hand, for its owner only.
    pub hand: Option<Vec<Kind>>,
    /// The trains.
    pub trains: Vec<TrainView>,
    /// The laid Way Cars (permanent ones blocked a Disaster).
    pub way_cars: Vec<LaidWayCar>,
    /// Turns still to skip.
    pub skips: u8,
    /// The total over the finished hands.
    pub total: i32,
}

/// Where the turn is, as everyone may know it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PhaseView {
    /// The current seat draws.
    Draw,
    /// The current seat melds and discards.
    Meld,
    /// The target decides whether to block this Disaster of the attacker.
    Block {
        /// The Disaster.
        card: Kind,
        /// Who played it.
        attacker: Seat,
        /// Who decides.
        target: Seat,
    },
    /// The game is over.
    Over,
}

/// What one viewer may see.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ExpressView {
    /// Who is looking.
    pub viewer: Viewer,
    /// The hand under way, from 1.
    pub hand_number: u32,
    /// Its dealer.
    pub dealer: Seat,
    /// Whose turn it is.
    pub current: Seat,
    /// Where the turn is.
    pub phase: PhaseView,
    /// Whether play goes to the next seat number.
    pub clockwise: bool,
    /// Whether the first round is under way (no Disasters, no going out).
    pub first_round: bool,
    /// Cards in the draw pile.
    pub draw_size: usize,
    /// The discard pile, top last.
    pub discard: Vec<Kind>,
    /// The Disaster slot.
    pub disaster_slot: Vec<Kind>,
    /// Turntables played this hand.
    pub turntables_played: u8,
    /// Set-aside cards of impossible hands.
    pub set_aside: Vec<Kind>,
    /// Reshuffles this hand.
    pub reshuffles: u32,
    /// Each seat.
    pub seats: Vec<SeatView>,
    /// Each finished hand's points by seat.
    pub hand_points: Vec<Vec<i32>>,
    /// The points that end the game.
    pub target: i32,
    /// Whether the deadline has passed: the hand under way is the last.
    pub last_hand: bool,
    /// The result once the game is over, with how tied totals share a place; every part of it is public.
    pub outcome: Option<Outcome>,
}

impl ExpressView {
    /// What `viewer` sees of `game`.
    pub fn new(game: &Express, viewer: Viewer) -> ExpressView {
        let sees = |seat: Seat| viewer == Viewer::Seat(seat);
        let seats = game
            .seats
            .iter()
            .enumerate()
            .map(|(seat, cards)| SeatView {
                hand_size: cards.hand.len(),
                hand: sees(seat).then(|| cards.hand.clone()),
                trains: cards
                    .trains
                    .iter()
                    .map(|t| TrainView {
                        loco: sees(seat).then_some(t.loco),
                        cars: t.cars.clone(),
                        value: train_value(t),
                    })
                    .collect(),
                way_cars: cards.way_cars.clone(),
                skips: cards.skips,
                total: game.totals[seat],
            })
            .collect();
        let phase = match game.phase {
            Phase::Draw => PhaseView::Draw,
            Phase::Meld => PhaseView::Meld,
            Phase::Over => PhaseView::Over,
            Phase::Block(p) => PhaseView::Block {
                card: p.card,
                attacker: p.attacker,
                target: super::notation::Target::from(p.target).seat(),
            },
        };
        ExpressView {
            viewer,
            hand_number: game.hand_number,
            dealer: game.dealer,
            current: game.current,
            phase,
            clockwise: game.clockwise,
            first_round: game.first_round,
            draw_size: game.draw.len(),
            discard: game.discard.clone(),
            disaster_slot: game.slot.clone(),
            turntables_played: game.turntables_played,
            set_aside: game.set_aside.clone(),
            reshuffles: game.reshuffles,
            seats,
            hand_points: game
                .history
                .iter()
                .map(|(scores, _)| scores.iter().map(|s| s.total()).collect())
                .collect(),
            target: game.options.target.points(),
            last_hand: game.deadline_passed,
            outcome: game.outcome(),
        }
    }
}
