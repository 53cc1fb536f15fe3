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
                "{} ({} points, {} copies): our ruling on its {what}",
                c.name, c.value, c.copies
            )
        })
    });
    let disasters = DISASTERS
        .iter()
        .filter_map(|d| d.provisional.map(|what| format!("{}: {what}", d.disaster)));
    general.chain(cards).chain(disasters).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rules_list_every_provisional_ruling_of_the_tables() {
        let text = text();
        assert!(text.starts_with("# Express"));
        let listed = text
            .split("## Provisional rulings")
            .nth(1)
            .expect("a section of provisional rulings");
        for ruling in PROVISIONAL {
            assert!(listed.contains(ruling), "{ruling}");
        }
        for card in CARDS.iter().filter(|c| c.provisional.is_some()) {
            assert!(
                listed.contains(&format!("- {} (", card.name)),
                "{}",
                card.name
            );
        }
        for spec in DISASTERS.iter().filter(|d| d.provisional.is_some()) {
            assert!(
                listed.contains(&format!("- {}:", spec.disaster)),
                "{}",
                spec.disaster
            );
        }
        let marked = CARDS.iter().filter(|c| c.provisional.is_some()).count()
            + DISASTERS.iter().filter(|d| d.provisional.is_some()).count()
            + PROVISIONAL.len();
        assert_eq!(listed.matches("\n- ").count(), marked);
    }
}
