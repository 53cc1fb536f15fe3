//! CPU time spent by processes, read from `/proc` (Linux), to say which process a load's time goes
//! to: the bot's, the database server's or the bench's own (the fake Discord and its players).

use std::time::Duration;

/// The ticks `/proc/PID/stat` counts its times in (`USER_HZ`, fixed at 100 on Linux).
const TICKS_PER_SECOND: u64 = 100;

/// User plus system CPU time of process `pid` (all its threads) so far; zero if it is gone.
pub fn of_process(pid: u32) -> Duration {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    ticks(&stat).map_or(Duration::ZERO, |t| {
        Duration::from_millis(t * 1000 / TICKS_PER_SECOND)
    })
}

/// CPU time so far of every process on the machine whose command is `name` (such as `postgres`,
/// whose server runs a process for each connection).
pub fn of_command(name: &str) -> Duration {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Duration::ZERO;
    };
    entries
        .flatten()
        .filter_map(|entry| entry.file_name().to_str()?.parse::<u32>().ok())
        .filter(|pid| {
            std::fs::read_to_string(format!("/proc/{pid}/comm")).is_ok_and(|c| c.trim() == name)
        })
        .map(of_process)
        .sum()
}

/// `utime + stime` of a `/proc/PID/stat` line: fields 14 and 15, counted after the command name,
/// which is in parentheses and may hold spaces.
fn ticks(stat: &str) -> Option<u64> {
    let after_name = &stat[stat.rfind(')')? + 1..];
    let mut fields = after_name.split_whitespace().skip(11);
    let user: u64 = fields.next()?.parse().ok()?;
    let system: u64 = fields.next()?.parse().ok()?;
    Some(user + system)
}
