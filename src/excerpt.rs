//! Quoting what someone typed back to them: a short excerpt, never the whole of a long input; also in the
//! messages of JSON input that does not read, where serde would quote an offending string or key whole.

use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

/// How many characters of an input an excerpt keeps.
pub const EXCERPT_CHARS: usize = 40;

/// `text` as it may be quoted in a message: unchanged when it has at most [`EXCERPT_CHARS`] characters,
/// otherwise its first [`EXCERPT_CHARS`] characters (cut between characters, never inside one), an
/// ellipsis and the full length in characters.
pub fn excerpt(text: &str) -> String {
    match text.char_indices().nth(EXCERPT_CHARS) {
        None => text.to_owned(),
        Some((cut, _)) => format!("{}… ({} characters)", &text[..cut], text.chars().count()),
    }
}

/// `text` cut to at most `limit` characters (at least 1), with an ellipsis when cut.
pub fn clip(text: &str, limit: usize) -> String {
    if text.chars().count() <= limit {
        return text.to_owned();
    }
    let mut clipped: String = text.chars().take(limit.saturating_sub(1)).collect();
    clipped.push('…');
    clipped
}

/// Reads a `T` from JSON text; see [`from_json_value`] for the message when it does not read.
pub fn from_json<T: DeserializeOwned>(json: &str) -> Result<T, String> {
    serde_json::from_str(json).map_err(|error| match serde_json::from_str::<Value>(json) {
        Ok(value) => from_json_value::<T>(&value)
            .err()
            .unwrap_or_else(|| error.to_string()),
        Err(_) => error.to_string(),
    })
}

/// Reads a `T` from a JSON value. When it does not read, the message is the one serde gives for a copy
/// with every long string and key cut to its [`excerpt`], so it quotes no input whole.
pub fn from_json_value<T: DeserializeOwned>(value: &Value) -> Result<T, String> {
    T::deserialize(value).map_err(|error| match T::deserialize(&excerpted(value)) {
        Err(short) => short.to_string(),
        Ok(_) => excerpt(&error.to_string()),
    })
}

/// `value` with its long strings and keys cut to excerpts.
fn excerpted(value: &Value) -> Value {
    match value {
        Value::String(text) => Value::String(excerpt(text)),
        Value::Array(items) => Value::Array(items.iter().map(excerpted).collect()),
        Value::Object(fields) => Value::Object(
            fields
                .iter()
                .map(|(key, field)| (excerpt(key), excerpted(field)))
                .collect::<Map<String, Value>>(),
        ),
        other => other.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_texts_are_quoted_whole() {
        assert_eq!(excerpt(""), "");
        assert_eq!(excerpt("up Y2|Y3"), "up Y2|Y3");
        let exact = "x".repeat(EXCERPT_CHARS);
        assert_eq!(excerpt(&exact), exact);
    }

    #[test]
    fn long_texts_keep_their_start_and_say_their_length() {
        let long = format!("{}{}", "a".repeat(EXCERPT_CHARS), "b".repeat(5_000_000));
        let quoted = excerpt(&long);
        assert_eq!(
            quoted,
            format!("{}… (5000040 characters)", "a".repeat(EXCERPT_CHARS))
        );
    }

    #[test]
    fn the_cut_falls_between_characters() {
        let wide = "é".repeat(EXCERPT_CHARS + 1);
        let quoted = excerpt(&wide);
        assert!(quoted.starts_with(&"é".repeat(EXCERPT_CHARS)));
        assert!(quoted.ends_with(&format!("… ({} characters)", EXCERPT_CHARS + 1)));
    }

    #[derive(Debug, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Sample {
        count: u32,
    }

    #[test]
    fn json_messages_quote_long_values_and_keys_briefly() {
        let long = "9".repeat(1_000_000);
        let wrong_type = from_json::<Sample>(&format!(r#"{{"count": "{long}"}}"#)).unwrap_err();
        assert!(wrong_type.contains("invalid type: string"), "{wrong_type}");
        assert!(wrong_type.contains("(1000000 characters)"), "{wrong_type}");
        assert!(wrong_type.len() < 200, "{wrong_type}");

        let unknown = from_json::<Sample>(&format!(r#"{{"count": 1, "{long}": 2}}"#)).unwrap_err();
        assert!(unknown.contains("unknown field"), "{unknown}");
        assert!(unknown.contains("expected `count`"), "{unknown}");
        assert!(unknown.len() < 200, "{unknown}");

        let broken = from_json::<Sample>(r#"{"count": "#).unwrap_err();
        assert!(broken.contains("EOF"), "{broken}");
        assert_eq!(from_json::<Sample>(r#"{"count": 3}"#).unwrap().count, 3);
    }
}
