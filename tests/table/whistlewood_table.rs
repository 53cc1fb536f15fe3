//! Whistlewood Express through the table, as Discord and the terminal use it: a solo game against the
//! Automa whose turns arrive in the player's reply, and a two-player game with private hands.

use std::path::Path;

use roundhouse::store::Store;
use roundhouse::table::{Caller, Command, Place, Reply, Table, TableOptions};

const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";

fn table_at(path: &Path) -> Table {
    Table::new(Store::open(path).unwrap(), TableOptions::default())
}

fn alice() -> Caller {
    Caller::new("u-alice", "Alice")
}

fn bob() -> Caller {
    Caller::new("u-bob", "Bob")
}

fn place() -> Place {
    Place::channel("chan-ww")
}

fn open(table: &Table, options: &[(&str, &str)], seed: u64) -> Reply {
    table
        .handle(
            &place(),
            &alice(),
            Command::New {
                game: "whistlewood".into(),
                options: options
                    .iter()
                    .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
                    .collect(),
                seed: Some(seed),
                sit: true,
            },
        )
        .unwrap()
}

fn public_text(reply: &Reply) -> String {
    reply
        .public
        .as_ref()
        .map(|p| p.text.clone())
        .unwrap_or_default()
}

#[test]
fn a_solo_game_reports_the_automas_turns_in_the_players_reply_and_ends_with_its_result() {
    let dir = tempfile::tempdir().unwrap();
    let table = table_at(&dir.path().join("t.db"));
    open(&table, &[("level", "2")], 11);
    let start = table.handle(&place(), &alice(), Command::Start).unwrap();
    assert!(
        public_text(&start).contains("Whistlewood Express"),
        "{}",
        public_text(&start)
    );
    let legal = table.legal_moves(&place(), &alice(), "").unwrap();
    let notations: Vec<&str> = legal.iter().map(|m| m.notation.as_str()).collect();
    assert_eq!(notations, ["from left", "from right"]);

    let reply = table
        .handle(&place(), &alice(), Command::Move("from left".into()))
        .unwrap();
    let text = public_text(&reply);
    assert_eq!(text.matches("The Automa places").count(), 2, "{text}");
    let post = reply.public.unwrap();
    assert!(post.image.unwrap().png.starts_with(PNG_SIGNATURE));

    // A refused step changes nothing and says what would be legal.
    let version = table.store().open_game("chan-ww").unwrap().unwrap().version;
    let error = table
        .handle(&place(), &alice(), Command::Move("claim 9 top".into()))
        .unwrap_err();
    assert!(error.to_string().contains("columns are 1 to 5"), "{error}");
    assert_eq!(
        table.store().open_game("chan-ww").unwrap().unwrap().version,
        version
    );

    let id = table.store().open_game("chan-ww").unwrap().unwrap().id;
    let mut automa_turns = 0;
    let mut last = String::new();
    for _ in 0..300 {
        if table.store().open_game("chan-ww").unwrap().is_none() {
            break;
        }
        let legal = table.legal_moves(&place(), &alice(), "").unwrap();
        let reply = table
            .handle(&place(), &alice(), Command::Move(legal[0].notation.clone()))
            .unwrap();
        let text = public_text(&reply);
        if text.contains("The Automa's turn") {
            automa_turns += 1;
        }
        last = text;
    }
    assert!(automa_turns > 2);
    assert!(
        table.store().open_game("chan-ww").unwrap().is_none(),
        "the game ended"
    );
    assert!(last.contains("Automa (level 2)"), "{last}");
    let results = table.store().results(id).unwrap();
    assert_eq!(results.len(), 2, "the seat and the Automa");
    let alice = results.iter().find(|r| r.seat == 0).unwrap();
    assert_eq!(alice.user_id.as_deref(), Some("u-alice"));
    let automa = results.iter().find(|r| r.seat == 1).unwrap();
    assert_eq!(
        (automa.user_id.as_deref(), automa.name.as_str()),
        (None, "Automa (level 2)")
    );
}

#[test]
fn a_two_player_game_keeps_each_hand_private() {
    let dir = tempfile::tempdir().unwrap();
    let table = table_at(&dir.path().join("t.db"));
    open(&table, &[], 5);
    table.handle(&place(), &bob(), Command::Join).unwrap();
    table.handle(&place(), &alice(), Command::Start).unwrap();
    for person in [alice(), bob()] {
        let hand = table.handle(&place(), &person, Command::Hand).unwrap();
        assert!(
            hand.public.is_none(),
            "a hand is never shown to the channel"
        );
        let private = hand.private.unwrap();
        assert!(private.text.contains("Your hand:"), "{}", private.text);
        assert!(private.image.unwrap().png.starts_with(PNG_SIGNATURE));
    }
    let board = table.handle(&place(), &bob(), Command::Board).unwrap();
    let text = public_text(&board);
    assert!(!text.contains("Your hand"), "{text}");
    assert!(text.contains("hand 3, draw pile 6"), "{text}");
}

#[test]
fn in_solo_a_step_may_be_taken_back_unless_the_automa_has_shown_its_tiles_since() {
    let dir = tempfile::tempdir().unwrap();
    let table = table_at(&dir.path().join("t.db"));
    open(&table, &[("level", "1")], 3);
    table.handle(&place(), &alice(), Command::Start).unwrap();
    table
        .handle(&place(), &alice(), Command::Move("from left".into()))
        .unwrap();
    let refused = table
        .handle(&place(), &alice(), Command::Undo)
        .unwrap_err()
        .to_string();
    assert!(refused.contains("an Automa's tile"), "{refused}");

    // The first action of the player's turn reveals nothing: taking it back needs no one's consent.
    let first = table.legal_moves(&place(), &alice(), "place").unwrap()[0]
        .notation
        .clone();
    let before = table.legal_moves(&place(), &alice(), "").unwrap();
    table
        .handle(&place(), &alice(), Command::Move(first))
        .unwrap();
    let undone = table.handle(&place(), &alice(), Command::Undo).unwrap();
    assert!(
        public_text(&undone).contains("took back"),
        "{}",
        public_text(&undone)
    );
    let after = table.legal_moves(&place(), &alice(), "").unwrap();
    assert_eq!(before, after, "the position is as before the step");
}
