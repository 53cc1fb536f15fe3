//! Express with the tournament rules (2–6 players): a rummy-style train card game over several hands to
//! 120 points, with Disasters that their target may block. Not registered in the game list yet: the
//! pictures, the bot and the front ends come later.

pub mod attack;
pub mod cards;
pub mod disasters;
mod feasible;
mod hand;
pub mod legal;
pub mod notation;
pub mod options;
pub mod refusals;
pub mod rulings;
pub mod scoring;
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
