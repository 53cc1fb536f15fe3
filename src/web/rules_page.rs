//! A game's rules summary, from the Markdown the game ships (`rules.md`), as HTML. The text is our own,
//! but raw HTML in it is still shown as text, never passed through.

use pulldown_cmark::{Event, Options, Parser, html};

use crate::games::adapter::GameKind;

use super::html::page;

/// The rules page of `kind`.
pub(super) fn rules_page(kind: &dyn GameKind) -> String {
    let events =
        Parser::new_ext(kind.rules_text(), Options::ENABLE_TABLES).map(|event| match event {
            Event::Html(raw) | Event::InlineHtml(raw) => Event::Text(raw),
            other => other,
        });
    let mut main = String::new();
    html::push_html(&mut main, events);
    if !main.trim_start().starts_with("<h1>") {
        main.insert_str(
            0,
            &format!("<h1>{}</h1>\n", super::html::escape(kind.name())),
        );
    }
    page(&format!("Rules of {}", kind.name()), &main, false)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games;

    #[test]
    fn every_games_rules_open_with_one_top_heading_and_carry_no_raw_markup() {
        for kind in games::REGISTRY {
            let html = rules_page(*kind);
            assert_eq!(html.matches("<h1>").count(), 1, "{}", kind.id());
            assert!(!html.contains("<script"), "{}", kind.id());
            let first_heading = html.find("<h2>").unwrap_or(usize::MAX);
            assert!(html.find("<h1>").unwrap() < first_heading, "{}", kind.id());
        }
    }
}
