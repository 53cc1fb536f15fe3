//! Who may end a game and who may vote, as table sessions: abort in play by everyone's agreement or by a
//! member who manages the channel; lobbies ended by their host (or that member) and expiring when left
//! alone; a resigned player a spectator for every purpose; vote buttons that answer only their own request,
//! also after a restart.

use std::path::Path;

use roundhouse::clock::ManualClock;
use roundhouse::store::{Status, Store};
use roundhouse::table::{
    Caller, Command, Place, PostAction, ReminderPolicy, Reply, Table, TableError, TableOptions,
    VoteKind, VoteOn, VoteTicket,
};

const HOUR: i64 = 3600;

/// The moment the tables' clock starts at: 2026-11-21 12:00 UTC.
const T0: i64 = 1_795_262_400;

const CHANNEL: &str = "perm-chan";

fn table_at(path: &Path, clock: &ManualClock) -> Table {
    let options = TableOptions {
        pictures: false,
        reminders: ReminderPolicy::default(),
        limits: Default::default(),
        web_url: None,
    };
    Table::new(
        Store::open_with_clock(path, clock.clock()).unwrap(),
        options,
    )
}

fn person(name: &str) -> Caller {
    Caller::new(format!("u-{name}"), name)
}
fn alice() -> Caller {
    person("Alice")
}
fn bob() -> Caller {
    person("Bob")
}
fn carol() -> Caller {
    person("Carol")
}
fn moderator() -> Caller {
    Caller {
        manages_channel: true,
        ..person("Mod")
    }
}

fn place() -> Place {
    Place::channel(CHANNEL)
}

/// Opens a Yardmaster game hosted by the first of `people`, seats the others, and (if `start`) starts it.
fn open(table: &Table, people: &[Caller], options: &[(&str, &str)], start: bool) {
    let new = Command::New {
        game: "yardmaster".into(),
        options: options
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect(),
        seed: Some(31),
        sit: true,
    };
    table.handle(&place(), &people[0], new).unwrap();
    for p in &people[1..] {
        table.handle(&place(), p, Command::Join).unwrap();
    }
    if start {
        table.handle(&place(), &people[0], Command::Start).unwrap();
    }
}

fn status(table: &Table) -> Option<Status> {
    table
        .store()
        .open_game(CHANNEL)
        .unwrap()
        .map(|record| record.status)
}

fn answer(kind: VoteKind, agree: bool) -> Command {
    Command::Vote {
        on: VoteOn::Pending(kind),
        agree,
    }
}

fn click(ticket: VoteTicket, agree: bool) -> Command {
    Command::Vote {
        on: VoteOn::Ticket(ticket),
        agree,
    }
}

