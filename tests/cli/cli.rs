//! The `roundhouse` binary: terminal play (bots only, hot-seat, resume), replay, and bad arguments.

use std::path::Path;

use crate::run::{roundhouse, text};

fn pngs_in(dir: &Path) -> usize {
    std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .filter(|e| e.path().extension().is_some_and(|x| x == "png"))
                .count()
        })
        .unwrap_or(0)
}

#[test]
fn a_bots_only_game_plays_to_the_end_and_writes_its_board() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("rh.db");
    let boards = dir.path().join("boards");
    let out = roundhouse(
        &[
            "play",
            "yardmaster",
            "--players",
            "3",
            "--bots",
            "3",
            "--seed",
            "5",
            "--db",
            db.to_str().unwrap(),
            "--out",
            boards.to_str().unwrap(),
        ],
        "",
    );
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    assert!(stdout.contains("Winner:"), "{stdout}");
    assert_eq!(stdout.matches("Game over.").count(), 1, "{stdout}");
    assert!(pngs_in(&boards) >= 1);
}

/// The notation of the first single move `?` listed (`  1. Take Coal 2 from the yard: take B2`).
pub(crate) fn first_listed_move(stdout: &str) -> String {
    stdout
        .lines()
        .skip_while(|l| !l.starts_with("Your mov"))
        .find_map(|l| {
            let (number, rest) = l.trim().split_once(". ")?;
            number.parse::<usize>().ok()?;
            let (_, notation) = rest.rsplit_once(": ")?;
            Some(notation.to_owned())
        })
        .unwrap_or_else(|| panic!("no move listed in {stdout}"))
}

#[test]
fn hot_seat_lists_moves_refuses_nonsense_and_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("rh.db");
    let boards = dir.path().join("boards");
    let common = [
        "--db",
        db.to_str().unwrap(),
        "--out",
        boards.to_str().unwrap(),
    ];
    let mut args = vec!["play", "yardmaster", "--players", "2", "--seed", "8"];
    args.extend(common);
    // Enter hands the keyboard to Player 1 first; `? 1` opens the first group of moves.
    let out = roundhouse(&args, "\n?\n? 1\nup Q9|Q9\nquit\n");
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    assert!(stdout.contains("your turn"), "{stdout}");
    assert!(stdout.contains("Your moves:"), "{stdout}");
    assert!(stdout.contains("is not a card"), "{stdout}");
    assert!(stdout.contains("continue with --resume"), "{stdout}");

    // The first legal move, as listed, is accepted after resuming.
    let first_move = first_listed_move(&stdout);
    let mut args = vec!["play", "yardmaster", "--resume"];
    args.extend(common);
    let out = roundhouse(&args, &format!("\n{first_move}\nquit\n"));
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    assert!(stdout.contains("added"), "the move was played: {stdout}");
    assert!(
        stdout.contains("— Player 1, your turn —\nYour turn.\n") && stdout.contains("Your hand ("),
        "the next turn opens with its panel: {stdout}"
    );
}

/// The id `Stopped. The game is saved: continue with --resume ID.` names.
fn saved_id(stdout: &str) -> String {
    stdout
        .lines()
        .find_map(|l| l.split("continue with --resume ").nth(1))
        .and_then(|rest| rest.strip_suffix('.'))
        .unwrap_or_else(|| panic!("no id to resume in {stdout}"))
        .to_owned()
}

