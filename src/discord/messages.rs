//! Table posts as Discord messages: mentions, the picture as an attachment, buttons, length limits.

use poise::serenity_prelude as serenity;

use super::vote_buttons;
use crate::excerpt::clip;
use crate::table::{Picture, Post, PostAction};

/// Discord's limit on a message's text.
pub const MESSAGE_LIMIT: usize = 2000;
/// Discord's limit on an autocomplete choice's name and value.
pub const CHOICE_LIMIT: usize = 100;

/// The "View hand" button's id, so clicks find their way back (vote buttons: [`vote_buttons`]).
pub const VIEW_HAND: &str = "rh:hand";
/// The "Take your turn" button's id.
pub const TAKE_TURN: &str = "rh:turn";

/// A post's parts in Discord's terms.
pub struct Parts {
    /// Mentions first, then the text, within the length limit.
    pub content: String,
    /// The picture.
    pub attachment: Option<serenity::CreateAttachment>,
    /// The buttons.
    pub components: Vec<serenity::CreateActionRow>,
    /// Only the people the post means to ping.
    pub mentions: serenity::CreateAllowedMentions,
}

/// Turns a table post into message parts.
pub fn parts(post: &Post) -> Parts {
    let user_ids: Vec<serenity::UserId> = post
        .mentions
        .iter()
        .filter_map(|id| id.parse::<u64>().ok().filter(|&id| id != 0))
        .map(serenity::UserId::new)
        .collect();
    let pings: Vec<String> = user_ids.iter().map(|id| format!("<@{id}>")).collect();
    let content = if pings.is_empty() {
        post.text.clone()
    } else {
        format!("{}\n{}", pings.join(" "), post.text)
    };
    let buttons: Vec<serenity::CreateButton> = post
        .actions
        .iter()
        .flat_map(|action| match action {
            PostAction::TakeTurn => vec![
                serenity::CreateButton::new(TAKE_TURN)
                    .label("Take your turn")
                    .style(serenity::ButtonStyle::Primary),
            ],
            PostAction::ViewHand => vec![
                serenity::CreateButton::new(VIEW_HAND)
                    .label("View hand")
                    .style(serenity::ButtonStyle::Secondary),
            ],
            PostAction::Vote(ticket) => vote_buttons::buttons(*ticket),
        })
        .collect();
    let components = if buttons.is_empty() {
        Vec::new()
    } else {
        vec![serenity::CreateActionRow::Buttons(buttons)]
    };
    Parts {
        content: clip(&content, MESSAGE_LIMIT),
        attachment: post.image.as_ref().map(attachment),
        components,
        mentions: serenity::CreateAllowedMentions::new().users(user_ids),
    }
}

/// A picture as an attachment, with its description (alt text: the table keeps it within Discord's
/// 1024 characters, <https://discord.com/developers/docs/resources/message#attachment-object>).
pub fn attachment(picture: &Picture) -> serenity::CreateAttachment {
    let attachment =
        serenity::CreateAttachment::bytes(picture.png.clone(), picture.file_name.clone());
    match &picture.description {
        Some(description) => attachment.description(description.clone()),
        None => attachment,
    }
}

/// A post as a command reply.
pub fn reply(post: &Post, ephemeral: bool) -> poise::CreateReply {
    let parts = parts(post);
    let mut reply = poise::CreateReply::default()
        .content(parts.content)
        .components(parts.components)
        .allowed_mentions(parts.mentions)
        .ephemeral(ephemeral);
    if let Some(attachment) = parts.attachment {
        reply = reply.attachment(attachment);
    }
    reply
}

/// A post as an ephemeral follow-up (private answers after the private acknowledgement).
pub fn private_followup(post: &Post) -> serenity::CreateInteractionResponseFollowup {
    let parts = parts(post);
    let mut message = serenity::CreateInteractionResponseFollowup::new()
        .content(parts.content)
        .components(parts.components)
        .allowed_mentions(parts.mentions)
        .ephemeral(true);
    if let Some(attachment) = parts.attachment {
        message = message.add_file(attachment);
    }
    message
}

/// A private text answer as an interaction's first and only response (a refusal before any work, such
/// as "starting up" or "restarting").
pub fn private_answer(text: &str) -> serenity::CreateInteractionResponse {
    serenity::CreateInteractionResponse::Message(
        serenity::CreateInteractionResponseMessage::new()
            .content(text)
            .ephemeral(true),
    )
}

/// A post as a plain channel message (public results, reminders).
pub fn channel_message(post: &Post) -> serenity::CreateMessage {
    let parts = parts(post);
    let mut message = serenity::CreateMessage::new()
        .content(parts.content)
        .components(parts.components)
        .allowed_mentions(parts.mentions);
    if let Some(attachment) = parts.attachment {
        message = message.add_file(attachment);
    }
    message
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_texts_are_clipped_and_mentions_lead() {
        assert_eq!(clip("abc", 3), "abc");
        assert_eq!(clip("abcd", 3), "ab…");
        let post = Post {
            text: "x".repeat(3000),
            mentions: vec!["42".into(), "not-a-snowflake".into(), "0".into()],
            ..Post::default()
        };
        let parts = parts(&post);
        assert!(parts.content.starts_with("<@42>\nxxx"));
        assert_eq!(parts.content.chars().count(), MESSAGE_LIMIT);
    }
}
