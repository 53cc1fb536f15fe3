//! What people see when the table refuses: long input quoted in short, commands suggested in the front
//! end's own words, and nothing of our internals.

use roundhouse::bots::BotLevel;
use roundhouse::store::{NewGame, Store, StoreError};
use roundhouse::table::{
    Caller, Command, CommandSyntax, Place, Suggestion, Table, TableError, TableOptions,
    TypedCommands,
};

fn table() -> (tempfile::TempDir, Table) {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("t.db")).unwrap();
    let options = TableOptions {
        pictures: false,
        ..TableOptions::default()
    };
    (dir, Table::new(store, options))
}

fn alice() -> Caller {
    Caller::new("u-alice", "Alice")
}

fn bob() -> Caller {
    Caller::new("u-bob", "Bob")
}

fn place() -> Place {
    Place::channel("chan-errors")
}

fn new_game(game: &str) -> Command {
    Command::New {
        game: game.into(),
        options: Vec::new(),
        seed: Some(11),
        sit: true,
    }
}

/// A started two-player Yardmaster game; returns the person to act.
fn started(table: &Table) -> Caller {
    table
        .handle(&place(), &alice(), new_game("yardmaster"))
        .unwrap();
    table.handle(&place(), &bob(), Command::Join).unwrap();
    table.handle(&place(), &alice(), Command::Start).unwrap();
    let to_act = table.people_to_act(&place()).unwrap();
    [alice(), bob()]
        .into_iter()
        .find(|c| c.user_id == to_act[0])
        .unwrap()
}

/// A syntax unlike any front end's, to show the table leaves command words to the caller.
struct Shouting;

impl CommandSyntax for Shouting {
    fn command(&self, suggestion: Suggestion) -> String {
        format!("{suggestion:?}!").to_uppercase()
    }
}

#[test]
fn a_multi_megabyte_move_is_refused_in_a_short_reply_and_changes_nothing() {
    let (_dir, table) = table();
    let mover = started(&table);
    let before = table.store().open_game("chan-errors").unwrap().unwrap();
    let huge = format!("up {}", "Y2|Y3 ".repeat(1_000_000));
    let err = table
        .handle(&place(), &mover, Command::Move(huge.clone()))
        .unwrap_err();
    let TableError::IllegalMove { message, legal } = &err else {
        panic!("expected an illegal move, got {err:?}");
    };
    assert!(message.len() < 300, "{message}");
    assert!(message.starts_with("`up Y2|Y3 Y2|Y3"), "{message}");
    assert!(
        message.contains(&format!("({} characters)", huge.chars().count())),
        "{message}"
    );
    assert!(!legal.is_empty(), "the refusal still lists what is legal");
    assert!(err.explain(&TypedCommands).len() < 2000);
    let after = table.store().open_game("chan-errors").unwrap().unwrap();
    assert_eq!(after.version, before.version, "nothing changed");
}

#[test]
fn a_long_unknown_game_name_is_quoted_in_short() {
    let (_dir, table) = table();
    let name = "x".repeat(3_000_000);
    let err = table
        .handle(&place(), &alice(), new_game(&name))
        .unwrap_err();
    assert!(matches!(err, TableError::UnknownGame { .. }), "{err:?}");
    let text = err.to_string();
    assert!(text.len() < 300, "{text}");
    assert!(text.contains("(3000000 characters)"), "{text}");
    assert!(text.contains("yardmaster"), "the games on offer: {text}");
}

#[test]
fn refusals_suggest_commands_that_each_front_end_writes_its_own_way() {
    let (_dir, table) = table();
    let no_game = table
        .handle(&place(), &alice(), Command::Board)
        .unwrap_err();
    assert!(matches!(no_game, TableError::NoGame { .. }));
    assert!(no_game.to_string().contains("Start one with `new <game>`"));
    assert!(
        no_game
            .render(&Shouting)
            .contains("Start one with NEWGAME!"),
        "{}",
        no_game.render(&Shouting)
    );

    table
        .handle(&place(), &alice(), new_game("yardmaster"))
        .unwrap();
    let too_few = table
        .handle(&place(), &alice(), Command::Start)
        .unwrap_err();
    assert_eq!(
        too_few.render(&TypedCommands),
        "Yardmaster Express needs 2 to 5 players; this game has 1. Invite players with `join` or add bots \
         with `bot add`."
    );
    assert!(
        too_few
            .render(&Shouting)
            .ends_with("with JOIN! or add bots with ADDBOT!.")
    );

    let stranger = Caller::new("u-eve", "Eve");
    let not_seated = table
        .handle(
            &place(),
            &stranger,
            Command::AddBot {
                level: BotLevel::Normal,
            },
        )
        .unwrap_err();
    assert_eq!(not_seated, TableError::PlayersOnly { what: "add bots" });
    assert!(
        not_seated
            .to_string()
            .ends_with("can add bots; `join` first.")
    );
    let not_joined = table
        .handle(&place(), &stranger, Command::Leave)
        .unwrap_err();
    assert_eq!(not_joined, TableError::NotAPlayer { started: false });
    assert!(not_joined.to_string().contains("take a seat with `join`"));

    table.handle(&place(), &bob(), Command::Join).unwrap();
    table.handle(&place(), &alice(), Command::Start).unwrap();
    let watcher = table
        .handle(&place(), &stranger, Command::Hand)
        .unwrap_err();
    assert_eq!(watcher, TableError::NotAPlayer { started: true });
    assert!(watcher.to_string().contains("you can watch with `board`"));
    assert!(
        watcher
            .render(&Shouting)
            .contains("you can watch with BOARD!")
    );
}

#[test]
fn a_failure_on_our_side_shows_no_internals() {
    let (_dir, table) = table();
    table
        .store()
        .create_game(&NewGame {
            channel: "chan-errors".into(),
            guild: None,
            kind: "no-such-game-in-this-build".into(),
            options: "{}".into(),
            seed: 1,
            host: "u-alice".into(),
            seats: Vec::new(),
        })
        .unwrap();
    let err = table.handle(&place(), &alice(), Command::Join).unwrap_err();
    let TableError::Internal(detail) = &err else {
        panic!("expected an internal failure, got {err:?}");
    };
    assert!(
        detail.detail().contains("no-such-game-in-this-build"),
        "the log keeps the detail"
    );
    for shown in [
        err.to_string(),
        err.explain(&TypedCommands),
        err.render(&Shouting),
    ] {
        assert_eq!(
            shown,
            "Something went wrong on our side and nothing was changed. Please try again."
        );
    }
}

#[test]
fn an_unreachable_database_asks_to_try_again_and_shows_nothing_of_it() {
    let detail =
        "error connecting to server: Connection refused (os error 111) at db.internal:5432";
    let err = TableError::from(StoreError::Unreachable(detail.into()));
    let TableError::Unavailable(logged) = &err else {
        panic!("expected an unavailable database, got {err:?}");
    };
    assert_eq!(logged.detail(), detail, "the log keeps the detail");
    for shown in [
        err.to_string(),
        err.explain(&TypedCommands),
        err.render(&Shouting),
    ] {
        assert_eq!(
            shown,
            "The bot cannot reach its database just now, so nothing was done. Try again in a moment."
        );
    }
}
