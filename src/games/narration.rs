//! What every engine needs to narrate its moves cheaply: a sink that builds event texts only when someone
//! will read them, and number formatting without the formatting machinery.

use crate::game::Event;

/// Where the rules put what happened: a list for turn messages, or nowhere for fast simulations.
pub trait Sink {
    /// Records the event `make` builds (a quiet sink never calls it).
    fn emit(&mut self, make: impl FnOnce() -> Event);
}

impl Sink for Vec<Event> {
    fn emit(&mut self, make: impl FnOnce() -> Event) {
        self.push(make());
    }
}

/// A sink that drops every event without building it.
pub struct Quiet;

impl Sink for Quiet {
    fn emit(&mut self, _make: impl FnOnce() -> Event) {}
}

/// Appends the decimal digits of `n` (without the formatting machinery).
pub fn push_number(out: &mut String, n: i64) {
    if (0..10).contains(&n) {
        out.push(char::from(b'0' + n as u8));
        return;
    }
    if n < 0 {
        out.push('-');
    }
    let mut digits = [0u8; 20];
    let mut rest = n.unsigned_abs();
    let mut len = 0;
    loop {
        digits[len] = b'0' + (rest % 10) as u8;
        len += 1;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    for &d in digits[..len].iter().rev() {
        out.push(char::from(d));
    }
}
