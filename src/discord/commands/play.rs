//! `/move`, `/turn` and `/hand`: playing and looking at your own cards.

use super::autocomplete::legal_moves;
use crate::discord::respond::run;
use crate::discord::{Context, Error};
use crate::table::Command;

/// Make your move (the list shows your legal moves)
#[poise::command(slash_command, guild_only, rename = "move")]
pub async fn make_move(
    ctx: Context<'_>,
    #[description = "Your move"]
    #[autocomplete = "legal_moves"]
    action: String,
) -> Result<(), Error> {
    run(ctx, Command::Move(action)).await
}

/// Look at your hand (only you see it)
#[poise::command(slash_command, guild_only)]
pub async fn hand(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Hand).await
}

/// Take your turn by tapping (only you see your panel)
#[poise::command(slash_command, guild_only)]
pub async fn turn(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Turn).await
}
