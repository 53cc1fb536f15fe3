//! The five Disasters as data: which Way Car stops each, what it aims at, what it does, and whether a
//! Caboose protects from it.

use super::cards::Kind;

/// What a Disaster is played on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Aim {
    /// A train with at least one car and no Caboose.
    TrainWithoutCaboose,
    /// Any train.
    AnyTrain,
    /// A player.
    Player,
    /// One of the attacker's trains and one other train.
    OwnTrainAndOther,
}

/// What a Disaster does when nothing stops it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// The last car of the target train goes to the Disaster slot.
    BreakLastCar,
    /// The target player skips their next turn.
    SkipTurn,
    /// The attacker takes the last car of the target train into hand.
    StealLastCar,
    /// The Locos of the attacker's train and the target train change places, unseen.
    SwitchLocos,
    /// The target train and its Loco go to the Disaster slot.
    WreckTrain,
}

/// One row of the Disaster table.
#[derive(Clone, Copy, Debug)]
pub struct DisasterSpec {
    /// The Disaster card.
    pub disaster: Kind,
    /// The Way Car that stops it.
    pub way_car: Kind,
    /// What it is played on.
    pub aim: Aim,
    /// What it does.
    pub effect: Effect,
    /// Why a detail of this row is our ruling, if it is.
    pub provisional: Option<&'static str>,
}

/// The Disasters, each beside the Way Car that stops it.
pub const DISASTERS: [DisasterSpec; 5] = [
    DisasterSpec {
        disaster: Kind::BrokenCar,
        way_car: Kind::LightCrane,
        aim: Aim::TrainWithoutCaboose,
        effect: Effect::BreakLastCar,
        provisional: Some(
            "the broken car goes to the Disaster slot; an emptied train's Loco returns to hand",
        ),
    },
    DisasterSpec {
        disaster: Kind::Derailment,
        way_car: Kind::Boom,
        aim: Aim::Player,
        effect: Effect::SkipTurn,
        provisional: Some(
            "the target skips their next turn; skips add up and lapse at the end of the hand",
        ),
    },
    DisasterSpec {
        disaster: Kind::StealCar,
        way_car: Kind::Office,
        aim: Aim::TrainWithoutCaboose,
        effect: Effect::StealLastCar,
        provisional: Some(
            "the attacker takes the last car into hand; a stolen Wild is plain again",
        ),
    },
    DisasterSpec {
        disaster: Kind::SwitchEngines,
        way_car: Kind::Transfer,
        aim: Aim::OwnTrainAndOther,
        effect: Effect::SwitchLocos,
        provisional: Some(
            "one of the attacker's Locos changes places with the target train's, unseen",
        ),
    },
    DisasterSpec {
        disaster: Kind::Wreck,
        way_car: Kind::HeavyCrane,
        aim: Aim::AnyTrain,
        effect: Effect::WreckTrain,
        provisional: Some("the whole train goes to the Disaster slot, its Loco face up"),
    },
];

/// The row of a Disaster card.
pub fn disaster(kind: Kind) -> Option<&'static DisasterSpec> {
    DISASTERS.iter().find(|d| d.disaster == kind)
}

/// The row of the Disaster a Way Car stops.
pub fn stopped_by(way_car: Kind) -> Option<&'static DisasterSpec> {
    DISASTERS.iter().find(|d| d.way_car == way_car)
}
