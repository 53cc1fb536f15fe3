//! The animated picture of a finished game ([`crate::table::Animation`]) on Discord: posted in the
//! channel when a command ends a game, if the bot may attach files there ([`start_if_finished`]),
//! and sent privately on request (a replay's "Animated picture" button, [`super::replay_taps`]).
//!
//! Whether the bot may attach files where a command came from is in the interaction itself:
//! `app_permissions`, "bitwise set of permissions the app has within the channel the interaction was
//! sent from", and `attachment_size_limit`, the most bytes a file may have there
//! (<https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-object-interaction-structure>).
//! Uploading needs ATTACH_FILES, `1 << 15`
//! (<https://discord.com/developers/docs/topics/permissions#permissions-bitwise-permission-flags>).
//! Where it is missing, or the picture is larger than the limit, nothing more is posted and nothing
//! is said: the game's end was announced as always.

use std::sync::Arc;

use poise::serenity_prelude as serenity;

use super::channel_post::{PostNonce, post};
use crate::table::{Animation, Table, TableError, off_thread};

/// What the bot may upload where an interaction came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Uploads {
    /// Whether it may attach files there (ATTACH_FILES in `app_permissions`).
    pub allowed: bool,
    /// The most bytes a file may have there (`attachment_size_limit`).
    pub limit: u64,
}

impl Uploads {
    /// Reads an interaction's `app_permissions` and `attachment_size_limit`.
    pub fn of(app_permissions: Option<serenity::Permissions>, attachment_size_limit: u32) -> Self {
        Uploads {
            allowed: app_permissions.is_some_and(|p| p.attach_files()),
            limit: u64::from(attachment_size_limit),
        }
    }

    /// What a private answer to an interaction may carry: files up to the interaction's
    /// `attachment_size_limit` (an interaction's response is sent with its token, as the app's
    /// webhook, whatever the bot's permissions in the channel; the replay and the turn panel carry
    /// their pictures so).
    pub fn private(attachment_size_limit: u32) -> Self {
        Uploads {
            allowed: true,
            limit: u64::from(attachment_size_limit),
        }
    }

    /// Whether `animation` may be uploaded here.
    pub fn fits(&self, animation: &Animation) -> bool {
        self.allowed && animation.bytes.len() as u64 <= self.limit
    }
}

/// The animation as an attachment, described for people who cannot see it.
pub fn gif_attachment(game: i64, animation: Animation) -> serenity::CreateAttachment {
    let turns = match animation.turns_per_frame {
        1 => "one frame per turn".to_owned(),
        n => format!("one frame every {n} turns"),
    };
    serenity::CreateAttachment::bytes(animation.bytes, animation.file_name)
        .description(format!("Game {game} from the deal to the end, {turns}."))
}

/// Starts making the animation of `finished` (the game a command ended, if any) when `uploads`
/// allow posting it where the command came from, so it is under way while the command's answer is
/// delivered; `None` when there is nothing to post.
pub fn start_if_finished(
    table: &Arc<Table>,
    finished: Option<i64>,
    uploads: Uploads,
) -> Option<PendingAnimation> {
    let game = finished.filter(|_| uploads.allowed)?;
    let table = Arc::clone(table);
    let making = tokio::spawn(off_thread(move || table.game_animation(game)));
    Some(PendingAnimation {
        game,
        uploads,
        making,
    })
}

/// The animation of a game that just ended, being made.
pub struct PendingAnimation {
    game: i64,
    uploads: Uploads,
    making: tokio::task::JoinHandle<Result<Animation, TableError>>,
}

impl PendingAnimation {
    /// Posts the animation in `channel` once it is made (in the background), if it fits; a
    /// picture too large, or one that could not be made or posted, is logged and nothing else
    /// happens: the game's end was announced as always.
    pub fn post_in(self, http: Arc<serenity::Http>, channel: serenity::ChannelId) {
        let PendingAnimation {
            game,
            uploads,
            making,
        } = self;
        tokio::spawn(async move {
            let animation = match making.await {
                Ok(Ok(animation)) if uploads.fits(&animation) => animation,
                Ok(Ok(animation)) => {
                    tracing::info!(
                        game,
                        bytes = animation.bytes.len(),
                        "the game's animation is larger than this channel takes; not posted"
                    );
                    return;
                }
                Ok(Err(error)) => {
                    tracing::warn!(game, "could not make the game's animation: {error:?}");
                    return;
                }
                Err(error) => {
                    tracing::warn!(game, "making the game's animation failed: {error}");
                    return;
                }
            };
            let message = serenity::CreateMessage::new()
                .content(format!(
                    "Game {game} in pictures. Step through it with `/game replay game:{game}`."
                ))
                .allowed_mentions(serenity::CreateAllowedMentions::new())
                .add_file(gif_attachment(game, animation));
            if let Err(error) = post(&http, channel, message, &PostNonce::fresh()).await {
                tracing::warn!(%channel, game, "could not post the game's animation: {error}");
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn animation(bytes: usize) -> Animation {
        Animation {
            bytes: vec![0; bytes],
            file_name: "replay-1.gif".into(),
            frames: 2,
            turns_per_frame: 1,
        }
    }

    #[test]
    fn only_a_channel_that_takes_files_of_its_size_gets_the_animation() {
        let attach = serenity::Permissions::SEND_MESSAGES | serenity::Permissions::ATTACH_FILES;
        let allowed = Uploads::of(Some(attach), 1000);
        assert!(allowed.fits(&animation(1000)));
        assert!(!allowed.fits(&animation(1001)), "larger than the limit");
        let denied = Uploads::of(Some(serenity::Permissions::SEND_MESSAGES), 1000);
        assert!(!denied.allowed);
        assert!(!denied.fits(&animation(10)));
        assert!(!Uploads::of(None, 1000).allowed, "permissions unknown");
    }
}
