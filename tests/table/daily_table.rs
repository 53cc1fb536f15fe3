//! The daily puzzle at the table, with "now" passed in: attempts with moves, undo, reset and refusals;
//! ranks and the spoiler-free share line; the guide's gating; the archive; streaks; setup; and the
//! scheduled posts, made once per channel and day, also after a restart.

use std::path::Path;

use roundhouse::calendar::Day;
use roundhouse::games::shunting::Position;
use roundhouse::games::shunting::daily::{DailyPuzzle, for_day};
use roundhouse::shards::ShardRange;
use roundhouse::store::Store;
use roundhouse::table::{Caller, Place, PuzzleCommand, Reply, Table, TableError, TableOptions};

const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";
const HOUR: i64 = 3600;

fn today() -> Day {
    "2026-11-21".parse().unwrap()
}

/// `hours` after the start of `day` (UTC).
fn at(day: Day, hours: i64) -> i64 {
    day.0 * 86_400 + hours * HOUR
}

fn table_at(path: &Path) -> Table {
    Table::new(Store::open(path).unwrap(), TableOptions::default())
}

fn place() -> Place {
    Place {
        channel: "111".into(),
        guild: Some("g1".into()),
    }
}

fn alice() -> Caller {
    Caller::new("u-alice", "Alice")
}
fn bob() -> Caller {
    Caller::new("u-bob", "Bob")
}

fn run(table: &Table, who: &Caller, command: PuzzleCommand, now: i64) -> Reply {
    table
        .puzzle(&place(), who, command, now)
        .unwrap_or_else(|e| panic!("{e}"))
}

fn refused(table: &Table, who: &Caller, command: PuzzleCommand, now: i64) -> String {
    match table.puzzle(&place(), who, command, now) {
        Ok(reply) => panic!("expected a refusal, got {reply:?}"),
        Err(TableError::Puzzle(message) | TableError::NotAllowed(message)) => message,
        Err(other) => panic!("unexpected error {other:?}"),
    }
}

fn private_text(reply: &Reply) -> &str {
    assert!(reply.public.is_none(), "{reply:?}");
    &reply.private.as_ref().expect("a private post").text
}

fn public_text(reply: &Reply) -> &str {
    assert!(reply.private.is_none(), "{reply:?}");
    &reply.public.as_ref().expect("a public post").text
}

fn daily(day: Day) -> DailyPuzzle {
    for_day(day).expect("a daily puzzle")
}

/// Plays the guide of `day`'s puzzle as `who`; returns the last reply.
fn play_guide(table: &Table, who: &Caller, day: Day, now: i64) -> Reply {
    let guide = daily(day).guide;
    let mut last = None;
    for step in &guide {
        last = Some(run(table, who, PuzzleCommand::Move(step.to_string()), now));
    }
    last.expect("a guide has moves")
}

fn stored_moves(table: &Table, who: &Caller, day: Day) -> Vec<String> {
    table
        .store()
        .daily_attempt(&who.user_id, "g1", day.puzzle_number().unwrap())
        .unwrap()
        .map(|a| a.moves)
        .unwrap_or_default()
}

