//! The fake's referee, Discord's own API description: the kept part is what the shared copy gives, and
//! it refuses what Discord documents as refused while passing what the bot sends.

use std::path::Path;

use serde_json::{Value, json};

use crate::fake_discord::api::{self, ApiRequest, Refused};

/// Where the full description lies beside a checkout (`../shared`), when it does.
const SHARED: &str = "../shared/discord-api-spec/openapi.json";
/// The kept part, in the repository.
const KEPT: &str = "tests/data/discord-api/openapi.json";

/// The kept description must be exactly the cut of the shared one (run with
/// `ROUNDHOUSE_WRITE_DISCORD_API=1` to write it anew after changing `api::ROUTES` or the shared copy).
/// On a clone without `../shared` there is nothing to compare with, and the kept copy stands.
#[test]
fn the_kept_description_is_cut_from_the_shared_one() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let Ok(text) = std::fs::read_to_string(root.join(SHARED)) else {
        eprintln!("no {SHARED} beside this checkout: the kept description is not compared");
        return;
    };
    let full: Value = serde_json::from_str(&text).expect("the shared description is JSON");
    let cut = api::subset(&full).expect("every route the bot calls is described");
    let written = serde_json::to_string_pretty(&cut).unwrap() + "\n";
    if std::env::var_os("ROUNDHOUSE_WRITE_DISCORD_API").is_some() {
        std::fs::write(root.join(KEPT), &written).unwrap();
    }
    let kept = std::fs::read_to_string(root.join(KEPT)).unwrap();
    assert!(
        kept == written,
        "{KEPT} is not the cut of {SHARED}: run ROUNDHOUSE_WRITE_DISCORD_API=1 cargo test --test discord discord_api"
    );
}

/// The problems Discord's description finds with a request to a route it describes.
fn problems(request: &ApiRequest<'_>) -> Vec<String> {
    match api::check_request(request) {
        Ok(()) => Vec::new(),
        Err(Refused::Invalid(problems)) => problems,
        Err(Refused::UnknownRoute(why)) => panic!("{why}"),
    }
}

fn post_message(body: &Value) -> Vec<String> {
    problems(&ApiRequest {
        method: "POST",
        path: "/channels/900000000000000100/messages",
        query: &[],
        media_type: Some("application/json"),
        body,
        file_fields: &[],
    })
}

fn button(label: &str, custom_id: &str) -> Value {
    json!({"type": 2, "style": 1, "label": label, "custom_id": custom_id})
}

#[test]
fn a_message_within_discords_limits_passes() {
    let body = json!({
        "content": "x".repeat(2000),
        "components": [{"type": 1, "components": [button("View hand", "hand:1")]}],
        "allowed_mentions": {"parse": [], "users": ["900000000000000001"]},
        "nonce": "daily-2026-11-28",
        "enforce_nonce": true,
    });
    assert_eq!(post_message(&body), Vec::<String>::new());
}

/// The description allows 4000 characters; Discord's documentation (which wins where they differ) says
/// 2000 (<https://discord.com/developers/docs/resources/message#create-message>), and the fake's own
/// message check holds the bot to that.
#[test]
fn content_over_the_described_4000_characters_is_refused() {
    let problems = post_message(&json!({"content": "x".repeat(4001)}));
    assert!(
        problems.iter().any(|p| p.contains("/content")),
        "{problems:?}"
    );
}

#[test]
fn a_sixth_button_in_a_row_and_an_81_character_label_are_refused() {
    let row: Vec<Value> = (0..6).map(|i| button("b", &format!("b{i}"))).collect();
    let problems = post_message(&json!({"components": [{"type": 1, "components": row}]}));
    assert!(!problems.is_empty(), "six buttons in a row passed");
    let long = button(&"l".repeat(81), "long");
    let problems = post_message(&json!({"components": [{"type": 1, "components": [long]}]}));
    assert!(!problems.is_empty(), "an 81-character label passed");
}

#[test]
fn a_route_discord_does_not_describe_is_refused() {
    let refused = api::check_request(&ApiRequest {
        method: "DELETE",
        path: "/channels/900000000000000100/messages",
        query: &[],
        media_type: None,
        body: &Value::Null,
        file_fields: &[],
    });
    assert!(
        matches!(&refused, Err(Refused::UnknownRoute(why)) if why.contains("DELETE")),
        "{refused:?}"
    );
}

#[test]
fn query_parameters_are_checked_by_name_and_range() {
    let list = |query: &[(String, String)]| {
        problems(&ApiRequest {
            method: "GET",
            path: "/channels/900000000000000100/messages",
            query,
            media_type: None,
            body: &Value::Null,
            file_fields: &[],
        })
    };
    let pair = |name: &str, value: &str| (name.to_string(), value.to_string());
    assert_eq!(list(&[pair("limit", "100")]), Vec::<String>::new());
    assert!(
        !list(&[pair("limit", "101")]).is_empty(),
        "limit 101 passed"
    );
    assert!(
        !list(&[pair("limit", "ten")]).is_empty(),
        "limit ten passed"
    );
    assert!(
        !list(&[pair("sort", "asc")]).is_empty(),
        "an unknown parameter passed"
    );
    assert!(
        !list(&[pair("after", "-1")]).is_empty(),
        "a bad snowflake passed"
    );
}

#[test]
fn a_path_parameter_that_is_no_snowflake_is_refused() {
    let problems = post_message_to("/channels/general/messages");
    assert!(!problems.is_empty(), "a channel named `general` passed");
}

fn post_message_to(path: &str) -> Vec<String> {
    problems(&ApiRequest {
        method: "POST",
        path,
        query: &[],
        media_type: Some("application/json"),
        body: &json!({"content": "hello"}),
        file_fields: &[],
    })
}

#[test]
fn answers_are_checked_against_the_response_schemas() {
    let path = "/channels/900000000000000100/messages";
    let problems = api::check_response("POST", path, 200, Some(&json!({"content": "no id"})));
    assert!(!problems.is_empty(), "a message without an id passed");
    let error = json!({"message": "Invalid Form Body", "code": 50035});
    assert_eq!(
        api::check_response("POST", path, 400, Some(&error)),
        Vec::<String>::new()
    );
}

/// An edit of a channel message as the bot sends it, with a new picture described in `description`.
fn edit_with_picture(description: &str) -> Vec<String> {
    problems(&ApiRequest {
        method: "PATCH",
        path: "/channels/900000000000000100/messages/900000000000000200",
        query: &[],
        media_type: Some("multipart/form-data"),
        body: &json!({
            "content": "alice draws 2 cards.\nNow: alice.",
            "components": [],
            "allowed_mentions": {"parse": [], "users": [], "roles": []},
            "attachments": [{"id": 0, "filename": "board.png", "description": description}],
        }),
        file_fields: &["files[0]".to_owned()],
    })
}

/// A picture's alt text (an attachment's `description`) may be 1024 characters, in a new message or
/// an edit (<https://discord.com/developers/docs/resources/message#attachment-object>).
#[test]
fn an_edit_replacing_the_picture_is_checked_and_its_alt_text_limited_to_1024_characters() {
    assert_eq!(edit_with_picture(&"x".repeat(1024)), Vec::<String>::new());
    let problems = edit_with_picture(&"x".repeat(1025));
    assert!(
        problems.iter().any(|p| p.contains("description")),
        "{problems:?}"
    );
}