/// Hot-seat: before each person's hand the keyboard is handed over (Enter) and the screen cleared, so
/// one player's hand never stands above the next one's.
#[test]
fn hot_seat_hands_the_keyboard_over_and_clears_the_screen_before_each_hand() {
    const CLEAR: &str = "\x1b[H\x1b[2J\x1b[3J";
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("rh.db");
    let boards = dir.path().join("boards");
    let common = [
        "--db",
        db.to_str().unwrap(),
        "--out",
        boards.to_str().unwrap(),
    ];
    let mut args = vec!["play", "yardmaster", "--seed", "8"];
    args.extend(common);
    let out = roundhouse(&args, "\n?\n? 1\nquit\n");
    let stdout = text(&out.stdout);
    let first_move = first_listed_move(&stdout);
    let id = saved_id(&stdout);
    let mut args = vec!["play", "yardmaster", "--resume", &id];
    args.extend(common);
    let out = roundhouse(&args, &format!("\n{first_move}\n\nquit\n"));
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    let pass_1 = stdout
        .find("Pass the keyboard to Player 1, then press Enter")
        .expect("Player 1 is handed the keyboard");
    let hand_1 = stdout.find("Your hand").expect("Player 1's hand");
    let pass_2 = stdout
        .find("Pass the keyboard to Player 2, then press Enter")
        .unwrap_or_else(|| panic!("Player 2 is handed the keyboard: {stdout}"));
    let clear_2 = pass_2 + stdout[pass_2..].find(CLEAR).expect("the screen is cleared");
    let turn_2 = stdout
        .find("— Player 2, your turn —")
        .expect("Player 2's turn");
    assert!(pass_1 < hand_1 && hand_1 < pass_2, "{stdout}");
    assert!(pass_2 < clear_2 && clear_2 < turn_2, "{stdout}");
    assert!(
        !stdout[pass_2..clear_2].contains("Your hand"),
        "no hand before the screen is cleared: {stdout}"
    );
    assert!(stdout[turn_2..].contains("Your hand"), "{stdout}");

    // One person against a bot shares the keyboard with no one: no pause, no clearing.
    let mut args = vec!["play", "yardmaster", "--bots", "1", "--seed", "8"];
    args.extend(common);
    let out = roundhouse(&args, "quit\n");
    let stdout = text(&out.stdout);
    assert!(
        !stdout.contains("Pass the keyboard") && !stdout.contains(CLEAR),
        "{stdout}"
    );
}

/// `--resume` reaches every unfinished game of a kind: a two-player Whistlewood game stays reachable
/// after a solo one is started, by its id or picked from the list.
#[test]
fn resume_lists_every_unfinished_game_and_takes_the_one_picked() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("rh.db");
    let boards = dir.path().join("boards");
    let common = [
        "--db",
        db.to_str().unwrap(),
        "--out",
        boards.to_str().unwrap(),
    ];
    let mut args = vec!["play", "whistlewood", "--seed", "3"];
    args.extend(common);
    let out = roundhouse(&args, "\nquit\n");
    let pair = saved_id(&text(&out.stdout));
    let mut args = vec!["play", "whistlewood", "--solo", "--seed", "3"];
    args.extend(common);
    let out = roundhouse(&args, "quit\n");
    let solo = saved_id(&text(&out.stdout));
    assert_ne!(pair, solo);

    // Without an id, both are listed; the input ends before one is picked.
    let mut args = vec!["play", "whistlewood", "--resume"];
    args.extend(common);
    let out = roundhouse(&args, "");
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    assert!(
        stdout.contains("2 unfinished games of `whistlewood`"),
        "{stdout}"
    );
    assert!(
        stdout.contains(&format!("\n  {pair} · 2 players: Player 1, Player 2")),
        "{stdout}"
    );
    assert!(
        stdout.contains(&format!("\n  {solo} · solo: Player 1")),
        "{stdout}"
    );
    assert!(stdout.contains("No game picked."), "{stdout}");

    // Picked from the list (after a wrong id): the two-player game, with its hand-over.
    let out = roundhouse(&args, &format!("77777\n{pair}\n\nstatus\nquit\n"));
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    assert!(
        stdout.contains("`77777` is not one of the ids listed"),
        "{stdout}"
    );
    assert!(stdout.contains("Pass the keyboard to Player 1"), "{stdout}");
    assert!(stdout.contains(&format!("--resume {pair}.")), "{stdout}");

    // By id, without asking.
    let mut args = vec!["play", "whistlewood", "--resume", &solo];
    args.extend(common);
    let out = roundhouse(&args, "quit\n");
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    assert!(!stdout.contains("unfinished games"), "{stdout}");
    assert!(stdout.contains(&format!("--resume {solo}.")), "{stdout}");

    let mut args = vec!["play", "whistlewood", "--resume", "99999"];
    args.extend(common);
    let out = roundhouse(&args, "");
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("no unfinished terminal game of `whistlewood` with id 99999")
            && stderr.contains(&pair)
            && stderr.contains(&solo),
        "{stderr}"
    );
}