#[test]
fn an_attempt_from_start_to_rank_with_a_private_picture_after_each_move() {
    let dir = tempfile::tempdir().unwrap();
    let table = table_at(&dir.path().join("d.db"));
    let now = at(today(), 10);
    let puzzle = daily(today());

    let missing = refused(
        &table,
        &alice(),
        PuzzleCommand::Move("L1 A1>A2".into()),
        now,
    );
    assert!(missing.contains("no attempt started"), "{missing}");
    assert!(missing.contains("/puzzle play"), "{missing}");

    let started = run(&table, &alice(), PuzzleCommand::Play(None), now);
    let text = private_text(&started);
    assert!(
        text.contains(&format!("daily #{}", puzzle.number)),
        "{text}"
    );
    assert!(
        text.contains(&format!("Par {}", puzzle.optimum())),
        "{text}"
    );
    let picture = started.private.as_ref().unwrap().image.as_ref().unwrap();
    assert!(picture.png.starts_with(PNG_SIGNATURE));

    let reply = play_guide(&table, &alice(), today(), now);
    let text = private_text(&reply);
    assert!(text.contains("Solved in"), "{text}");
    assert!(text.contains("Yard Master"), "{text}");
    assert!(
        reply.private.as_ref().unwrap().image.is_some(),
        "a picture after every move"
    );
    assert_eq!(
        stored_moves(&table, &alice(), today()).len(),
        puzzle.optimum()
    );

    // The attempt has ended: more moves, undo and reset are refused.
    for command in [
        PuzzleCommand::Move(puzzle.guide[0].to_string()),
        PuzzleCommand::Undo,
        PuzzleCommand::Reset,
        PuzzleCommand::GiveUp,
    ] {
        let message = refused(&table, &alice(), command, now);
        assert!(message.contains("You have solved"), "{message}");
    }

    let shared = run(&table, &alice(), PuzzleCommand::Share(None), now);
    let line = public_text(&shared);
    assert_eq!(
        line,
        format!(
            "Roundhouse daily #{} · {} moves · Yard Master",
            puzzle.number,
            puzzle.optimum()
        )
    );
    for step in &puzzle.guide {
        assert!(!line.contains(&step.to_string()), "no moves in {line}");
    }
    assert!(!line.contains('>'), "{line}");
}

#[test]
fn undo_and_reset_walk_back_and_refusals_change_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let table = table_at(&dir.path().join("d.db"));
    let now = at(today(), 10);
    let puzzle = daily(today());
    run(&table, &bob(), PuzzleCommand::Play(None), now);
    let none = refused(&table, &bob(), PuzzleCommand::Undo, now);
    assert!(none.contains("no move to undo"), "{none}");
    let nothing = refused(&table, &bob(), PuzzleCommand::Reset, now);
    assert!(nothing.contains("nothing to reset"), "{nothing}");

    let first = puzzle.guide[0].to_string();
    let second = puzzle.guide[1].to_string();
    run(&table, &bob(), PuzzleCommand::Move(first.clone()), now);
    run(&table, &bob(), PuzzleCommand::Move(second.clone()), now);
    assert_eq!(
        stored_moves(&table, &bob(), today()),
        vec![first.clone(), second.clone()]
    );

    let loco = puzzle
        .puzzle
        .locos()
        .next()
        .map(|l| puzzle.puzzle.pieces[l].name.clone())
        .unwrap();
    for bad in [
        "nonsense".to_owned(),
        "Q9 A1>A2".to_owned(),
        format!("{loco} ZZ1>ZZ2"),
        String::new(),
    ] {
        let message = refused(&table, &bob(), PuzzleCommand::Move(bad.clone()), now);
        assert!(message.contains("Legal now:"), "{bad}: {message}");
        assert_eq!(
            stored_moves(&table, &bob(), today()).len(),
            2,
            "`{bad}` changed nothing"
        );
    }

    let undone = run(&table, &bob(), PuzzleCommand::Undo, now);
    assert!(private_text(&undone).contains(&format!("Took back {second}")));
    assert_eq!(stored_moves(&table, &bob(), today()), vec![first.clone()]);
    run(&table, &bob(), PuzzleCommand::Move(second.clone()), now);
    let reset = run(&table, &bob(), PuzzleCommand::Reset, now);
    assert!(private_text(&reset).contains("2 moves taken back"));
    assert!(stored_moves(&table, &bob(), today()).is_empty());

    // Continuing shows where the attempt stands; the limit and the share wait for the end.
    run(&table, &bob(), PuzzleCommand::Move(first), now);
    let again = run(
        &table,
        &bob(),
        PuzzleCommand::Play(Some("today".into())),
        now + 60,
    );
    assert!(private_text(&again).contains("Continuing"), "{again:?}");
    let early = refused(&table, &bob(), PuzzleCommand::Share(None), now);
    assert!(early.contains("Finish daily"), "{early}");
}

