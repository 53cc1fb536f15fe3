//! Express with the tournament rules (2–6 players): a rummy-style train card game over several hands to
//! 120 points, with Disasters that their target may block.

pub mod attack;
mod before_melds;
mod bots;
pub mod cards;
pub mod disasters;
mod draw;
mod feasible;
mod fits;
mod hand;
pub mod legal;
mod menu;
pub mod notation;
pub mod options;
pub mod present;
mod prospects;
pub mod refusals;
pub mod rules_text;
pub mod rulings;
mod rulings_check;
pub mod scoring;
mod search;
mod standing;
pub mod state;
pub mod train;
mod turn;
pub mod unseen;
pub mod view;

pub use cards::Kind;
pub use notation::{Action, Laid, Target};
pub use options::ExpressOptions;
pub use state::{Express, ExpressSetup};
pub use view::ExpressView;