#[test]
fn bad_arguments_fail_with_a_message_not_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("rh.db");
    let db = db.to_str().unwrap();
    let out = roundhouse(
        &[
            "play",
            "yardmaster",
            "--players",
            "3",
            "--bots",
            "4",
            "--db",
            db,
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--bots 4 is more than --players 3"));
    let out = roundhouse(&["play", "chess", "--db", db], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("no game called `chess`"),
        "{}",
        text(&out.stderr)
    );
    let out = roundhouse(&["play", "yardmaster", "--players", "6", "--db", db], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("Yardmaster Express takes 2–5 players, not 6"),
        "{}",
        text(&out.stderr)
    );
    let out = roundhouse(&["play", "yardmaster", "--resume", "--db", db], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(!text(&out.stderr).contains("panicked"));
}

#[test]
fn replay_prints_the_state_and_stops_at_an_illegal_move() {
    let ok = roundhouse(
        &["replay", "yardmaster"],
        r#"{"players": 2, "seed": 7, "moves": []}"#,
    );
    assert!(ok.status.success(), "{}", text(&ok.stderr));
    let json: serde_json::Value = serde_json::from_slice(&ok.stdout).unwrap();
    assert_eq!(json["moves_applied"], 0);
    assert_eq!(json["to_act"].as_array().unwrap().len(), 1);

    // Play one legal move (found through the state), then an illegal one.
    let seat = json["to_act"][0].as_u64().unwrap();
    let hand = json["state"]["hand"].as_array().unwrap();
    let face = hand[0].as_str().unwrap();
    let input = format!(
        r#"{{"players": 2, "seed": 7, "moves": [{{"seat": {seat}, "move": "down {face}"}}, "up Z9|Z9"]}}"#
    );
    let bad = roundhouse(&["replay", "yardmaster", "-"], &input);
    assert_eq!(bad.status.code(), Some(1), "{}", text(&bad.stdout));
    let json: serde_json::Value = serde_json::from_slice(&bad.stdout).unwrap();
    assert_eq!(json["index"], 1);
    assert_eq!(json["move"], "up Z9|Z9");
    assert!(!json["legal"].as_array().unwrap().is_empty());
    assert!(text(&bad.stderr).contains("move 1 refused"));
}

#[test]
fn whistlewood_plays_itself_solo_and_with_two_bots() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("ww.db");
    let out_dir = dir.path().join("boards");
    let (db, out) = (db.to_str().unwrap(), out_dir.to_str().unwrap());
    let solo = roundhouse(
        &[
            "play",
            "whistlewood",
            "--solo",
            "--level",
            "3",
            "--bots",
            "1",
            "--seed",
            "4",
            "--db",
            db,
            "--out",
            out,
        ],
        "",
    );
    assert!(solo.status.success(), "{}", text(&solo.stderr));
    let stdout = text(&solo.stdout);
    assert!(stdout.contains("The Automa places"), "{stdout}");
    assert!(stdout.contains("Automa (level 3)"), "{stdout}");
    assert!(stdout.contains("The game is over."), "{stdout}");
    assert!(pngs_in(&out_dir) > 0);

    let pair = roundhouse(
        &[
            "play",
            "whistlewood",
            "--bots",
            "2",
            "--seed",
            "9",
            "--db",
            db,
            "--out",
            out,
        ],
        "",
    );
    assert!(pair.status.success(), "{}", text(&pair.stderr));
    assert!(text(&pair.stdout).contains("The game is over."));

    let bad = roundhouse(
        &["play", "whistlewood", "--solo", "--level", "7", "--db", db],
        "",
    );
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        text(&bad.stderr).contains("choose one of: 1, 2, 3"),
        "{}",
        text(&bad.stderr)
    );
}

