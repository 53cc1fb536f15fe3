//! Vote buttons and their custom ids. Each id names the request it belongs to, so a click on the button
//! of an older request is told that vote is over instead of counting on a newer one. The id reads
//! `rh:vote:<kind>:<game>:<request>:<yes|no>`: at most about 50 characters, well within the 100 Discord
//! allows for a component's custom_id
//! (https://discord.com/developers/docs/interactions/message-components#button-object).

use poise::serenity_prelude as serenity;

use crate::table::{VoteKind, VoteTicket};

const PREFIX: &str = "rh:vote";

/// Button ids of the undo votes of earlier versions, which named no request.
pub const UNDATED_UNDO_IDS: [&str; 2] = ["rh:undo:agree", "rh:undo:refuse"];

/// The custom id of the button that agrees to (`agree`) or refuses `ticket`.
pub fn custom_id(ticket: VoteTicket, agree: bool) -> String {
    format!(
        "{PREFIX}:{}:{}:{}:{}",
        ticket.kind.word(),
        ticket.game,
        ticket.request,
        if agree { "yes" } else { "no" }
    )
}

/// The request and the answer a custom id carries, if it is a vote button's.
pub fn parse(custom_id: &str) -> Option<(VoteTicket, bool)> {
    let rest = custom_id.strip_prefix(PREFIX)?.strip_prefix(':')?;
    let [kind, game, request, answer] = rest.split(':').collect::<Vec<_>>()[..] else {
        return None;
    };
    let kind = [VoteKind::Undo, VoteKind::Abort]
        .into_iter()
        .find(|k| k.word() == kind)?;
    let agree = match answer {
        "yes" => true,
        "no" => false,
        _ => return None,
    };
    let ticket = VoteTicket {
        kind,
        game: game.parse().ok()?,
        request: request.parse().ok()?,
    };
    Some((ticket, agree))
}

/// The "agree" and "refuse" buttons of `ticket`.
pub fn buttons(ticket: VoteTicket) -> Vec<serenity::CreateButton> {
    let agree = match ticket.kind {
        VoteKind::Undo => "Agree to undo",
        VoteKind::Abort => "Agree to abort",
    };
    vec![
        serenity::CreateButton::new(custom_id(ticket, true))
            .label(agree)
            .style(serenity::ButtonStyle::Success),
        serenity::CreateButton::new(custom_id(ticket, false))
            .label("Refuse")
            .style(serenity::ButtonStyle::Danger),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_name_their_request_and_read_back() {
        let ticket = VoteTicket {
            kind: VoteKind::Abort,
            game: i64::MAX,
            request: i64::MAX,
        };
        let id = custom_id(ticket, false);
        assert!(id.len() <= 100, "{id}");
        assert_eq!(parse(&id), Some((ticket, false)));
        let undo = VoteTicket {
            kind: VoteKind::Undo,
            game: 7,
            request: 12,
        };
        assert_eq!(custom_id(undo, true), "rh:vote:undo:7:12:yes");
        assert_eq!(parse("rh:vote:undo:7:12:yes"), Some((undo, true)));
        for bad in [
            "rh:undo:agree",
            "rh:vote:undo:7:12",
            "rh:vote:redo:7:12:yes",
            "rh:vote:undo:x:12:yes",
            "rh:vote:undo:7:12:maybe",
            "rh:vote:undo:7:12:yes:more",
        ] {
            assert_eq!(parse(bad), None, "{bad}");
        }
    }
}