/// The request a vote post's buttons belong to.
fn ticket(reply: &Reply) -> VoteTicket {
    let post = reply.public.as_ref().expect("a public post");
    post.actions
        .iter()
        .find_map(|a| match a {
            PostAction::Vote(ticket) => Some(*ticket),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no vote buttons: {post:?}"))
}

fn user_ids(people: &[Caller]) -> Vec<String> {
    people.iter().map(|p| p.user_id.clone()).collect()
}

/// Makes the first legal move of whoever must act; returns who moved.
fn play_one(table: &Table, people: &[Caller]) -> Caller {
    let waiting = table.people_to_act(&place()).unwrap();
    let mover = people
        .iter()
        .find(|p| p.user_id == waiting[0])
        .expect("a person acts")
        .clone();
    let notation = table.legal_moves(&place(), &mover, "").unwrap()[0]
        .notation
        .clone();
    table
        .handle(&place(), &mover, Command::Move(notation))
        .unwrap();
    mover
}

#[test]
fn abort_in_play_needs_every_remaining_person_and_ends_without_result() {
    let dir = tempfile::tempdir().unwrap();
    let table = table_at(&dir.path().join("t.db"), &ManualClock::at(T0));
    open(&table, &[alice(), bob(), carol()], &[], true);
    let id = table.store().open_game(CHANNEL).unwrap().unwrap().id;

    let ask = table.handle(&place(), &bob(), Command::Abort).unwrap();
    assert_eq!(
        ask.public.as_ref().unwrap().mentions,
        user_ids(&[alice(), carol()])
    );
    assert_eq!(ticket(&ask).kind, VoteKind::Abort);
    assert_eq!(status(&table), Some(Status::Active), "asking ends nothing");
    let own = table
        .handle(&place(), &bob(), answer(VoteKind::Abort, true))
        .unwrap_err();
    assert!(matches!(own, TableError::NoVote(_)), "{own:?}");

    let half = table
        .handle(&place(), &alice(), answer(VoteKind::Abort, true))
        .unwrap();
    assert_eq!(half.public.unwrap().mentions, user_ids(&[carol()]));
    assert_eq!(status(&table), Some(Status::Active), "Carol has not agreed");

    let done = table
        .handle(&place(), &carol(), answer(VoteKind::Abort, true))
        .unwrap();
    assert!(
        done.public.unwrap().text.contains("No result"),
        "the channel hears the game ended"
    );
    assert_eq!(status(&table), None);
    let record = table.store().game(id).unwrap().unwrap();
    assert_eq!(record.status, Status::Aborted);
    assert!(table.store().results(id).unwrap().is_empty());
}

#[test]
fn one_refusal_keeps_the_game_going() {
    let dir = tempfile::tempdir().unwrap();
    let table = table_at(&dir.path().join("t.db"), &ManualClock::at(T0));
    open(&table, &[alice(), bob(), carol()], &[], true);

    table.handle(&place(), &alice(), Command::Abort).unwrap();
    table
        .handle(&place(), &bob(), answer(VoteKind::Abort, true))
        .unwrap();
    let refused = table
        .handle(&place(), &carol(), answer(VoteKind::Abort, false))
        .unwrap();
    assert!(
        refused.public.unwrap().text.contains("goes on"),
        "the refusal is announced"
    );
    assert_eq!(status(&table), Some(Status::Active));
    let late = table
        .handle(&place(), &carol(), answer(VoteKind::Abort, true))
        .unwrap_err();
    assert!(matches!(late, TableError::NoVote(_)), "the vote is over");
    play_one(&table, &[alice(), bob(), carol()]);
    assert_eq!(status(&table), Some(Status::Active), "play goes on");
}

#[test]
fn a_seated_player_alone_cannot_abort_a_game_with_other_people() {
    let dir = tempfile::tempdir().unwrap();
    let table = table_at(&dir.path().join("t.db"), &ManualClock::at(T0));
    open(&table, &[alice(), bob()], &[], true);
    let ask = table.handle(&place(), &alice(), Command::Abort).unwrap();
    assert_eq!(ask.public.unwrap().mentions, user_ids(&[bob()]));
    assert_eq!(status(&table), Some(Status::Active), "asking ends nothing");
    let again = table
        .handle(&place(), &alice(), Command::Abort)
        .unwrap_err();
    assert!(again.to_string().contains("already waiting"), "{again}");
    assert_eq!(status(&table), Some(Status::Active));
    let err = table
        .handle(&place(), &carol(), Command::Abort)
        .unwrap_err();
    assert!(matches!(err, TableError::NotAllowed(_)), "{err:?}");
    assert_eq!(status(&table), Some(Status::Active));
}

#[test]
fn a_member_who_manages_the_channel_aborts_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let table = table_at(&dir.path().join("t.db"), &ManualClock::at(T0));
    open(&table, &[alice(), bob()], &[], true);
    table.handle(&place(), &alice(), Command::Abort).unwrap();
    let reply = table
        .handle(&place(), &moderator(), Command::Abort)
        .unwrap();
    assert!(reply.public.unwrap().text.contains("Mod aborted"));
    assert_eq!(status(&table), None);

    // A player who manages the channel needs no vote either.
    open(&table, &[alice(), bob()], &[], true);
    let seated_moderator = Caller {
        manages_channel: true,
        ..alice()
    };
    table
        .handle(&place(), &seated_moderator, Command::Abort)
        .unwrap();
    assert_eq!(status(&table), None);
}

#[test]
fn a_resigned_host_can_neither_abort_nor_vote() {
    let dir = tempfile::tempdir().unwrap();
    let table = table_at(&dir.path().join("t.db"), &ManualClock::at(T0));
    open(&table, &[alice(), bob(), carol()], &[], true);
    table.handle(&place(), &alice(), Command::Resign).unwrap();

    let err = table
        .handle(&place(), &alice(), Command::Abort)
        .unwrap_err();
    assert_eq!(err, TableError::Resigned);
    assert_eq!(status(&table), Some(Status::Active));

    let ask = table.handle(&place(), &bob(), Command::Abort).unwrap();
    assert_eq!(
        ask.public.unwrap().mentions,
        user_ids(&[carol()]),
        "only people still playing are asked"
    );
    let err = table
        .handle(&place(), &alice(), answer(VoteKind::Abort, true))
        .unwrap_err();
    assert_eq!(err, TableError::Resigned);
    let err = table
        .handle(&place(), &alice(), Command::Legal { path: Vec::new() })
        .unwrap_err();
    assert_eq!(err, TableError::Resigned, "a spectator has no moves");
    assert_eq!(status(&table), Some(Status::Active));
    table
        .handle(&place(), &carol(), answer(VoteKind::Abort, true))
        .unwrap();
    assert_eq!(status(&table), None, "Bob and Carol are all who decide");
}

#[test]
fn a_lobby_is_ended_by_its_host_or_a_channel_manager_only() {
    let dir = tempfile::tempdir().unwrap();
    let table = table_at(&dir.path().join("t.db"), &ManualClock::at(T0));
    open(&table, &[alice(), bob()], &[], false);
    for stranger in [bob(), carol()] {
        let err = table
            .handle(&place(), &stranger, Command::Abort)
            .unwrap_err();
        assert!(matches!(err, TableError::NotAllowed(_)), "{err:?}");
        assert_eq!(status(&table), Some(Status::Lobby));
    }
    table.handle(&place(), &alice(), Command::Abort).unwrap();
    assert_eq!(status(&table), None);

    open(&table, &[bob()], &[], false);
    table
        .handle(&place(), &moderator(), Command::Abort)
        .unwrap();
    assert_eq!(status(&table), None);
}

#[test]
fn a_lobby_left_alone_expires_and_the_channel_is_told() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::at(T0);
    let table = table_at(&dir.path().join("t.db"), &clock);
    let limit = ReminderPolicy::default().lobby_expire_secs;
    assert_eq!(limit, 48 * HOUR);
    open(&table, &[alice()], &[], false);

    // A join restarts the wait: the lobby lives on past the limit counted from its opening.
    clock.set(T0 + 30 * HOUR);
    table.handle(&place(), &bob(), Command::Join).unwrap();
    assert!(table.reminders_due(T0 + limit).unwrap().is_empty());
    assert_eq!(status(&table), Some(Status::Lobby));

    let notices = table.reminders_due(T0 + 30 * HOUR + limit).unwrap();
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert_eq!(notices[0].channel, CHANNEL);
    assert!(
        notices[0].post.text.contains("expired"),
        "{}",
        notices[0].post.text
    );
    assert_eq!(status(&table), None, "the channel is free");
    assert!(table.reminders_due(T0 + 100 * HOUR).unwrap().is_empty());
}