#[test]
fn whistlewood_replays_the_worked_example_from_an_explicit_setup() {
    let moves = r#""from left", "place coal", "place grain", "place log", "keep", "advance",
        "advance", "keep", "advance", "advance", "keep", "advance", "advance", "keep",
        "place stone+shunt", "claim 3 bottom", "shunt", "claim 4 top""#;
    let input = |extra: &str| {
        format!(
            r#"{{"players": 2, "seed": 3, "setup": {{"layout": ["BCDAD", "CAFBE"], "start_player": 0,
            "piles": [["coal","tank","log","grain","grain","stone+action","stone+shunt","mail","livestock"],
                      ["grain","log","stone+shunt","grain","stone+action","coal","mail","livestock","tank"]]}},
            "moves": [{moves}{extra}]}}"#
        )
    };
    let ok = roundhouse(&["replay", "whistlewood", "-"], &input(""));
    assert!(ok.status.success(), "{}", text(&ok.stderr));
    let json: serde_json::Value = serde_json::from_slice(&ok.stdout).unwrap();
    assert_eq!(json["moves_applied"], 18);
    let spots = &json["state"]["spots"];
    assert_eq!(
        spots[0][3].as_array().unwrap().len(),
        1,
        "the Grain on the Silo"
    );
    assert_eq!(
        spots[1][2].as_array().unwrap().len(),
        1,
        "the Stone on the Siding"
    );

    let bad = roundhouse(
        &["replay", "whistlewood", "-"],
        &input(r#", "claim 1 top""#),
    );
    assert_eq!(bad.status.code(), Some(1));
    let json: serde_json::Value = serde_json::from_slice(&bad.stdout).unwrap();
    assert_eq!(json["index"], 18);
    assert!(
        json["error"]
            .as_str()
            .unwrap()
            .contains("First manage your hand")
    );
    assert_eq!(json["legal"][0]["notation"], "keep");
}

#[test]
fn games_lists_every_game_with_its_number_of_players() {
    let out = roundhouse(&["games"], "");
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        stdout.contains("yardmaster — Yardmaster Express (2–5 players)"),
        "{stdout}"
    );
    assert!(
        stdout.contains("whistlewood — Whistlewood Express (1–2 players)"),
        "{stdout}"
    );
    assert!(
        stdout.contains("shunting — Shunting Puzzle (1 player)"),
        "{stdout}"
    );
}

/// A route card played at the terminal exactly as the README writes it: `play shunting -o card=N`.
fn play_card_37(dir: &tempfile::TempDir, input: &str) -> String {
    let db = dir.path().join("shunt.db");
    let boards = dir.path().join("boards");
    let out = roundhouse(
        &[
            "play",
            "shunting",
            "-o",
            "card=37",
            "--db",
            db.to_str().unwrap(),
            "--out",
            boards.to_str().unwrap(),
        ],
        input,
    );
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}\n{stdout}", text(&out.stderr));
    stdout
}

#[test]
fn a_route_card_plays_at_the_terminal_with_one_seat_and_no_talk_of_cards() {
    let dir = tempfile::tempdir().unwrap();
    // Card 37 starts with L1 at M2 facing up and M3 empty; its optimum is 17, so its limit is 26.
    let stdout = play_card_37(
        &dir,
        "help\nl1 m2>m3\nhistory\nundo\nL1 M2>M3 +0\nL1 M3>M2 +0\nreset\nquit\n",
    );
    assert!(
        stdout.contains("Shunting Puzzle with card=37 (1 player)"),
        "{stdout}"
    );
    assert!(
        stdout.contains("Moves: 0 (optimum 17, limit 26)"),
        "{stdout}"
    );
    // The help fits a solo puzzle: a move of this game as the example, no hand, no other players.
    assert!(
        stdout.contains("Type a move in notation (for example `L1 M2>"),
        "{stdout}"
    );
    for wrong in ["cards", "hand", "waiting for", "the others", "takes 1 to 1"] {
        assert!(!stdout.contains(wrong), "`{wrong}` in:\n{stdout}");
    }
    // The move typed loosely is kept in its standard spelling and shown on the board after it.
    assert!(
        stdout.contains("L1 drives from M2 to M3 alone."),
        "{stdout}"
    );
    assert!(
        stdout.contains("Moves: 1 (optimum 17, limit 26)"),
        "{stdout}"
    );
    assert!(
        stdout.contains("1. L1 drives from M2 to M3 alone."),
        "{stdout}"
    );
    // Undo takes it back at once (no one else to ask) and the board shows the count again.
    assert!(
        stdout.contains("Player 1 took back their last move."),
        "{stdout}"
    );
    assert!(!stdout.contains("agree to the undo"), "{stdout}");
    assert_eq!(
        stdout.matches("Moves: 0 (optimum 17, limit 26)").count(),
        3,
        "{stdout}"
    );
    assert!(
        stdout.contains("Every piece is back where the card starts; the count starts again at 0."),
        "{stdout}"
    );
    assert!(
        stdout.contains("Stopped. The game is saved: continue with --resume 1."),
        "{stdout}"
    );
}

