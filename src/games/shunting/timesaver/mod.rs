//! The full Timesaver: John Allen's classic switching puzzle on the built-in `timesaver` yard, with
//! one loco and five cars. A deal ([`TimesaverDeal`], our ruling in `rules.md`) places the loco and
//! the cars and sends three of the cars to three of the yard's industry spots.
//!
//! [`census`] solves every deal at once, with one complete search backwards per goal (deals that
//! differ only by renaming the cars share it), and counts the deals by their optimum; the Timesaver
//! route cards (41 to 52) were chosen from it ([`picks`]).

pub mod census;
pub mod deal;
pub mod picks;

pub use census::{Census, census};
pub use deal::{DealError, TimesaverDeal};
