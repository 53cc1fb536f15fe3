//! The range a number of a setup or ruling must keep to, and the sentence that names the field, its
//! value and the legal range when it does not, for every game's setup check.

use std::fmt::Display;
use std::ops::RangeInclusive;

/// `field` is `value`, outside `range`: the sentence that says so.
pub fn outside<T: PartialOrd + Display>(
    field: &str,
    value: T,
    range: &RangeInclusive<T>,
) -> String {
    format!(
        "{field} is {value}; it must be {} to {}",
        range.start(),
        range.end()
    )
}

/// The first number in `values` (named by field) outside `range`, as a sentence.
pub fn first_outside<T: PartialOrd + Display + Copy>(
    values: impl IntoIterator<Item = (String, T)>,
    range: &RangeInclusive<T>,
) -> Option<String> {
    values
        .into_iter()
        .find(|(_, value)| !range.contains(value))
        .map(|(field, value)| outside(&field, value, range))
}
