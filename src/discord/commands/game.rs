//! `/game …`: opening, joining, starting, watching, undoing and ending games.

use super::autocomplete::{finished_games, game_ids, option_choices};
use crate::bots::BotLevel;
use crate::discord::replay_taps;
use crate::discord::respond::{run, say_privately};
use crate::discord::{Context, Error};
use crate::excerpt::excerpt;
use crate::table::{Command, VoteKind, VoteOn};

/// Play train games in this channel
#[poise::command(
    slash_command,
    guild_only,
    subcommands(
        "new", "join", "leave", "bot", "start", "board", "history", "replay", "undo", "resign",
        "abort", "status", "skip", "kick", "end_now"
    ),
    subcommand_required
)]
pub async fn game(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Open a new game in this channel and take the first seat
#[poise::command(slash_command)]
async fn new(
    ctx: Context<'_>,
    #[description = "Which game"]
    #[autocomplete = "game_ids"]
    game: String,
    #[description = "Options as key=value, e.g. match=on caboose=all"]
    #[autocomplete = "option_choices"]
    options: Option<String>,
) -> Result<(), Error> {
    let options = match parse_options(options.as_deref().unwrap_or_default()) {
        Ok(options) => options,
        Err(bad) => {
            return say_privately(
                ctx,
                &format!(
                    "`{}` is not an option: write options as key=value, e.g. `match=on caboose=all`.",
                    excerpt(&bad)
                ),
            )
            .await;
        }
    };
    run(
        ctx,
        Command::New {
            game,
            options,
            seed: None,
            sit: true,
        },
    )
    .await
}

/// Reads "match=on, caboose=all"; the first word that is not key=value is the error.
fn parse_options(text: &str) -> Result<Vec<(String, String)>, String> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|word| !word.is_empty())
        .map(|word| {
            word.split_once('=')
                .filter(|(k, v)| !k.is_empty() && !v.is_empty())
                .map(|(k, v)| (k.to_owned(), v.to_owned()))
                .ok_or_else(|| word.to_owned())
        })
        .collect()
}

/// Take a seat in the game waiting for players
#[poise::command(slash_command)]
async fn join(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Join).await
}

/// Give up your seat before the game starts
#[poise::command(slash_command)]
async fn leave(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Leave).await
}

/// Bots in seats
#[poise::command(slash_command, subcommands("bot_add"), subcommand_required)]
async fn bot(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// How strongly an added bot plays, as Discord offers it.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
enum LevelChoice {
    /// Plays sensibly, with careless slips now and then.
    #[name = "easy"]
    Easy,
    /// The game's own bot.
    #[name = "normal"]
    Normal,
    /// Searches ahead over what it cannot see.
    #[name = "hard"]
    Hard,
}

impl From<LevelChoice> for BotLevel {
    fn from(choice: LevelChoice) -> Self {
        match choice {
            LevelChoice::Easy => BotLevel::Easy,
            LevelChoice::Normal => BotLevel::Normal,
            LevelChoice::Hard => BotLevel::Hard,
        }
    }
}

/// Put a bot in the next free seat: easy, normal (the default) or hard
#[poise::command(slash_command, rename = "add")]
async fn bot_add(
    ctx: Context<'_>,
    #[description = "How strongly it plays: easy, normal (default) or hard"] level: Option<
        LevelChoice,
    >,
) -> Result<(), Error> {
    let level = level.map_or(BotLevel::Normal, BotLevel::from);
    run(ctx, Command::AddBot { level }).await
}

/// Deal and begin
#[poise::command(slash_command)]
async fn start(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Start).await
}

/// Show the table
#[poise::command(slash_command)]
async fn board(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Board).await
}

/// The moves so far (shown only to you; hidden cards stay hidden)
#[poise::command(slash_command)]
async fn history(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::History).await
}

/// Step through a finished game, only you see it: your own hand too if you played it to the end
#[poise::command(slash_command)]
async fn replay(
    ctx: Context<'_>,
    #[description = "Which finished game (this channel's last if empty)"]
    #[autocomplete = "finished_games"]
    #[min = 1]
    game: Option<i64>,
) -> Result<(), Error> {
    replay_taps::open(ctx, game).await
}

/// How to answer an undo or abort request.
#[derive(Debug, poise::ChoiceParameter)]
enum VoteAnswer {
    /// Agree to the request.
    #[name = "agree"]
    Agree,
    /// Refuse it.
    #[name = "refuse"]
    Refuse,
}

/// The command for `answer` to the pending request of `kind`, or `asking` when there is no answer.
fn ask_or_answer(asking: Command, kind: VoteKind, answer: Option<VoteAnswer>) -> Command {
    match answer {
        None => asking,
        Some(answer) => Command::Vote {
            on: VoteOn::Pending(kind),
            agree: matches!(answer, VoteAnswer::Agree),
        },
    }
}

/// Ask to take back your last move (everyone else must agree), or answer such a request
#[poise::command(slash_command)]
async fn undo(
    ctx: Context<'_>,
    #[description = "Your answer to someone else's request"] answer: Option<VoteAnswer>,
) -> Result<(), Error> {
    run(ctx, ask_or_answer(Command::Undo, VoteKind::Undo, answer)).await
}

/// Give up; a bot plays your seat for the rest of the game
#[poise::command(slash_command)]
async fn resign(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Resign).await
}

/// End the game without a result (in play: every player agrees; or a member who manages the channel)
#[poise::command(slash_command)]
async fn abort(
    ctx: Context<'_>,
    #[description = "Your answer to someone else's request"] answer: Option<VoteAnswer>,
) -> Result<(), Error> {
    run(ctx, ask_or_answer(Command::Abort, VoteKind::Abort, answer)).await
}

/// End the game now, its last round as it stands, once the deadline is past (host or Manage Channels)
#[poise::command(slash_command, rename = "end-now")]
async fn end_now(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::EndNow).await
}

/// Who plays, whose turn it is, what is pending
#[poise::command(slash_command)]
async fn status(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Status).await
}

/// Let a bot play the turn of a player who has been away too long
#[poise::command(slash_command)]
async fn skip(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Skip).await
}

/// Hand the seat of a player who has been away too long to a bot for good
#[poise::command(slash_command)]
async fn kick(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Kick).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use poise::ChoiceParameter;

    #[test]
    fn each_level_is_offered_by_its_own_key_weakest_first() {
        let offered: Vec<String> = LevelChoice::list()
            .iter()
            .map(|c| c.name.to_string())
            .collect();
        let keys: Vec<&str> = BotLevel::ALL.iter().map(|l| l.key()).collect();
        assert_eq!(offered, keys);
        for (index, key) in keys.iter().enumerate() {
            let choice = LevelChoice::from_index(index).unwrap();
            assert_eq!(choice.name(), *key);
            assert_eq!(BotLevel::from(choice).key(), *key);
        }
    }

    #[test]
    fn options_read_as_key_value_words() {
        assert_eq!(
            parse_options(" match=on, caboose=all "),
            Ok(vec![
                ("match".into(), "on".into()),
                ("caboose".into(), "all".into())
            ])
        );
        assert_eq!(parse_options(""), Ok(vec![]));
        assert_eq!(parse_options("match=on fast"), Err("fast".into()));
        assert_eq!(parse_options("=on"), Err("=on".into()));
    }
}
