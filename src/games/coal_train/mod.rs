//! Coal Train (3–5 players): walk the tile market to buy tiles, raise your income, and build stations on
//! a shared map. The rules of play follow the designer's draft (rev 14); the content (tiles, tracks,
//! subsidies, incentives, the map) is our own edition, kept as data in `content/`.

mod bits;
pub mod bots;
pub mod building;
pub mod check;
pub mod content;
mod content_check;
pub mod discount;
mod draw;
pub mod labels;
pub mod legal;
pub mod market;
mod menu;
pub mod notation;
pub mod play;
pub mod present;
pub mod refuse;
pub mod replenish;
pub mod resources;
pub mod rules;
mod rules_text;
pub mod scoring;
mod search;
pub mod setup;
mod standing;
pub mod state;
pub mod trades;
pub mod turns;
pub mod unseen;
pub mod view;
pub mod words;

pub use content::Content;
pub use notation::Action;
pub use rules::CoalTrainOptions;
pub use setup::CoalTrainSetup;
pub use state::CoalTrain;
pub use view::CoalTrainView;
