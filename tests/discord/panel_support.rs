//! Playing through the turn panel as a person would: open it (with `/turn` or a turn message's "Take
//! your turn" button), read its choices, tap one, and see the panel as it was edited in place.

use serde_json::{Value, json};

use crate::discord::{CHANNEL, GUILD, WAIT, command};
use crate::fake_discord::{FakeDiscord, FakeUser, Sent};

/// One thing a person can tap on a panel: a button, or an option of a select menu.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Choice {
    /// A button: its id and label.
    Button { id: String, label: String },
    /// An option of a select menu: the menu's id, the option's value and label.
    Option {
        menu: String,
        value: String,
        label: String,
    },
}

impl Choice {
    /// What the choice says.
    pub fn label(&self) -> &str {
        match self {
            Choice::Button { label, .. } | Choice::Option { label, .. } => label,
        }
    }
}

/// Opens `user`'s panel with `/turn`; it must be private and ping nobody.
pub(crate) async fn open_with_command(fake: &FakeDiscord, user: &FakeUser) -> Sent {
    let panel = command(fake, user, "turn", json!({})).await;
    assert_private_panel(&panel);
    panel
}

/// Opens `user`'s panel with the "Take your turn" button of `message` (a turn message).
pub(crate) async fn open_with_button(fake: &FakeDiscord, user: &FakeUser, message: &Sent) -> Sent {
    let before = fake.channel_message_count(CHANNEL);
    let id = fake.click(user, GUILD, CHANNEL, message, "rh:turn").await;
    let panel = fake.reply(id, WAIT).await;
    assert_eq!(
        fake.channel_message_count(CHANNEL),
        before,
        "opening a panel posts nothing"
    );
    assert_private_panel(&panel);
    panel
}

/// The newest channel message with a "Take your turn" button.
pub(crate) fn latest_turn_message(fake: &FakeDiscord) -> Option<Sent> {
    fake.channel_messages(CHANNEL)
        .into_iter()
        .rev()
        .find(|sent| sent.custom_ids.iter().any(|id| id == "rh:turn"))
}

/// Checks what every panel is: ephemeral, pinging nobody, its picture described.
fn assert_private_panel(panel: &Sent) {
    assert!(panel.ephemeral, "a panel is private: {}", panel.content);
    assert!(panel.notified.is_empty(), "a panel pings nobody: {panel:?}");
    for attachment in panel.message["attachments"]
        .as_array()
        .into_iter()
        .flatten()
    {
        let described = attachment["description"].as_str().unwrap_or("");
        assert!(
            !described.is_empty(),
            "a panel picture has alt text: {attachment}"
        );
    }
    assert!(
        panel.custom_ids.iter().any(|id| id == "rh:panel"),
        "a panel can be refreshed: {:?} {}",
        panel.custom_ids,
        panel.content
    );
}

/// The choices a panel offers: its buttons and menu options, and the buttons that turn its pages,
/// but not Back, Undo or Refresh.
pub(crate) fn choices(panel: &Sent) -> Vec<Choice> {
    let rows = panel.components.as_array().cloned().unwrap_or_default();
    let mut found = Vec::new();
    for (at, row) in rows.iter().enumerate() {
        let last = at + 1 == rows.len();
        for component in row["components"].as_array().into_iter().flatten() {
            let id = text(&component["custom_id"]);
            if component["type"] == 3 {
                for option in component["options"].as_array().into_iter().flatten() {
                    found.push(Choice::Option {
                        menu: id.clone(),
                        value: text(&option["value"]),
                        label: text(&option["label"]),
                    });
                }
            } else if !last || text(&component["label"]).contains("choices") {
                found.push(Choice::Button {
                    id,
                    label: text(&component["label"]),
                });
            }
        }
    }
    found
}

/// The game version a panel was drawn at (from its choices' ids), if it offers any.
pub(crate) fn version(panel: &Sent) -> Option<i64> {
    panel.custom_ids.iter().find_map(|id| {
        let rest = id.strip_prefix("rh:tap:").or(id.strip_prefix("rh:pick:"))?;
        rest.split(':').next()?.parse().ok()
    })
}

/// Taps `choice` on `panel` as `user`: Discord is told at once that the panel will be updated
/// (a deferred update, type 6), then the panel is edited in place; returns it as edited.
pub(crate) async fn tap(
    fake: &FakeDiscord,
    user: &FakeUser,
    panel: &Sent,
    choice: &Choice,
) -> Sent {
    let id = match choice {
        Choice::Button { id, .. } => fake.click(user, GUILD, CHANNEL, panel, id).await,
        Choice::Option { menu, value, .. } => {
            fake.choose(user, GUILD, CHANNEL, panel, menu, value).await
        }
    };
    assert_eq!(
        fake.first_response(id, WAIT).await.callback_type,
        Some(6),
        "a tap is acknowledged as a deferred update"
    );
    let edited = tokio::select! {
        edited = fake.reply(id, WAIT) => edited,
        refused = fake.followups(id, WAIT, 1) => {
            panic!("the tap on {choice:?} was refused: {}", refused[0].content)
        }
    };
    assert_eq!(
        edited.message["id"], panel.message["id"],
        "the panel is edited in place"
    );
    assert_private_panel(&edited);
    edited
}

fn text(value: &Value) -> String {
    value.as_str().unwrap_or_default().to_owned()
}
