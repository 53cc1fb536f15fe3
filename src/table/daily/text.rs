//! The daily puzzle in words: its heading, the goal, the result line to share, the guide.

use crate::games::shunting::daily::DailyPuzzle;
use crate::games::shunting::goal::kept_phrases;
use crate::games::shunting::{Puzzle, Rank, move_limit};
use crate::plural::counted;
pub use crate::plural::plural;
use crate::store::AttemptRecord;

/// "Roundhouse daily #21 · Saturday 2026-11-21".
pub fn heading(daily: &DailyPuzzle) -> String {
    format!(
        "Roundhouse daily #{} · {:?} {}",
        daily.number,
        daily.day.weekday(),
        daily.day
    )
}

/// "Par 12 moves · limit 20".
pub fn par(daily: &DailyPuzzle) -> String {
    let optimum = daily.optimum();
    format!(
        "Par {optimum} move{} · limit {}",
        plural(optimum),
        move_limit(optimum)
    )
}

/// What the goal asks, in one line: "Goal: Blue at U1, Red at R1".
pub fn goal_text(puzzle: &Puzzle) -> String {
    let yard = &puzzle.yard;
    let mut parts: Vec<String> = puzzle
        .goal
        .at
        .iter()
        .map(|&(piece, slot)| format!("{} at {}", puzzle.pieces[piece].name, yard.slot_name(slot)))
        .collect();
    parts.extend(puzzle.goal.facing.iter().map(|&(piece, up)| {
        let way = if up { "up" } else { "down" };
        format!("{} facing {way}", puzzle.pieces[piece].name)
    }));
    parts.extend(puzzle.goal.groups.iter().map(|group| {
        let pieces: Vec<&str> = group
            .pieces
            .iter()
            .map(|&p| puzzle.pieces[p].name.as_str())
            .collect();
        let slots: Vec<String> = group.slots.iter().map(|&s| yard.slot_name(s)).collect();
        format!("{} filled from {}", slots.join(" "), pieces.join("/"))
    }));
    parts.extend(kept_phrases(yard, &puzzle.goal));
    if parts.is_empty() {
        "Goal: none (already solved)".to_owned()
    } else {
        format!("Goal: {}", parts.join(", "))
    }
}

/// The spoiler-free result: "Roundhouse daily #21 · 14 moves · Dispatcher". No moves are shown.
pub fn share_line(record: &AttemptRecord, optimum: usize) -> String {
    let mut line = format!("Roundhouse daily #{}", record.number);
    if record.finished() && !record.finished_on_its_day() {
        line.push_str(" (archive)");
    }
    let count = record.moves.len();
    if record.solved {
        let rank = Rank::for_moves(count, optimum).map_or("unranked", Rank::name);
        line.push_str(&format!(" · {count} move{} · {rank}", plural(count)));
    } else {
        line.push_str(" · gave up");
    }
    line
}

/// The guide, one numbered move per line.
pub fn guide_text(daily: &DailyPuzzle) -> String {
    let mut text = format!(
        "Guide to daily #{} ({}, one optimal route):",
        daily.number,
        counted(daily.optimum(), "move")
    );
    for (i, step) in daily.guide.iter().enumerate() {
        text.push_str(&format!("\n{:>2}. {step}", i + 1));
    }
    text
}

/// "09:05" for minutes after midnight.
pub fn clock(minute: u32) -> String {
    format!("{:02}:{:02}", minute / 60, minute % 60)
}

/// The UTC time of day of a moment: "09:05".
pub fn time_of(unix_seconds: i64) -> String {
    clock((unix_seconds.rem_euclid(86_400) / 60) as u32)
}

/// Reads a UTC time of day, `HH:MM` (or `H:MM`, or `HH`), as minutes after midnight.
pub fn parse_clock(text: &str) -> Result<u32, String> {
    let text = text.trim();
    let bad = || {
        format!(
            "`{text}` is not a time of day: write the UTC time as HH:MM, from 00:00 to 23:59 (e.g. 09:00)."
        )
    };
    let (hours, minutes) = text.split_once(':').unwrap_or((text, "00"));
    let number = |part: &str, max: u32| {
        part.parse::<u32>()
            .ok()
            .filter(|&n| n <= max && (1..=2).contains(&part.len()))
    };
    match (number(hours, 23), number(minutes, 59)) {
        (Some(h), Some(m)) if minutes.len() == 2 => Ok(h * 60 + m),
        _ => Err(bad()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_times_are_read_strictly() {
        assert_eq!(parse_clock("09:00"), Ok(540));
        assert_eq!(parse_clock("9:05"), Ok(545));
        assert_eq!(parse_clock(" 23:59 "), Ok(1439));
        assert_eq!(parse_clock("00:00"), Ok(0));
        assert_eq!(parse_clock("7"), Ok(420));
        for bad in [
            "24:00", "12:60", "12:5", "noon", "", "-1:00", "123:00", "12:00:00",
        ] {
            assert!(parse_clock(bad).unwrap_err().contains("HH:MM"), "{bad}");
        }
        assert_eq!(clock(545), "09:05");
        assert_eq!(time_of(86_400 + 3_600 + 120), "01:02");
    }
}
