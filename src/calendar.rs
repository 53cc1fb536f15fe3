//! The daily puzzle's calendar: UTC days, their dates and weekdays, and puzzle numbers. Days are counted
//! from 1970-01-01, so every machine agrees on them whatever its time zone; the date arithmetic is the
//! `time` crate's. The current day comes from a [`Clock`](crate::clock::Clock).

use std::fmt::{self, Display};
use std::str::FromStr;

use time::{Date, Month};

/// One UTC calendar day, as days since 1970-01-01.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Day(pub i64);

/// The first daily puzzle's day (puzzle #1): Sunday 2026-11-01.
pub const FIRST_DAY: Day = Day(20_758);

/// The Julian day number of 1970-01-01, day 0.
const EPOCH_JULIAN_DAY: i64 = 2_440_588;

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

    /// The day of a calendar date (proleptic Gregorian, years -9999 to 9999), if the date exists.
    pub fn from_date(year: i64, month: u32, day: u32) -> Option<Day> {
        let month = Month::try_from(u8::try_from(month).ok()?).ok()?;
        let date =
            Date::from_calendar_date(i32::try_from(year).ok()?, month, u8::try_from(day).ok()?)
                .ok()?;
        Some(Day(i64::from(date.to_julian_day()) - EPOCH_JULIAN_DAY))
    }

    /// The calendar date (year, month, day), for days in the years -9999 to 9999.
    pub fn date(self) -> Option<(i64, u32, u32)> {
        let julian = i32::try_from(self.0 + EPOCH_JULIAN_DAY).ok()?;
        let date = Date::from_julian_day(julian).ok()?;
        Some((
            i64::from(date.year()),
            u32::from(u8::from(date.month())),
            u32::from(date.day()),
        ))
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

/// `YYYY-MM-DD`; a day beyond the calendar's years (only reachable through absurd puzzle numbers) is
/// written as its count of days from 1970-01-01.
impl Display for Day {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.date() {
            Some((year, month, day)) => write!(f, "{year:04}-{month:02}-{day:02}"),
            None => write!(f, "day {} from 1970-01-01", self.0),
        }
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
            let (y, m, d) = day.date().unwrap();
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
    fn days_beyond_the_calendar_still_print() {
        let far = Day::of_puzzle(u32::MAX).unwrap();
        assert_eq!(far.date(), None);
        assert_eq!(far.to_string(), format!("day {} from 1970-01-01", far.0));
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
