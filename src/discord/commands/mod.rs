//! The slash commands. Games are reached through the registry, so a new game needs nothing here.

mod autocomplete;
mod game;
mod info;
mod play;
mod puzzle;

use super::{Data, Error};

/// Every command the bot registers.
pub fn all() -> Vec<poise::Command<Data, Error>> {
    vec![
        game::game(),
        play::make_move(),
        play::turn(),
        play::hand(),
        info::rules(),
        info::stats(),
        info::leaderboard(),
        puzzle::puzzle(),
    ]
}
