//! The rules text `/rules express` shows: our summary (`rules.md`) followed by the rulings that are ours
//! rather than the printed rules', listed from the tables that hold them so the list cannot drift.

use std::fmt::Write;
use std::sync::OnceLock;

use super::cards::CARDS;
use super::disasters::DISASTERS;
use super::rulings::PROVISIONAL;

/// The summary followed by the list of provisional rulings.
pub fn text() -> &'static str {
    static TEXT: OnceLock<String> = OnceLock::new();
    TEXT.get_or_init(|| {
        let mut text = include_str!("rules.md").trim_end().to_owned();
        text.push_str("\n\n## Provisional rulings\n\nThe printed base rules were not available; these are our rulings until they are checked:\n");
        for ruling in provisional_rulings() {
            write!(text, "\n- {ruling}").ok();
        }
        text.push('\n');
        text
    })
}

/// Every provisional ruling: the general ones, then each card's and each Disaster's.
pub fn provisional_rulings() -> Vec<String> {
    let general = PROVISIONAL.iter().map(|r| (*r).to_owned());
    let cards = CARDS.iter().filter_map(|c| {
        c.provisional.map(|what| {
            format!(
                "{}: {what} (value {}, {} copies)",
                c.name, c.value, c.copies
            )
        })
    });
    let disasters = DISASTERS
        .iter()
        .filter_map(|d| d.provisional.map(|what| format!("{}: {what}", d.disaster)));
    general.chain(cards).chain(disasters).collect()
}
