//! Which daily puzzle a person means: today, `#N` (or `N`), or a date; never one still to come.

use crate::calendar::{Day, FIRST_DAY};

/// A puzzle as asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleRef {
    /// Today's (UTC).
    Today,
    /// By number.
    Number(u32),
    /// By date.
    Date(Day),
}

impl PuzzleRef {
    /// Reads `today`, `#21`, `21` or `2026-11-21`.
    pub fn parse(text: &str) -> Result<PuzzleRef, String> {
        let text = text.trim();
        if text.is_empty() || text.eq_ignore_ascii_case("today") {
            return Ok(PuzzleRef::Today);
        }
        let digits = text.strip_prefix('#').unwrap_or(text);
        if !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit()) {
            return digits.parse().map(PuzzleRef::Number).map_err(|_| {
                format!("#{digits} is far beyond any daily puzzle; today's is the newest.")
            });
        }
        if text.contains('-') {
            return text
                .parse::<Day>()
                .map(PuzzleRef::Date)
                .map_err(|e| format!("{e}."));
        }
        Err(format!(
            "`{text}` is not a daily puzzle: write `today`, a number like `#21`, or a date like `2026-11-21`."
        ))
    }

    /// The puzzle's day, when `today` is the current UTC day: refuses days before the first puzzle and
    /// days still to come.
    pub fn day(self, today: Day) -> Result<Day, String> {
        let day = match self {
            PuzzleRef::Today => today,
            PuzzleRef::Number(0) => {
                return Err(format!(
                    "There is no daily #0: the first daily puzzle is #1, on {FIRST_DAY}."
                ));
            }
            PuzzleRef::Number(n) => Day::of_puzzle(n).unwrap_or(FIRST_DAY),
            PuzzleRef::Date(day) => day,
        };
        if day < FIRST_DAY {
            return Err(format!(
                "{day} has no daily puzzle: they begin with #1 on {FIRST_DAY}."
            ));
        }
        if day > today {
            let number = day.puzzle_number().unwrap_or(0);
            return Err(match today.puzzle_number() {
                Some(now) => format!(
                    "Daily #{number} ({day}) has not come out yet: today's is #{now} ({today}); \
                     each puzzle opens at 00:00 UTC on its day."
                ),
                None => format!("Daily puzzles begin with #1 on {FIRST_DAY}; it is {today} now."),
            });
        }
        Ok(day)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_dates_and_today_are_read_and_the_future_refused() {
        let today: Day = "2026-11-21".parse().unwrap();
        let day = |text: &str| PuzzleRef::parse(text).and_then(|r| r.day(today));
        assert_eq!(day("today"), Ok(today));
        assert_eq!(day(""), Ok(today));
        assert_eq!(day("#21"), Ok(today));
        assert_eq!(day("3"), Ok("2026-11-03".parse().unwrap()));
        assert_eq!(day("2026-11-01"), Ok(FIRST_DAY));
        assert!(day("#22").unwrap_err().contains("has not come out yet"));
        assert!(
            day("2026-12-25")
                .unwrap_err()
                .contains("has not come out yet")
        );
        assert!(day("#0").unwrap_err().contains("#1"));
        assert!(day("2026-10-31").unwrap_err().contains("begin with #1"));
        assert!(day("99999999999").unwrap_err().contains("far beyond"));
        assert!(day("2026-02-30").unwrap_err().contains("YYYY-MM-DD"));
        assert!(day("yesterday").unwrap_err().contains("#21"));
    }
}
