//! Support code shared by the integration tests; include it with `mod support;`.

// Each test crate uses a different part of the harness. `fake_discord_selftest` includes the
// module directly, without this allowance, so that everything in it is used somewhere.
#[allow(dead_code)]
pub mod cli;
#[allow(dead_code)]
pub mod fake_discord;
#[allow(dead_code)]
pub mod running_bot;
