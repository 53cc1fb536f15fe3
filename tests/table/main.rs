//! The table layer, the store and the terminal console: lobbies, turns, undo, absence, errors, the daily
//! puzzle and stored games, without Discord. One test crate for all of them.

#[macro_use]
#[path = "../support/test_db.rs"]
mod test_db;

#[path = "../support/cuttable_proxy.rs"]
mod cuttable_proxy;
#[path = "../support/round_trip_proxy.rs"]
mod round_trip_proxy;
// Each test crate reads the fields of the stored games it needs, not all of them.
#[allow(dead_code)]
#[path = "../support/stored_games.rs"]
mod stored;

mod bot_levels;
mod console;
mod console_prompt;
mod daily_clock;
mod daily_store;
mod daily_table;
mod db_copy;
mod db_outage;
mod express_clock;
mod flood;
mod game_export;
mod game_replay;
mod replay_animation;
mod replay_post;
mod shards;
mod shunting_game;
mod solo_results;
mod store;
mod store_round_trips;
mod store_threads;
mod table;
mod table_absence;
mod table_errors;
mod table_permissions;
mod turn_panel;
mod unreadable_snapshots;
mod whistlewood_table;
