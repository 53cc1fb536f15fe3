//! The rules text `/rules coal_train` shows: our summary (`rules.md`) followed by the income tracks,
//! written from the content edition that plays them, so the list cannot drift from the game.

use std::fmt::Write;
use std::sync::OnceLock;

use super::content::Content;
use super::resources::Track;

/// The summary followed by the income tracks.
pub fn text() -> &'static str {
    static TEXT: OnceLock<String> = OnceLock::new();
    TEXT.get_or_init(|| {
        let mut text = include_str!("rules.md").trim_end().to_owned();
        text.push_str("\n\n");
        text.push_str(&income_tracks(Content::get()));
        text
    })
}

/// What each track is called on a player's board.
fn track_name(track: Track) -> &'static str {
    match track {
        Track::Coal => "Coal",
        Track::Iron => "Iron",
        Track::Water => "Water",
        Track::Ap => "Action points",
    }
}

/// The section on income tracks: every space's income, the start space marked.
fn income_tracks(content: &Content) -> String {
    let mut text = String::from(
        "## Income tracks\n\n\
         Each track is a row of spaces, each paying the income written on it; your marker starts on the \
         space in brackets. An income step (\"coal income +1\", a `use`, Training) moves the marker one \
         space up, and a step past the top space is lost. Neighbouring spaces may pay the same, so a step \
         does not always raise what you get.\n",
    );
    for track in Track::ALL {
        let spec = &content.tracks[track.index()];
        let spaces: Vec<String> = spec
            .spaces
            .iter()
            .enumerate()
            .map(|(space, income)| {
                if space == spec.start {
                    format!("[{income}]")
                } else {
                    income.to_string()
                }
            })
            .collect();
        write!(
            text,
            "\n- {} (`{}`): {}",
            track_name(track),
            track.word(),
            spaces.join(" · ")
        )
        .ok();
    }
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rules_list_every_income_track_space_by_space_from_the_content() {
        let content = Content::get();
        let text = text();
        assert!(text.starts_with("# Coal Train"));
        let listed = text
            .split("## Income tracks")
            .nth(1)
            .expect("a section of income tracks");
        for track in Track::ALL {
            let spec = &content.tracks[track.index()];
            let line = listed
                .lines()
                .find(|l| l.starts_with(&format!("- {} (`{}`)", track_name(track), track.word())))
                .unwrap_or_else(|| panic!("no line for {track:?}: {listed}"));
            let spaces: Vec<&str> = line
                .split_once("): ")
                .expect("spaces after the name")
                .1
                .split(" · ")
                .collect();
            assert_eq!(spaces.len(), spec.spaces.len(), "{line}");
            for (space, written) in spaces.iter().enumerate() {
                let income = spec.spaces[space].to_string();
                let expected = if space == spec.start {
                    format!("[{income}]")
                } else {
                    income
                };
                assert_eq!(*written, expected, "{line}");
            }
        }
    }
}
