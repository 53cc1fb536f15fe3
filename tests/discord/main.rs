//! The bot end to end against the fake Discord on loopback, and the fake's own checks against Discord's
//! documented behaviour. One test crate for all of them.

// The harness is compiled without any dead-code allowance, so this crate proves every part of it is used.
#[path = "../support/fake_discord.rs"]
mod fake_discord;
#[path = "../support/running_bot.rs"]
mod running_bot;
#[path = "../support/serve_process.rs"]
mod serve_process;
// Only the PostgreSQL database of its own that the sharded run needs; the rest serves the store tests.
#[allow(dead_code, unused_macros)]
#[path = "../support/test_db.rs"]
mod test_db;

mod announce;
mod channel_posts;
mod daily_left_claims;
mod discord;
mod discord_api;
mod discord_daily;
mod discord_votes;
mod fake_discord_selftest;
mod fake_gateway_selftest;
mod fake_shards_selftest;
mod gateway_events;
mod journey_absence;
mod journey_bot_game;
mod journey_deadline;
mod journey_panel;
mod journey_races;
mod journey_replay;
mod journey_resign;
mod journey_slow;
mod journey_support;
mod nicknames;
mod panel_support;
mod rate_limits;
mod sharded_processes;
mod shutdown;
mod startup;
mod threads;
mod turn_messages;
mod turn_panel;
