//! The real `roundhouse serve` started as a process of its own against the fake Discord, for the
//! benches that measure it.

use std::path::Path;
use std::process::Stdio;
use std::time::Duration;

use crate::fake_discord::FakeDiscord;
use crate::serve_process::ServeProcess;

/// Writes `dir/NAME.toml` with `settings` plus the fake's address and `warn` logs, and starts
/// `roundhouse serve` with it; its output goes to the bench's.
///
/// A process of its own cannot be handed an HTTP client: it reaches the fake through `api_url`, the
/// setting for a rate-limiting proxy in front of Discord, with the bot's own limiter off. Such a
/// proxy holds requests back instead of answering 429, and the bench measures the bot, not
/// Discord's limits: channel posts are not limited on the fake (the moves of a flood or of many
/// channels post faster than the fake's default of 50 a second per channel).
pub fn start_serve(fake: &FakeDiscord, dir: &Path, name: &str, settings: &str) -> ServeProcess {
    fake.route_limit("POST /channels", u32::MAX, Duration::from_secs(1));
    let config = dir.join(format!("{name}.toml"));
    std::fs::write(
        &config,
        format!(
            "api_url = \"{}\"\nlog_level = \"warn\"\n{settings}",
            fake.api_url()
        ),
    )
    .expect("config");
    ServeProcess::start(&config, dir, Stdio::inherit(), Stdio::inherit())
}

/// The resident memory of process `pid`, as `/proc` reports it.
pub fn resident_memory(pid: u32) -> String {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find(|l| l.starts_with("VmRSS:"))
        .unwrap_or("VmRSS: unknown")
        .trim()
        .to_owned()
}