#[test]
fn the_guide_opens_after_solving_giving_up_or_the_end_of_the_day() {
    let dir = tempfile::tempdir().unwrap();
    let table = table_at(&dir.path().join("d.db"));
    let now = at(today(), 23);
    let closed = refused(&table, &alice(), PuzzleCommand::Guide(None), now);
    assert!(
        closed.contains("opens after you solve it or give up") && closed.contains("00:00 UTC"),
        "{closed}"
    );
    run(&table, &alice(), PuzzleCommand::Play(None), now);
    let still = refused(&table, &alice(), PuzzleCommand::Guide(None), now);
    assert!(still.contains("00:00 UTC"), "{still}");

    let gave_up = run(&table, &alice(), PuzzleCommand::GiveUp, now);
    let guide_lines = daily(today()).guide.len();
    assert!(private_text(&gave_up).contains("You gave up"));
    let guide = run(&table, &alice(), PuzzleCommand::Guide(None), now);
    assert_eq!(private_text(&guide).lines().count(), guide_lines + 1);
    let shared = run(&table, &alice(), PuzzleCommand::Share(None), now);
    assert_eq!(
        public_text(&shared),
        format!(
            "Roundhouse daily #{} · gave up",
            today().puzzle_number().unwrap()
        )
    );

    // Bob has not played; his guide opens when the day is over.
    let not_yet = refused(
        &table,
        &bob(),
        PuzzleCommand::Guide(Some("today".into())),
        now,
    );
    assert!(not_yet.contains("00:00 UTC"), "{not_yet}");
    let next_morning = at(today().next(), 0);
    let open = run(
        &table,
        &bob(),
        PuzzleCommand::Guide(Some(today().to_string())),
        next_morning,
    );
    assert!(private_text(&open).starts_with("Guide to daily #"));
}

#[test]
fn archived_puzzles_by_number_or_date_but_never_the_future() {
    let dir = tempfile::tempdir().unwrap();
    let table = table_at(&dir.path().join("d.db"));
    let now = at(today(), 12);
    let third: Day = "2026-11-03".parse().unwrap();

    let by_number = run(
        &table,
        &alice(),
        PuzzleCommand::Play(Some("#3".into())),
        now,
    );
    assert!(private_text(&by_number).contains("daily #3"));
    assert!(private_text(&by_number).contains("archived puzzle"));
    let first = daily(third).guide[0].to_string();
    run(&table, &alice(), PuzzleCommand::Move(first.clone()), now);
    let by_date = run(
        &table,
        &alice(),
        PuzzleCommand::Play(Some("2026-11-03".into())),
        now,
    );
    assert!(
        private_text(&by_date).contains("Continuing daily #3: 1 move"),
        "the same attempt by date: {by_date:?}"
    );
    // The archive's guide is open already.
    run(
        &table,
        &alice(),
        PuzzleCommand::Guide(Some("#3".into())),
        now,
    );

    for future in ["#22", "2026-11-22", "#400"] {
        let message = refused(
            &table,
            &alice(),
            PuzzleCommand::Play(Some(future.into())),
            now,
        );
        assert!(
            message.contains("has not come out yet"),
            "{future}: {message}"
        );
    }
    for bad in ["#0", "2026-10-31", "yesterday", "2026-13-01"] {
        refused(&table, &alice(), PuzzleCommand::Play(Some(bad.into())), now);
    }
    assert_eq!(stored_moves(&table, &alice(), third), vec![first]);

    // Solving the archive puzzle counts for no streak and no day's leaderboard.
    run(&table, &alice(), PuzzleCommand::Reset, now);
    play_guide(&table, &alice(), third, now);
    let share = run(&table, &alice(), PuzzleCommand::Share(None), now);
    assert!(public_text(&share).starts_with("Roundhouse daily #3 (archive) · "));
    let streak = run(&table, &alice(), PuzzleCommand::Streak(None), now);
    assert!(public_text(&streak).contains("current streak 0 days, longest 0 days"));
    let board = run(
        &table,
        &alice(),
        PuzzleCommand::Leaderboard(Some("#3".into())),
        now,
    );
    assert!(public_text(&board).contains("No one here has solved daily #3 on its day"));
}

