//! The daily puzzle's clock: UTC days, their dates and weekdays, and puzzle numbers. Days are counted
//! from 1970-01-01, so every machine agrees on them whatever its time zone.

use std::fmt::{self, Display};
use std::str::FromStr;
use std::time::{SystemTime, UNIX_EPOCH};

/// One UTC calendar day, as days since 1970-01-01.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Day(pub i64);

/// The first daily puzzle's day (puzzle #1): Sunday 2026-11-01.
pub const FIRST_DAY: Day = Day(20_758);

/// The days of the week, Monday first (the daily puzzle's difficulty rises through the week).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Weekday {
    /// Monday: the easiest puzzle.
    Monday,
    /// Tuesday.
    Tuesday,
    /// Wednesday.
    Wednesday,
    /// Thursday.
    Thursday,
    /// Friday.
    Friday,
    /// Saturday.
    Saturday,
    /// Sunday: the hardest puzzle.
    Sunday,
}

const WEEKDAYS: [Weekday; 7] = [
    Weekday::Monday,
    Weekday::Tuesday,
    Weekday::Wednesday,
    Weekday::Thursday,
    Weekday::Friday,
    Weekday::Saturday,
    Weekday::Sunday,
];

impl Weekday {
    /// 0 for Monday up to 6 for Sunday.
    pub fn index(self) -> usize {
        self as usize
    }
}

impl Day {
    /// The UTC day of a moment given as seconds since the Unix epoch.
    pub fn of_unix_seconds(seconds: i64) -> Day {
        Day(seconds.div_euclid(86_400))
    }

    /// Today in UTC, by this machine's clock.
    pub fn today() -> Day {
        let seconds = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs() as i64);
        Day::of_unix_seconds(seconds)
    }

    /// The day of a calendar date (proleptic Gregorian), if the date exists.
    pub fn from_date(year: i64, month: u32, day: u32) -> Option<Day> {
        if !(1..=12).contains(&month) || day == 0 || day > days_in_month(year, month) {
            return None;
        }
        let y = if month <= 2 { year - 1 } else { year };
        let era = y.div_euclid(400);
        let year_of_era = y - era * 400;
        let m = i64::from(month);
        let day_of_year = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(day) - 1;
        let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
        Some(Day(era * 146_097 + day_of_era - 719_468))
    }

    /// The calendar date (year, month, day).
    pub fn date(self) -> (i64, u32, u32) {
        let z = self.0 + 719_468;
        let era = z.div_euclid(146_097);
        let day_of_era = z - era * 146_097;
        let year_of_era =
            (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
        let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
        let mp = (5 * day_of_year + 2) / 153;
        let day = (day_of_year - (153 * mp + 2) / 5 + 1) as u32;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
        let year = year_of_era + era * 400 + i64::from(month <= 2);
        (year, month, day)
    }

    /// The day of the week.
    pub fn weekday(self) -> Weekday {
        // 1970-01-01 was a Thursday.
        WEEKDAYS[(self.0 + 3).rem_euclid(7) as usize]
    }

    /// The daily puzzle number of this day (#1 on [`FIRST_DAY`]), if it has one.
    pub fn puzzle_number(self) -> Option<u32> {
        u32::try_from(self.0 - FIRST_DAY.0 + 1)
            .ok()
            .filter(|&n| n >= 1)
    }

    /// The day of a daily puzzle number.
    pub fn of_puzzle(number: u32) -> Option<Day> {
        (number >= 1).then(|| Day(FIRST_DAY.0 + i64::from(number) - 1))
    }

    /// The next day.
    pub fn next(self) -> Day {
        Day(self.0 + 1)
    }

    /// The day before.
    pub fn previous(self) -> Day {
        Day(self.0 - 1)
    }
}

fn days_in_month(year: i64, month: u32) -> u32 {
    match month {
        2 if (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

impl Display for Day {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (year, month, day) = self.date();
        write!(f, "{year:04}-{month:02}-{day:02}")
    }
}

/// Why a text is not a date.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a date; write it as YYYY-MM-DD, e.g. 2026-11-21")]
pub struct BadDate(pub String);

impl FromStr for Day {
    type Err = BadDate;

    fn from_str(text: &str) -> Result<Day, BadDate> {
        let bad = || BadDate(text.trim().to_owned());
        let mut parts = text.trim().splitn(3, '-');
        let (Some(y), Some(m), Some(d)) = (parts.next(), parts.next(), parts.next()) else {
            return Err(bad());
        };
        let year = y.parse::<i64>().map_err(|_| bad())?;
        let month = m.parse::<u32>().map_err(|_| bad())?;
        let day = d.parse::<u32>().map_err(|_| bad())?;
        Day::from_date(year, month, day).ok_or_else(bad)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_round_trip_across_centuries_and_leap_days() {
        for (text, days) in [
            ("1970-01-01", 0),
            ("2000-02-29", 11_016),
            ("2026-11-01", FIRST_DAY.0),
            ("1969-12-31", -1),
        ] {
            let day: Day = text.parse().unwrap();
            assert_eq!(day, Day(days), "{text}");
            assert_eq!(day.to_string(), text);
        }
        for n in (-800_000..800_000).step_by(997) {
            let day = Day(n);
            let (y, m, d) = day.date();
            assert_eq!(Day::from_date(y, m, d), Some(day));
        }
    }

    #[test]
    fn weekdays_and_puzzle_numbers() {
        let today: Day = "2026-11-21".parse().unwrap();
        assert_eq!(today.weekday(), Weekday::Saturday);
        assert_eq!(today.next().weekday(), Weekday::Sunday);
        assert_eq!(today.next().next().weekday(), Weekday::Monday);
        assert_eq!(today.puzzle_number(), Some(21));
        assert_eq!(Day::of_puzzle(21), Some(today));
        assert_eq!(FIRST_DAY.previous().puzzle_number(), None);
        assert_eq!(Day::of_unix_seconds(86_399), Day(0));
        assert_eq!(Day::of_unix_seconds(-1), Day(-1));
    }

    #[test]
    fn impossible_dates_are_refused() {
        for text in [
            "2026-02-29",
            "2026-13-01",
            "2026-00-10",
            "21 Nov",
            "2026-11",
            "",
        ] {
            let error = text.parse::<Day>().unwrap_err();
            assert!(error.to_string().contains("YYYY-MM-DD"), "{text}");
        }
        assert!("2024-02-29".parse::<Day>().is_ok());
    }
}
