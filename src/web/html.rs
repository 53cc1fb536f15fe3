//! The few pieces every page is built from: escaping (everything a person typed, such as a player's
//! name, goes through [`escape`]) and the page around each page's content.

/// `text` made safe to put in HTML text or a double-quoted attribute.
pub(super) fn escape(text: &str) -> String {
    let mut safe = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => safe.push_str("&amp;"),
            '<' => safe.push_str("&lt;"),
            '>' => safe.push_str("&gt;"),
            '"' => safe.push_str("&quot;"),
            '\'' => safe.push_str("&#39;"),
            _ => safe.push(c),
        }
    }
    safe
}

/// A whole page: `title` (plain text) and `main`, the page's content (HTML), with the site's header
/// and style sheet; `script` adds our keyboard script.
pub(super) fn page(title: &str, main: &str, script: bool) -> String {
    let script = if script {
        "<script src=\"/static/replay.js\" defer></script>"
    } else {
        ""
    };
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{title} · Roundhouse</title>\n<link rel=\"stylesheet\" href=\"/static/site.css\">\n\
         {script}\n</head>\n<body>\n<header class=\"site\"><a href=\"/\">Roundhouse</a> \
         <span>train games, played to the end</span></header>\n<main>\n{main}\n</main>\n</body>\n\
         </html>\n",
        title = escape(title),
    )
}

/// "2026-11-28 12:00 UTC" for Unix seconds.
pub(super) fn date_time(unix_seconds: i64) -> String {
    let day = crate::calendar::Day::of_unix_seconds(unix_seconds);
    let minutes = unix_seconds.rem_euclid(86_400) / 60;
    match day.date() {
        Some((year, month, day)) => format!(
            "{year}-{month:02}-{day:02} {:02}:{:02} UTC",
            minutes / 60,
            minutes % 60
        ),
        None => "an unknown date".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_in_text_is_shown_not_run() {
        assert_eq!(
            escape("<script>alert('x')</script> & \"q\""),
            "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot;"
        );
    }

    #[test]
    fn a_page_names_its_language_and_escapes_its_title() {
        let html = page("<b>", "<p>hi</p>", false);
        assert!(html.contains("<html lang=\"en\">"));
        assert!(html.contains("<title>&lt;b&gt; · Roundhouse</title>"));
        assert!(!html.contains("replay.js"));
        assert!(page("t", "", true).contains("src=\"/static/replay.js\""));
    }

    #[test]
    fn dates_are_written_in_utc() {
        assert_eq!(date_time(1_795_867_200), "2026-11-28 12:00 UTC");
    }
}
