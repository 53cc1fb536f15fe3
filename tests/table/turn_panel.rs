//! One message per turn and the private turn panel, through the table: a step that leaves the same
//! people to act brings its turn's message up to date (pinging nobody), a step that changes them begins
//! a new one (pinging the new actors, never the mover); a tap on the panel opens a group, or plays a
//! step exactly as a typed move does, and a tap on a panel the game has moved past plays nothing.

use roundhouse::store::Store;
use roundhouse::table::{Caller, Command, Place, Reply, Table, TableError, TableOptions};

fn place() -> Place {
    Place::channel("panel-1")
}

fn person(id: &str) -> Caller {
    Caller::new(id, id.to_uppercase())
}

/// A started game of `game` for `people`, dealt from `seed`.
fn started(dir: &std::path::Path, game: &str, people: &[&str], seed: u64) -> Table {
    let table = Table::new(
        Store::open(&dir.join("panel.db")).unwrap(),
        TableOptions::default(),
    );
    let new = Command::New {
        game: game.into(),
        options: Vec::new(),
        seed: Some(seed),
        sit: true,
    };
    table.handle(&place(), &person(people[0]), new).unwrap();
    for who in &people[1..] {
        table.handle(&place(), &person(who), Command::Join).unwrap();
    }
    let start = table
        .handle(&place(), &person(people[0]), Command::Start)
        .unwrap();
    assert!(
        start.turn.is_some_and(|t| t.fresh),
        "the start begins a turn"
    );
    table
}

fn acting(table: &Table) -> Vec<String> {
    table.people_to_act(&place()).unwrap()
}

fn logged(table: &Table) -> usize {
    let record = table.store().open_game("panel-1").unwrap().unwrap();
    table.store().moves(record.id).unwrap().len()
}

fn version(table: &Table) -> i64 {
    table.store().open_game("panel-1").unwrap().unwrap().version
}

fn tap(table: &Table, who: &Caller, version: i64, path: &[usize]) -> Reply {
    let command = Command::Tap {
        version,
        path: path.to_vec(),
    };
    table.handle(&place(), who, command).unwrap()
}

#[test]
fn a_turn_is_one_message_begun_when_the_actors_change_and_brought_up_to_date_by_its_steps() {
    let dir = tempfile::tempdir().unwrap();
    let table = started(dir.path(), "express", &["ann", "bo"], 11);
    let (mut edits, mut fresh_posts) = (0, 0);
    let mut turn_lines: Vec<String> = Vec::new();
    for round in 0..300 {
        let before = acting(&table);
        let Some(mover) = before.first().map(|id| person(id)) else {
            break;
        };
        // A spread of steps, not always the first (which may go back and forth, a meld and `reset`),
        // ending the turn with a discard every few steps.
        let legal = table.legal_moves(&place(), &mover, "").unwrap();
        let discard = legal.iter().find(|m| m.notation.starts_with("discard"));
        let step = match discard {
            Some(discard) if round % 3 == 2 => discard.notation.clone(),
            _ => legal[(round * 7919) % legal.len()].notation.clone(),
        };
        let reply = table.handle(&place(), &mover, Command::Move(step)).unwrap();
        let turn = reply.turn.expect("a step tells of its turn");
        let post = reply.public.expect("a step is told in the channel");
        let after = acting(&table);
        let over = after.is_empty();
        assert_eq!(
            turn.fresh,
            after != before || over,
            "a new message exactly when the people to act change: {before:?} -> {after:?}"
        );
        if turn.fresh {
            fresh_posts += 1;
            let expected: Vec<String> = after
                .iter()
                .filter(|id| **id != mover.user_id)
                .cloned()
                .collect();
            assert_eq!(
                post.mentions, expected,
                "only the new actors, never the mover"
            );
            turn_lines.clear();
        } else {
            edits += 1;
            assert!(post.mentions.is_empty(), "an edit pings nobody");
            if let Some(last) = turn_lines.last() {
                assert!(
                    post.text.contains(last.as_str()),
                    "the turn's earlier steps stay in its message: {last:?} in {}",
                    post.text
                );
            }
        }
        turn_lines = post
            .text
            .lines()
            .filter(|l| !l.starts_with("Now:"))
            .map(str::to_owned)
            .collect();
        let picture = post.image.expect("a board picture");
        let alt = picture.description.expect("the picture is described");
        assert!(alt.starts_with("Express board."), "{alt}");
        if over {
            break;
        }
    }
    assert!(
        edits > 5,
        "steps within a turn edited its message ({edits})"
    );
    assert!(fresh_posts > 5, "turns changed hands ({fresh_posts})");
}

#[test]
fn a_tap_opens_a_group_or_plays_a_step_and_a_stale_or_unknown_tap_plays_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let table = started(dir.path(), "yardmaster", &["ann", "bo"], 4);
    let mover = person(&acting(&table)[0]);
    let waiting = if mover.user_id == "ann" {
        person("bo")
    } else {
        person("ann")
    };

    let opened = table.handle(&place(), &mover, Command::Turn).unwrap();
    assert!(
        opened.public.is_none(),
        "opening the panel tells the channel nothing"
    );
    let panel = opened.panel.expect("a panel");
    assert!(panel.text.contains("Your turn."), "{}", panel.text);
    assert!(!panel.choices.is_empty());
    let image = panel.image.expect("the panel has the seat's picture");
    assert!(image.png.starts_with(b"\x89PNG"));

    let theirs = table.handle(&place(), &waiting, Command::Turn).unwrap();
    let theirs = theirs.panel.expect("a panel for the waiting player too");
    assert!(theirs.choices.is_empty(), "nothing to choose out of turn");
    assert!(theirs.text.contains("not your turn"), "{}", theirs.text);
    let outsider = table.handle(&place(), &person("cy"), Command::Turn);
    assert_eq!(
        outsider.unwrap_err(),
        TableError::NotAPlayer { started: true }
    );

    let (moves, v) = (logged(&table), version(&table));
    let unknown = tap(&table, &mover, v, &[panel.choices.len()]);
    assert!(unknown.public.is_none());
    let note = unknown.panel.unwrap().text;
    assert!(note.contains("no longer on offer"), "{note}");
    assert_eq!(
        (logged(&table), version(&table)),
        (moves, v),
        "changed nothing"
    );

    let group = panel
        .choices
        .iter()
        .position(|c| c.plays.is_none())
        .expect("Yardmaster groups its steps (face up, face down)");
    let level = tap(&table, &mover, v, &[group]);
    assert!(level.public.is_none());
    let level = level.panel.unwrap();
    assert_eq!(level.path, [group]);
    assert_eq!(level.choices.len(), panel.choices[group].steps);
    assert_eq!(logged(&table), moves, "opening a group plays nothing");
    let inner = level.choices.iter().position(|c| c.plays.is_some());
    let leaf = [group, inner.expect("a group holds steps")];
    let played = tap(&table, &mover, v, &leaf);
    assert!(played.public.is_some(), "a step is told in the channel");
    assert!(logged(&table) > moves, "the tap played its step");
    let after = played.panel.expect("the panel is drawn afresh");
    assert_eq!(after.version, version(&table));
    assert!(after.path.is_empty());

    let (moves, v_now) = (logged(&table), version(&table));
    let stale = tap(&table, &mover, v, &leaf);
    assert!(stale.public.is_none());
    let note = stale.panel.unwrap().text;
    assert!(note.contains("moved on"), "{note}");
    assert_eq!(
        (logged(&table), version(&table)),
        (moves, v_now),
        "changed nothing"
    );
}