#[test]
fn leaderboard_and_streaks_follow_solves_made_on_the_day() {
    let dir = tempfile::tempdir().unwrap();
    let table = table_at(&dir.path().join("d.db"));
    let yesterday = today().previous();
    // Alice solves yesterday's and today's puzzles on their days; Bob solves today's later, with a detour.
    run(
        &table,
        &alice(),
        PuzzleCommand::Play(None),
        at(yesterday, 22),
    );
    play_guide(&table, &alice(), yesterday, at(yesterday, 23));
    run(&table, &alice(), PuzzleCommand::Play(None), at(today(), 1));
    play_guide(&table, &alice(), today(), at(today(), 2));
    let puzzle = daily(today());
    run(&table, &bob(), PuzzleCommand::Play(None), at(today(), 1));
    let first = puzzle.guide[0].to_string();
    run(&table, &bob(), PuzzleCommand::Move(first), at(today(), 1));
    run(&table, &bob(), PuzzleCommand::Undo, at(today(), 1));
    play_guide(&table, &bob(), today(), at(today(), 3));

    let board = run(
        &table,
        &bob(),
        PuzzleCommand::Leaderboard(None),
        at(today(), 4),
    );
    let lines: Vec<&str> = public_text(&board).lines().collect();
    assert!(lines[1].starts_with("1. Alice"), "{lines:?}");
    assert!(lines[1].ends_with("02:00 UTC"), "{lines:?}");
    assert!(lines[2].starts_with("2. Bob"), "{lines:?}");
    assert_eq!(lines.len(), 3);

    let streak = run(
        &table,
        &bob(),
        PuzzleCommand::Streak(Some(alice())),
        at(today(), 4),
    );
    assert!(
        public_text(&streak).starts_with("Alice: current streak 2 days, longest 2 days."),
        "{streak:?}"
    );
    // Two days later without a solve, the streak is over but the longest remains.
    let later = run(
        &table,
        &alice(),
        PuzzleCommand::Streak(None),
        at(today().next().next(), 1),
    );
    assert!(public_text(&later).contains("current streak 0 days, longest 2 days"));
}

#[test]
fn setup_needs_manage_server_and_a_clear_time() {
    let dir = tempfile::tempdir().unwrap();
    let table = table_at(&dir.path().join("d.db"));
    let now = at(today(), 8);
    let setup = |time: &str, manages_server: bool| PuzzleCommand::Setup {
        channel: None,
        time: time.into(),
        manages_server,
    };
    let denied = refused(&table, &alice(), setup("09:00", false), now);
    assert!(denied.contains("Manage Server"), "{denied}");
    for bad in ["25:00", "9.30", "noon"] {
        let message = refused(&table, &alice(), setup(bad, true), now);
        assert!(
            message.contains("HH:MM") && message.contains("off"),
            "{message}"
        );
    }
    assert!(
        table
            .store()
            .daily_channels(&ShardRange::ONE)
            .unwrap()
            .is_empty()
    );
    let done = run(&table, &alice(), setup("09:30", true), now);
    assert_eq!(
        public_text(&done),
        "The daily puzzle will be posted in <#111> every day at 09:30 UTC."
    );
    let off = run(&table, &alice(), setup("off", true), now);
    assert!(public_text(&off).contains("no longer posted"));
    assert!(
        table
            .store()
            .daily_channels(&ShardRange::ONE)
            .unwrap()
            .is_empty()
    );
}

