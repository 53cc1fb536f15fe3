//! A toy game for the search's tests, small enough that perfect play is known: Nim with one pile, two
//! seats taking 1, 2 or 3 in turn, and the seat that takes the last counter wins. A pile that is a
//! multiple of 4 is lost for the seat to move; from any other pile, taking the remainder wins.

use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::SearchBot;
use crate::game::{
    Actor, BotPlayer, Game, GameRng, OptionSpec, Outcome, Participant, RuleError, Seat, SeatSight,
    SetupError, Standing, ToAct, Viewer,
};
use crate::games::narration::Sink;

/// A pile and whose turn it is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Nim {
    pub pile: u32,
    pub to_move: Seat,
    /// Who took the last counter, once the pile is empty.
    pub winner: Option<Seat>,
}

/// Taking this many counters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Take(pub u32);

impl fmt::Display for Take {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "take {}", self.0)
    }
}

impl FromStr for Take {
    type Err = RuleError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        text.trim_start_matches("take ")
            .parse()
            .map(Take)
            .map_err(|_| RuleError::new("take 1, 2 or 3"))
    }
}

impl Game for Nim {
    type Options = ();
    type Setup = u32;
    type Action = Take;
    type View = Nim;

    const ID: &'static str = "nim";
    const NAME: &'static str = "Nim";
    const OPTIONS: &'static [OptionSpec] = &[];
    const HIDES_INFORMATION: bool = false;

    fn seats() -> RangeInclusive<usize> {
        2..=2
    }

    fn deal(_options: &(), _players: usize, _rng: &mut GameRng) -> u32 {
        10
    }

    fn start(_options: (), _players: usize, pile: u32, _seed: u64) -> Result<Self, SetupError> {
        Ok(Nim {
            pile,
            to_move: 0,
            winner: None,
        })
    }

    fn players(&self) -> usize {
        2
    }

    fn to_act(&self) -> ToAct {
        if self.winner.is_some() {
            ToAct::Over
        } else {
            ToAct::one(self.to_move)
        }
    }

    fn legal(&self, seat: Seat) -> Vec<Take> {
        if self.winner.is_some() || seat != self.to_move {
            return Vec::new();
        }
        (1..=self.pile.min(3)).map(Take).collect()
    }

    fn label(&self, action: &Take) -> String {
        action.to_string()
    }

    fn play_step(
        &mut self,
        actor: Actor,
        action: &Take,
        _sink: &mut impl Sink,
    ) -> Result<(), RuleError> {
        let seat = actor.player()?;
        if !self.legal(seat).contains(action) {
            return Err(RuleError::new("not a legal take"));
        }
        self.pile -= action.0;
        if self.pile == 0 {
            self.winner = Some(seat);
        }
        self.to_move = 1 - seat;
        Ok(())
    }

    fn view(&self, _viewer: Viewer) -> Nim {
        self.clone()
    }

    fn outcome(&self) -> Option<Outcome> {
        let winner = self.winner?;
        let standing = |seat: Seat, place| Standing {
            participant: Participant::Seat(seat),
            score: i32::from(seat == winner),
            place,
            detail: String::new(),
        };
        Some(Outcome {
            standings: vec![standing(winner, 1), standing(1 - winner, 2)],
            tie_break: None,
        })
    }

    fn resample_hidden(&self, _viewer: Viewer, _rng: &mut GameRng) -> Self {
        self.clone()
    }
}

impl BotPlayer for Nim {
    /// Always takes one.
    fn choose(_sight: &SeatSight<'_, Nim>, _rng: &mut GameRng) -> Take {
        Take(1)
    }
}

impl SearchBot for Nim {
    const HARD_ITERATIONS: u32 = 3000;
    const PLAYOUT_STEPS: u32 = 100;

    fn win_chances(&self) -> Vec<f64> {
        vec![0.5, 0.5]
    }
}
