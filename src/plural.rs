//! Counts, articles and lists in words: "1 state", "2 states", "an Office", "Ann, Bo and Cy". Every
//! user-facing text that counts something or names a thing with "a" goes through here.

/// "s" unless one.
pub fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// `n` and `noun`, plural unless one (or minus one): "1 move", "12 moves", "-1 point", "0 points".
pub fn counted<N>(n: N, noun: &str) -> String
where
    N: Copy + std::fmt::Display + TryInto<i64>,
{
    let one = n.try_into().is_ok_and(|n: i64| n.unsigned_abs() == 1);
    format!("{n} {noun}{}", if one { "" } else { "s" })
}

/// "pt" for a score of one (or minus one), else "pts": the short unit after a number in pictures.
pub fn pts(n: i32) -> &'static str {
    if n.unsigned_abs() == 1 { "pt" } else { "pts" }
}

/// The indefinite article for `word`: "an" before a vowel sound ("an Office", "an Auto Carrier"), "a"
/// otherwise ("a Hopper", "a Union Station", "a one-way track").
pub fn article(word: &str) -> &'static str {
    let lower = word.trim_start().to_lowercase();
    let sounds_like_you = ["uni", "use", "usu", "uti", "ura", "eu", "one"]
        .iter()
        .any(|start| lower.starts_with(start));
    let vowel = lower.starts_with(['a', 'e', 'i', 'o', 'u']);
    if vowel && !sounds_like_you { "an" } else { "a" }
}

/// `word` with its indefinite article: "an Observation", "a Mail".
pub fn with_article(word: &str) -> String {
    format!("{} {word}", article(word))
}

/// Names joined as people write a list: "Ann", "Ann and Bo", "Ann, Bo and Cy".
pub fn listed(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_is_singular_and_everything_else_plural() {
        assert_eq!(counted(1, "state"), "1 state");
        assert_eq!(counted(0, "state"), "0 states");
        assert_eq!(counted(12, "move"), "12 moves");
        assert_eq!(counted(1, "point"), "1 point");
        assert_eq!(counted(-1, "point"), "-1 point");
        assert_eq!(counted(-4, "point"), "-4 points");
        assert_eq!(counted(0, "VP"), "0 VPs");
        assert_eq!(
            (pts(1), pts(-1), pts(0), pts(12)),
            ("pt", "pt", "pts", "pts")
        );
    }

    #[test]
    fn a_vowel_sound_takes_an() {
        assert_eq!(with_article("Observation"), "an Observation");
        assert_eq!(with_article("Office"), "an Office");
        assert_eq!(with_article("Auto Carrier"), "an Auto Carrier");
        assert_eq!(with_article("Express card"), "an Express card");
        assert_eq!(with_article("Hopper"), "a Hopper");
        assert_eq!(with_article("Union Station"), "a Union Station");
        assert_eq!(with_article("Wild"), "a Wild");
    }

    #[test]
    fn lists_end_with_and() {
        let names = |n: &[&str]| n.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(listed(&names(&[])), "");
        assert_eq!(listed(&names(&["Ann"])), "Ann");
        assert_eq!(listed(&names(&["Ann", "Bo"])), "Ann and Bo");
        assert_eq!(listed(&names(&["Ann", "Bo", "Cy"])), "Ann, Bo and Cy");
    }
}
