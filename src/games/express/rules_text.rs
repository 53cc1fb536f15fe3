//! The rules text `/rules express` shows: our summary (`rules.md`) followed by the rulings that are ours
//! rather than the printed rules', listed from the tables that hold them so the list cannot drift.

use std::fmt::Write;
use std::sync::OnceLock;

use super::cards::{CARDS, Class};
use super::disasters::DISASTERS;
use super::rulings::PROVISIONAL;
use crate::plural::counted;

/// The summary followed by the list of provisional rulings.
pub fn text() -> &'static str {
    static TEXT: OnceLock<String> = OnceLock::new();
    TEXT.get_or_init(|| {
        let mut text = include_str!("rules.md").trim_end().to_owned();
        text.push_str("\n\n");
        text.push_str(&card_words());
        text.push_str("\n## Provisional rulings\n\nThe printed base rules were not available; these are our rulings until they are checked:\n");
        for ruling in provisional_rulings() {
            write!(text, "\n- {ruling}").ok();
        }
        text.push('\n');
        text
    })
}

/// The section listing the word each card is typed as (`start box wild=tank`), its points and copies,
/// one row per row of the deck table.
fn card_words() -> String {
    let mut text = String::from(
        "## Card words\n\n\
         Commands name cards by these words (`start box reefer`, `discard wreck 2.1`, `wild=tank`). \
         Points are a car's value on a train and what any card costs left in hand.\n\n\
         | word | card | kind | points | copies (4–6 players / 2–3) |\n|---|---|---|---|---|\n",
    );
    for card in &CARDS {
        writeln!(
            text,
            "| `{}` | {} | {} | {} | {} / {} |",
            card.code,
            card.name,
            class_name(card.class),
            card.value,
            card.copies,
            card.copies_few
        )
        .ok();
    }
    text
}

/// A class as the card words table names it.
fn class_name(class: Class) -> &'static str {
    match class {
        Class::Freight => "freight car",
        Class::Passenger => "passenger car",
        Class::Wild => "Wild Car",
        Class::Caboose => "Caboose",
        Class::Disaster => "Disaster",
        Class::WayCar => "Way Car",
        Class::Turntable => "Turntable",
    }
}

/// Every provisional ruling: the general ones, then each card's and each Disaster's.
pub fn provisional_rulings() -> Vec<String> {
    let general = PROVISIONAL.iter().map(|r| (*r).to_owned());
    let cards = CARDS.iter().filter_map(|c| {
        c.provisional.map(|what| {
            format!(
                "{} ({}, {} copies): our ruling on its {what}",
                c.name,
                counted(c.value, "point"),
                c.copies
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
    use crate::games::express::cards::Kind;

    #[test]
    fn the_rules_list_every_card_word_and_each_word_reads_back_as_its_card() {
        let text = text();
        let listed = text
            .split("## Card words")
            .nth(1)
            .and_then(|rest| rest.split("\n## ").next())
            .expect("a section of card words");
        for card in &CARDS {
            let row = listed
                .lines()
                .find(|l| l.starts_with(&format!("| `{}` |", card.code)))
                .unwrap_or_else(|| panic!("no row for {}: {listed}", card.name));
            assert!(row.contains(&format!("| {} |", card.name)), "{row}");
            assert_eq!(Kind::parse(card.code), Some(card.kind), "{row}");
        }
        for word in ["box", "reefer"] {
            assert!(listed.contains(&format!("| `{word}` |")), "{word}");
        }
    }

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