#[test]
fn a_move_past_a_route_cards_limit_is_refused_at_the_terminal() {
    let dir = tempfile::tempdir().unwrap();
    // L1 shuttles between M2 and M3 for all 26 moves of the limit, never meeting the goal (L1 at E1).
    let mut input: String = (0..26)
        .map(|i| {
            if i % 2 == 0 {
                "L1 M2>M3\n"
            } else {
                "L1 M3>M2\n"
            }
        })
        .collect();
    input.push_str("L1 M2>M3\nundo\nL1 M3>M2\nquit\n");
    let stdout = play_card_37(&dir, &input);
    assert!(
        stdout.contains("Moves: 26 (optimum 17, limit 26)"),
        "{stdout}"
    );
    assert!(
        stdout.contains("All 26 moves of the limit are used: undo a move or reset to try again."),
        "{stdout}"
    );
    assert!(
        stdout.contains(
            "That would be move 27, past this puzzle's limit of 26 moves: a longer route does not \
             count as solved. Undo a move or reset to start again."
        ),
        "{stdout}"
    );
    assert!(!stdout.contains("Moves: 27"), "{stdout}");
    assert!(!stdout.contains("The game is over."), "{stdout}");
    // After the undo the 26th move can be made another way.
    assert_eq!(
        stdout.matches("Moves: 26 (optimum 17, limit 26)").count(),
        2,
        "{stdout}"
    );
}

#[test]
fn without_players_a_two_player_game_seats_two_and_a_solo_puzzle_one() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("seats.db");
    let db = db.to_str().unwrap();
    let out = roundhouse(
        &["play", "whistlewood", "--seed", "3", "--db", db],
        "quit\n",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("Seats: 1. Player 1 · 2. Player 2\n"),
        "{stdout}"
    );
    assert!(!stdout.contains("Automa"), "{stdout}");

    let out = roundhouse(&["play", "shunting", "-o", "card=1", "--db", db], "quit\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("Seats: 1. Player 1\n"), "{stdout}");
}

#[test]
fn coal_train_plays_itself_with_four_bots() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("ct.db");
    let out_dir = dir.path().join("boards");
    let (db, out) = (db.to_str().unwrap(), out_dir.to_str().unwrap());
    let game = roundhouse(
        &[
            "play",
            "coal_train",
            "--players",
            "4",
            "--bots",
            "4",
            "--seed",
            "11",
            "--db",
            db,
            "--out",
            out,
        ],
        "",
    );
    assert!(game.status.success(), "{}", text(&game.stderr));
    let stdout = text(&game.stdout);
    assert!(stdout.contains("builds a station in"), "{stdout}");
    assert!(stdout.contains("The game is over."), "{stdout}");
    assert!(pngs_in(&out_dir) > 0);
}

#[test]
fn coal_train_replays_from_an_explicit_setup() {
    let dealt = roundhouse(
        &["replay", "coal_train", "-"],
        r#"{"players": 4, "seed": 42, "moves": []}"#,
    );
    assert!(dealt.status.success(), "{}", text(&dealt.stderr));
    let dealt: serde_json::Value = serde_json::from_slice(&dealt.stdout).unwrap();
    let mut setup = dealt["setup"].clone();
    setup["start_player"] = serde_json::json!(1);
    let input = serde_json::json!({
        "players": 4,
        "setup": setup,
        "moves": ["marker mining", "marker foundry", "marker waiver", "step a1", "buy", "end"],
    });
    let replayed = roundhouse(&["replay", "coal_train", "-"], &input.to_string());
    assert!(replayed.status.success(), "{}", text(&replayed.stderr));
    let json: serde_json::Value = serde_json::from_slice(&replayed.stdout).unwrap();
    assert_eq!(json["moves_applied"], 6);
    assert_eq!(
        json["to_act"],
        serde_json::json!([1]),
        "seat 1 places the drawn tile"
    );
    assert_eq!(json["state"]["phase"], "Replenish");
    assert_eq!(
        json["state"]["players"][1]["tiles"]
            .as_array()
            .unwrap()
            .len(),
        1,
        "seat 1 bought the tile on a1"
    );
    let refused = roundhouse(
        &["replay", "coal_train", "-"],
        &serde_json::json!({"players": 4, "setup": input["setup"], "moves": ["buy"]}).to_string(),
    );
    assert_eq!(refused.status.code(), Some(1));
    let refusal = text(&refused.stdout);
    assert!(
        refusal.contains("Choose your setup subsidy first"),
        "{refusal}"
    );
    assert!(refusal.contains("marker mining"), "{refusal}");
}

