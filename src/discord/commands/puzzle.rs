//! `/puzzle …`: the daily shunting puzzle, played privately, shared publicly, and set up by admins.

use poise::serenity_prelude as serenity;

use super::autocomplete::daily_moves;
use crate::discord::respond::{caller, name_of, place, run_work};
use crate::discord::{Context, Error};
use crate::table::{Caller, PuzzleCommand};

/// The daily shunting puzzle: solve it privately, share your result
#[poise::command(
    slash_command,
    guild_only,
    subcommands(
        "today",
        "play",
        "make_move",
        "undo",
        "reset",
        "giveup",
        "share",
        "guide",
        "leaderboard",
        "streak",
        "setup"
    ),
    subcommand_required
)]
pub async fn puzzle(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Runs a daily puzzle command in the caller's queue and answers (privately unless it is meant for
/// all: those answers are posted in the channel).
async fn run(ctx: Context<'_>, command: PuzzleCommand) -> Result<(), Error> {
    let table = ctx.data().table.clone();
    let (place, caller) = (place(ctx), caller(ctx));
    run_work(ctx, table.puzzle_queued(place, caller, command)).await
}

/// Today's puzzle (only you see it)
#[poise::command(slash_command)]
async fn today(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, PuzzleCommand::Today).await
}

/// Start or continue a puzzle: today's, or an archived one
#[poise::command(slash_command)]
async fn play(
    ctx: Context<'_>,
    #[description = "Which puzzle: today (default), #N or YYYY-MM-DD"] puzzle: Option<String>,
) -> Result<(), Error> {
    run(ctx, PuzzleCommand::Play(puzzle)).await
}

/// Make a move (the list shows the legal moves)
#[poise::command(slash_command, rename = "move")]
async fn make_move(
    ctx: Context<'_>,
    #[description = "Your move, e.g. L1 H1>A3 +2"]
    #[autocomplete = "daily_moves"]
    action: String,
) -> Result<(), Error> {
    run(ctx, PuzzleCommand::Move(action)).await
}

/// Take back your last move
#[poise::command(slash_command)]
async fn undo(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, PuzzleCommand::Undo).await
}

/// Back to the start of the puzzle
#[poise::command(slash_command)]
async fn reset(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, PuzzleCommand::Reset).await
}

/// Give up the puzzle and open its guide
#[poise::command(slash_command)]
async fn giveup(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, PuzzleCommand::GiveUp).await
}

/// Post your result in the channel (no moves shown)
#[poise::command(slash_command)]
async fn share(
    ctx: Context<'_>,
    #[description = "Which puzzle: the one you played last (default), #N or YYYY-MM-DD"]
    puzzle: Option<String>,
) -> Result<(), Error> {
    run(ctx, PuzzleCommand::Share(puzzle)).await
}

/// An optimal route (after you solve or give up, or once the day is over)
#[poise::command(slash_command)]
async fn guide(
    ctx: Context<'_>,
    #[description = "Which puzzle: the one you played last (default), #N or YYYY-MM-DD"]
    puzzle: Option<String>,
) -> Result<(), Error> {
    run(ctx, PuzzleCommand::Guide(puzzle)).await
}

/// This server's best solves of a day's puzzle
#[poise::command(slash_command)]
async fn leaderboard(
    ctx: Context<'_>,
    #[description = "Which puzzle: today (default), #N or YYYY-MM-DD"] puzzle: Option<String>,
) -> Result<(), Error> {
    run(ctx, PuzzleCommand::Leaderboard(puzzle)).await
}

/// Current and longest streaks of days solved
#[poise::command(slash_command)]
async fn streak(
    ctx: Context<'_>,
    #[description = "Whose (you if empty)"] user: Option<serenity::User>,
) -> Result<(), Error> {
    let whose = user.map(|u| Caller::new(u.id.to_string(), name_of(ctx, &u)));
    run(ctx, PuzzleCommand::Streak(whose)).await
}

/// Where and when the daily puzzle is posted (Manage Server only)
#[poise::command(slash_command)]
async fn setup(
    ctx: Context<'_>,
    #[description = "UTC time of the post, HH:MM (or off to stop posting)"] time: String,
    #[description = "The channel (this one if empty)"]
    #[channel_types("Text", "News")]
    channel: Option<serenity::ChannelId>,
) -> Result<(), Error> {
    let manages_server = match ctx {
        poise::Context::Application(app) => app
            .interaction
            .member
            .as_ref()
            .and_then(|m| m.permissions)
            .is_some_and(|p| p.manage_guild() || p.administrator()),
        poise::Context::Prefix(_) => false,
    };
    run(
        ctx,
        PuzzleCommand::Setup {
            channel: channel.map(|c| c.to_string()),
            time,
            manages_server,
        },
    )
    .await
}
