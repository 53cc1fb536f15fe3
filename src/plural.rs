//! Counts in words: "1 state", "2 states".

/// "s" unless one.
pub fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// `n` and `noun`, plural unless one: "1 move", "12 moves".
pub fn counted(n: usize, noun: &str) -> String {
    format!("{n} {noun}{}", plural(n))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_is_singular_and_everything_else_plural() {
        assert_eq!(counted(1, "state"), "1 state");
        assert_eq!(counted(0, "state"), "0 states");
        assert_eq!(counted(12, "move"), "12 moves");
    }
}