#[test]
fn wright_s_inglenook_is_dealt_from_the_seed_with_a_clear_headshunt() {
    let dir = tempfile::tempdir().unwrap();
    let play = |name: &str| {
        let db = dir.path().join(name);
        let out = roundhouse(
            &[
                "play",
                "shunting",
                "-o",
                "card=wright",
                "--seed",
                "11",
                "--db",
                db.to_str().unwrap(),
                "--out",
                dir.path().join("boards").to_str().unwrap(),
            ],
            "quit\n",
        );
        assert!(out.status.success(), "{}", text(&out.stderr));
        text(&out.stdout)
    };
    let first = play("one.db");
    assert!(
        first.contains("Wright's Inglenook, Inglenook Sidings"),
        "{first}"
    );
    assert!(
        first.contains("At the end: track H clear of cars (a loco may stand there)."),
        "{first}"
    );
    let board = |s: &str| {
        s.lines()
            .filter(|l| l.starts_with("A ") || l.starts_with("B "))
            .map(str::to_owned)
            .collect::<Vec<_>>()
    };
    assert!(!board(&first).is_empty(), "{first}");
    // The same seed deals the same yard and train.
    assert_eq!(board(&play("two.db")), board(&first));
}

#[test]
fn express_plays_itself_and_replays_from_an_explicit_setup() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("express.db");
    let out_dir = dir.path().join("boards");
    let (db, out) = (db.to_str().unwrap(), out_dir.to_str().unwrap());
    let game = roundhouse(
        &[
            "play",
            "express",
            "--players",
            "4",
            "--bots",
            "4",
            "--seed",
            "5",
            "--db",
            db,
            "--out",
            out,
        ],
        "",
    );
    assert!(game.status.success(), "{}", text(&game.stderr));
    let stdout = text(&game.stdout);
    assert!(stdout.contains("Winner:"), "{stdout}");
    assert!(stdout.contains("The game is over."), "{stdout}");
    assert!(pngs_in(&out_dir) > 0);

    let deck: Vec<&str> = std::iter::repeat_n("box", 12)
        .chain(std::iter::repeat_n("hopper", 11))
        .chain(std::iter::repeat_n("reefer", 10))
        .chain(std::iter::repeat_n("tank", 9))
        .chain(std::iter::repeat_n("auto", 8))
        .chain([
            "mail", "mail", "dome", "dome", "sleeper", "sleeper", "obs", "obs",
        ])
        .chain(std::iter::repeat_n("coach", 6))
        .chain([
            "diesel", "diesel", "wild", "wild", "caboose", "caboose", "caboose",
        ])
        .chain([
            "broken", "broken", "derail", "derail", "steal", "steal", "switch", "switch",
        ])
        .chain([
            "wreck", "crane", "crane", "boom", "boom", "office", "office",
        ])
        .chain([
            "transfer",
            "transfer",
            "heavy",
            "heavy",
            "turntable",
            "turntable",
        ])
        .collect();
    let input = |moves: &str| {
        format!(
            r#"{{"players": 2, "seed": 1, "setup": {{"dealer": 1, "decks": [{}]}}, "moves": [{moves}]}}"#,
            serde_json::to_string(&deck).unwrap()
        )
    };
    let ok = roundhouse(&["replay", "express", "-"], &input(r#""draw""#));
    assert!(ok.status.success(), "{}", text(&ok.stderr));
    let json: serde_json::Value = serde_json::from_str(&text(&ok.stdout)).unwrap();
    assert_eq!(json["moves_applied"], 1);
    assert_eq!(json["to_act"], serde_json::json!([0]));
    let bad = roundhouse(&["replay", "express", "-"], &input(r#""take""#));
    assert!(!bad.status.success());
    assert!(
        text(&bad.stderr).contains("move 0 refused"),
        "{}",
        text(&bad.stderr)
    );
}