#[test]
fn a_resigned_players_history_hides_the_seats_private_events() {
    let dir = tempfile::tempdir().unwrap();
    let table = table_at(&dir.path().join("t.db"), &ManualClock::at(T0));
    let people = [alice(), bob(), carol()];
    // In the turn-draw variant a mover draws right after their move: a private event of the seat.
    open(&table, &people, &[("draw", "end")], true);
    let mover = play_one(&table, &people);
    let spectator = person("Dave");
    let history = |who: &Caller| {
        table
            .handle(&place(), who, Command::History)
            .unwrap()
            .private
            .unwrap()
            .text
    };
    assert_ne!(
        history(&mover),
        history(&spectator),
        "while playing, the mover reads their own draw"
    );

    table.handle(&place(), &mover, Command::Resign).unwrap();
    assert_eq!(
        history(&mover),
        history(&spectator),
        "after resigning, they read what any spectator reads"
    );
    let err = table.handle(&place(), &mover, Command::Hand).unwrap_err();
    assert_eq!(err, TableError::Resigned);
}

#[test]
fn an_old_undo_button_never_votes_on_a_newer_request_even_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.db");
    let clock = ManualClock::at(T0);
    let table = table_at(&path, &clock);
    let people = [alice(), bob()];
    open(&table, &people, &[], true);
    let id = table.store().open_game(CHANNEL).unwrap().unwrap().id;
    let first = play_one(&table, &people);
    let second = people.iter().find(|p| **p != first).unwrap().clone();

    let old = ticket(&table.handle(&place(), &first, Command::Undo).unwrap());
    table.handle(&place(), &second, click(old, false)).unwrap();
    let new = ticket(&table.handle(&place(), &first, Command::Undo).unwrap());
    assert_ne!(old, new, "each request has its own buttons");

    let stale = table
        .handle(&place(), &second, click(old, true))
        .unwrap_err();
    assert!(stale.to_string().contains("vote is over"), "{stale}");
    assert_eq!(
        table.store().moves(id).unwrap().len(),
        1,
        "nothing taken back"
    );
    let record = table.store().game(id).unwrap().unwrap();
    assert_eq!(record.vote.map(|v| v.approvals), Some(Vec::new()));

    // A restart keeps the pending request, and its buttons still answer it.
    drop(table);
    let table = table_at(&path, &clock);
    let done = table.handle(&place(), &second, click(new, true)).unwrap();
    assert!(done.public.unwrap().text.contains("taken back"));
    assert!(table.store().moves(id).unwrap().is_empty());
}
