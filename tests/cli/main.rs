//! The `roundhouse` binary run as people run it: terminal play, replay, puzzles and every README command.
//! One test crate for all of them.

#[path = "../support/cli.rs"]
mod run;

mod bot_levels_cli;
mod cli;
mod closed_pipe;
mod daily_cli;
mod db_cli;
mod deployment;
mod export_cli;
mod readme;
mod replay_setups;
mod shunting_cli;
mod web_cli;
