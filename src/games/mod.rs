//! Every game Roundhouse plays, and the registry that maps a game id to it.

pub mod adapter;
pub mod coal_train;
pub mod express;
#[cfg(test)]
mod menu_check;
pub mod narration;
pub mod ranges;
pub mod seat_names;
pub mod shunting;
pub mod whistlewood;
pub mod yardmaster;

use adapter::GameKind;

/// Every playable game. Adding a game is one line here plus its folder.
pub static REGISTRY: &[&dyn GameKind] = &[
    &adapter::Kind::<yardmaster::Yardmaster>::new(),
    &adapter::Kind::<whistlewood::Whistlewood>::new(),
    &adapter::Kind::<shunting::game::Shunting>::new(),
    &adapter::Kind::<express::Express>::new(),
    &adapter::Kind::<coal_train::CoalTrain>::new(),
];

/// The game with this id (case-insensitive), if Roundhouse has it.
pub fn find(id: &str) -> Option<&'static dyn GameKind> {
    REGISTRY
        .iter()
        .copied()
        .find(|kind| kind.id().eq_ignore_ascii_case(id.trim()))
}