#[test]
fn posts_are_due_once_per_channel_and_day_at_their_time_also_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("posts.db");
    let day = today();
    {
        let table = table_at(&path);
        run(
            &table,
            &alice(),
            PuzzleCommand::Setup {
                channel: Some("222".into()),
                time: "09:00".into(),
                manages_server: true,
            },
            at(day, 1),
        );
        assert!(table.daily_posts_due(at(day, 9) - 1).unwrap().is_empty());
        let due = table.daily_posts_due(at(day, 9)).unwrap();
        assert_eq!(due.len(), 1);
        assert_eq!((due[0].channel.as_str(), due[0].day), ("222", day));
        assert!(
            due[0]
                .post
                .text
                .contains(&format!("daily #{}", day.puzzle_number().unwrap()))
        );
        assert!(
            due[0]
                .post
                .image
                .as_ref()
                .unwrap()
                .png
                .starts_with(PNG_SIGNATURE)
        );
        assert_eq!(due[0].left_claimed_at, None, "a fresh claim");
        assert!(due[0].is_made_as(&due[0].post.text));
        assert!(!due[0].is_made_as("Roundhouse daily #1 · Thursday 2026-01-01"));
        assert!(table.daily_posts_due(at(day, 10)).unwrap().is_empty());
        // The bot stops here without saying whether the post went out.
    }
    // The next process takes the claim over once, saying since when the post may have been made.
    let table = table_at(&path);
    let left = table.daily_posts_due(at(day, 11)).unwrap();
    assert_eq!(left.len(), 1);
    assert_eq!(left[0].left_claimed_at, Some(at(day, 9)));
    assert!(
        table.daily_posts_due(at(day, 11) + 60).unwrap().is_empty(),
        "handed out once"
    );
    table
        .daily_post_delivered(
            &left[0],
            roundhouse::table::daily::Delivery::Sent,
            at(day, 11),
        )
        .unwrap();
    assert!(
        table_at(&path)
            .daily_posts_due(at(day, 12))
            .unwrap()
            .is_empty(),
        "never again once recorded, even after a restart"
    );
    // Down all of the next morning: the missed post is made when the bot comes back, that day.
    let next = day.next();
    assert!(table.daily_posts_due(at(next, 8)).unwrap().is_empty());
    let caught_up = table.daily_posts_due(at(next, 15)).unwrap();
    assert_eq!(caught_up.len(), 1);
    assert_eq!(caught_up[0].day, next);
    // Refused by Discord: tried again on a later round; then sent, and done.
    table
        .daily_post_delivered(
            &caught_up[0],
            roundhouse::table::daily::Delivery::Refused,
            at(next, 15),
        )
        .unwrap();
    let retry = table.daily_posts_due(at(next, 15) + 60).unwrap();
    assert_eq!(retry.len(), 1);
    table
        .daily_post_delivered(
            &retry[0],
            roundhouse::table::daily::Delivery::Sent,
            at(next, 15),
        )
        .unwrap();
    assert!(table.daily_posts_due(at(next, 16)).unwrap().is_empty());
    // A day missed entirely is not posted late.
    let after_gap = day.next().next().next();
    let due = table.daily_posts_due(at(after_gap, 10)).unwrap();
    assert_eq!(
        due.iter().map(|p| p.day).collect::<Vec<_>>(),
        vec![after_gap]
    );
}

#[test]
fn a_move_past_the_daily_limit_is_refused_until_a_move_is_undone() {
    let dir = tempfile::tempdir().unwrap();
    let table = table_at(&dir.path().join("d.db"));
    let now = at(today(), 10);
    let daily = daily(today());
    let limit = daily.limit();
    let optimum = daily.optimum();
    assert_eq!(limit, (optimum + 8).max(optimum.div_ceil(2) + optimum));
    run(&table, &alice(), PuzzleCommand::Play(None), now);
    // Wander without reaching the goal until the limit is used up.
    let away = |position: &Position| {
        daily
            .puzzle
            .legal_moves(position)
            .into_iter()
            .find(|m| !daily.puzzle.is_solved(&m.result))
            .expect("a move away from the goal")
    };
    let mut positions = vec![daily.puzzle.start];
    for _ in 0..limit {
        let step = away(positions.last().unwrap());
        run(
            &table,
            &alice(),
            PuzzleCommand::Move(step.action.to_string()),
            now,
        );
        positions.push(step.result);
    }
    let next = away(positions.last().unwrap()).action.to_string();
    let message = refused(&table, &alice(), PuzzleCommand::Move(next.clone()), now);
    assert_eq!(
        message,
        format!(
            "That would be move {}, past this puzzle's limit of {limit} moves: a longer route does not \
             count as solved. Undo a move or reset to start again.",
            limit + 1
        )
    );
    assert_eq!(stored_moves(&table, &alice(), today()).len(), limit);
    assert!(
        table
            .puzzle_moves(&place(), &alice(), "", now)
            .unwrap()
            .is_empty(),
        "autocomplete offers no move at the limit"
    );

    run(&table, &alice(), PuzzleCommand::Undo, now);
    assert_eq!(stored_moves(&table, &alice(), today()).len(), limit - 1);
    assert!(
        !table
            .puzzle_moves(&place(), &alice(), "", now)
            .unwrap()
            .is_empty()
    );
    let instead = away(&positions[limit - 1]).action.to_string();
    run(&table, &alice(), PuzzleCommand::Move(instead), now);
    assert_eq!(stored_moves(&table, &alice(), today()).len(), limit);
}
