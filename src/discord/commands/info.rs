//! `/rules`, `/stats` and `/leaderboard`.

use poise::serenity_prelude as serenity;

use super::autocomplete::game_ids;
use crate::discord::messages::MESSAGE_LIMIT;
use crate::discord::respond::{caller, explain, name_of, run_blocking, say_privately};
use crate::discord::{Context, Error};
use crate::games::{self, adapter::GameKind};
use crate::table::{Caller, Post, Reply, TableError};

/// How many people a leaderboard shows.
const LEADERBOARD_SIZE: usize = 10;

/// Our summary of a game's rules and rulings (only you see it)
#[poise::command(slash_command)]
pub async fn rules(
    ctx: Context<'_>,
    #[description = "Which game"]
    #[autocomplete = "game_ids"]
    game: String,
) -> Result<(), Error> {
    let Some(kind) = known_game(ctx, &game).await? else {
        return Ok(());
    };
    for chunk in chunks(kind.rules_text(), MESSAGE_LIMIT) {
        say_privately(ctx, &chunk).await?;
    }
    Ok(())
}

/// The game called `game`, or `None` after telling the caller which games exist.
async fn known_game(ctx: Context<'_>, game: &str) -> Result<Option<&'static dyn GameKind>, Error> {
    if let Some(kind) = games::find(game) {
        return Ok(Some(kind));
    }
    say_privately(ctx, &explain(&TableError::unknown_game(game))).await?;
    Ok(None)
}

/// Splits `text` at line ends into pieces of at most `limit` characters.
fn chunks(text: &str, limit: usize) -> Vec<String> {
    let mut pieces = vec![String::new()];
    for line in text.lines() {
        let current = pieces.last_mut().expect("never empty");
        if !current.is_empty() && current.chars().count() + line.chars().count() + 1 > limit {
            pieces.push(String::new());
        }
        let current = pieces.last_mut().expect("never empty");
        if !current.is_empty() {
            current.push('\n');
        }
        current.extend(line.chars().take(limit));
    }
    pieces.retain(|p| !p.trim().is_empty());
    pieces
}

/// Someone's results on this server
#[poise::command(slash_command, guild_only)]
pub async fn stats(
    ctx: Context<'_>,
    #[description = "Whose (you if empty)"] user: Option<serenity::User>,
) -> Result<(), Error> {
    let Some(guild) = ctx.guild_id() else {
        return say_privately(ctx, "Statistics are kept per server; ask in a server.").await;
    };
    let whose = match user {
        Some(user) => Caller::new(user.id.to_string(), name_of(ctx, &user)),
        None => caller(ctx),
    };
    let table = ctx.data().table.clone();
    let (guild, user_id) = (guild.to_string(), whose.user_id);
    run_blocking(ctx, move || {
        let records = table.store().player_record(&guild, &user_id)?;
        let mut text = format!("Results of {} on this server:", whose.name);
        if records.is_empty() {
            text = format!("{} has not finished a game on this server yet.", whose.name);
        }
        for r in &records {
            let name = games::find(&r.kind).map_or(r.kind.as_str(), |g| g.name());
            text.push_str(&format!(
                "\n{name}: {} played, {} won, average place {:.1}, best score {}",
                r.played, r.wins, r.average_place, r.best_score
            ));
        }
        Ok(Reply::public(Post::text(text)))
    })
    .await
}

/// The most successful players of a game on this server
#[poise::command(slash_command, guild_only)]
pub async fn leaderboard(
    ctx: Context<'_>,
    #[description = "Which game"]
    #[autocomplete = "game_ids"]
    game: String,
) -> Result<(), Error> {
    let Some(kind) = known_game(ctx, &game).await? else {
        return Ok(());
    };
    let Some(guild) = ctx.guild_id() else {
        return say_privately(ctx, "Leaderboards are kept per server; ask in a server.").await;
    };
    let table = ctx.data().table.clone();
    let guild = guild.to_string();
    run_blocking(ctx, move || {
        let rows = table
            .store()
            .leaderboard(&guild, kind.id(), LEADERBOARD_SIZE)?;
        let mut text = format!("{} leaderboard on this server:", kind.name());
        if rows.is_empty() {
            text.push_str("\nNo finished games yet.");
        }
        for (i, row) in rows.iter().enumerate() {
            text.push_str(&format!(
                "\n{}. {}: {} won of {} played",
                i + 1,
                row.name,
                row.wins,
                row.played
            ));
        }
        Ok(Reply::public(Post::text(text)))
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_texts_split_at_line_ends_within_the_limit() {
        let text = "aaaa\nbbbb\ncccc";
        assert_eq!(chunks(text, 9), vec!["aaaa\nbbbb", "cccc"]);
        assert_eq!(chunks(text, 100), vec![text]);
        assert!(
            chunks(&"x".repeat(50), 10)
                .iter()
                .all(|c| c.chars().count() <= 10)
        );
    }
}
