//! Pictures of real positions: starts, games under way and finished games with 2 to 6 players, for every
//! viewer. Set `EXPRESS_DRAW_SAMPLES` to a folder to also write the pictures there for a look.

use render::decode_png;

use super::marks::{Marks, TrainChange};
use super::style::{self, BOARD_W, PANEL_W};
use super::{board, hand_png, panel_png};
use crate::game::{BotPlayer, Game, GameRng, Participant, Presenter, ToAct, Viewer};
use crate::games::express::present::{board_text, hand_text};
use crate::games::express::state::Phase;
use crate::games::express::{Action, Express, ExpressOptions, Target};

const MAX_PNG_BYTES: usize = 300 * 1024;
/// More steps than a game takes with bots in every seat.
const LONGEST_GAME: usize = 20_000;

fn names(players: usize) -> Vec<String> {
    [
        "Ada",
        "Bartholomew Longname-Smythe",
        "Cy",
        "Dora",
        "Eve",
        "Fitz",
    ][..players]
        .iter()
        .map(|s| (*s).to_owned())
        .collect()
}

/// A dealt game after up to `steps` bot steps.
fn game(players: usize, seed: u64, steps: usize) -> Express {
    let options = ExpressOptions::default();
    let mut rng = GameRng::seeded(seed);
    let setup = Express::deal(&options, players, &mut rng);
    let mut game = Express::start(options, players, setup, seed).unwrap();
    for _ in 0..steps {
        let ToAct::Seats(seats) = game.to_act() else {
            break;
        };
        let action = game.bot_action(seats[0], &mut rng);
        game.apply_quiet(seats[0], &action).unwrap();
    }
    game
}

fn save(name: &str, bytes: &[u8]) {
    if let Ok(folder) = std::env::var("EXPRESS_DRAW_SAMPLES") {
        std::fs::create_dir_all(&folder).unwrap();
        std::fs::write(format!("{folder}/{name}.png"), bytes).unwrap();
    }
}

fn check_board(game: &Express, viewer: Viewer, name: &str) {
    let view = game.view(viewer);
    let bytes = Express::board_png(&view, &names(game.players()));
    assert!(
        bytes.len() <= MAX_PNG_BYTES,
        "{name}: {} bytes",
        bytes.len()
    );
    let canvas = decode_png(&bytes).unwrap();
    assert_eq!(canvas.width(), BOARD_W as u32, "{name}");
    save(name, &bytes);
}

#[test]
fn boards_and_hands_are_drawn_for_every_viewer_from_start_to_end() {
    for players in 2..=6 {
        for (stage, steps) in [("start", 0), ("play", 60 * players), ("end", LONGEST_GAME)] {
            let game = game(players, players as u64 * 11, steps);
            if stage == "end" {
                assert_eq!(
                    game.to_act(),
                    ToAct::Over,
                    "{players} players reach the end"
                );
            }
            check_board(
                &game,
                Viewer::Spectator,
                &format!("board-{players}p-{stage}"),
            );
            for seat in 0..players {
                let viewer = Viewer::Seat(seat);
                check_board(
                    &game,
                    viewer,
                    &format!("board-{players}p-{stage}-seat{seat}"),
                );
                let hand = hand_png(&game.view(viewer)).expect("a seat has a hand");
                decode_png(&hand).unwrap();
                save(&format!("hand-{players}p-{stage}-seat{seat}"), &hand);
            }
            assert_eq!(hand_png(&game.view(Viewer::Spectator)), None);
        }
    }
}

#[test]
fn a_seat_sees_its_own_locos_and_nobody_elses() {
    let game = game(4, 5, 80);
    let with_trains = (0..4)
        .find(|&s| !game.seat(s).trains.is_empty())
        .expect("someone started a train in 80 steps");
    let view = game.view(Viewer::Seat(with_trains));
    let text = board_text(&view, &names(4));
    let loco = game.seat(with_trains).trains[0].loco;
    assert!(text.contains(&format!("train 1: [Loco {loco}]")), "{text}");
    let spectator = board_text(&game.view(Viewer::Spectator), &names(4));
    for kind in crate::games::express::cards::ALL_KINDS {
        assert!(
            !spectator.contains(&format!("[Loco {kind}]")),
            "{spectator}"
        );
    }
    assert!(spectator.contains("[Loco face down]"), "{spectator}");
    assert_ne!(
        Express::board_png(&view, &names(4)),
        Express::board_png(&game.view(Viewer::Spectator), &names(4)),
        "the owner's picture shows its Locos face up"
    );
    let hand = hand_text(&view).unwrap();
    assert!(hand.contains(&format!("train 1: {loco}")), "{hand}");
    assert_eq!(hand_text(&game.view(Viewer::Spectator)), None);
}

#[test]
fn a_disaster_waiting_for_its_target_is_drawn_for_six_seats_each_in_its_own_colour() {
    let mut rng = GameRng::seeded(66);
    let mut game = game(6, 66, 0);
    while !matches!(game.phase(), Phase::Block(_)) {
        let ToAct::Seats(seats) = game.to_act() else {
            panic!("the bots finished without a Disaster that could be blocked");
        };
        let action = game.bot_action(seats[0], &mut rng);
        game.apply_quiet(seats[0], &action).unwrap();
    }
    let Phase::Block(pending) = game.phase() else {
        unreachable!("the loop stops at a block decision");
    };
    let target = Target::from(pending.target).seat();
    let spectator = game.view(Viewer::Spectator);
    let text = board_text(&spectator, &names(6));
    assert!(
        text.contains(&format!("{} decides whether to block it", names(6)[target])),
        "{text}"
    );
    check_board(&game, Viewer::Spectator, "board-6p-block");
    check_board(&game, Viewer::Seat(target), "board-6p-block-target");
    let colours: Vec<render::Colour> = (0..6).map(|s| style::seat_mark(s).colour).collect();
    for (seat, colour) in colours.iter().enumerate() {
        assert!(!colours[seat + 1..].contains(colour), "seat {seat}");
    }
}

#[test]
fn the_final_board_says_how_tied_totals_share_a_place_to_every_viewer() {
    let game = (0..200)
        .map(|seed| game(5, seed, LONGEST_GAME))
        .find(|game| {
            game.outcome()
                .is_some_and(|outcome| outcome.tie_break.is_some())
        })
        .expect("some all-bot game of five ends with two totals tied");
    let names = names(5);
    let outcome = game.outcome().unwrap();
    let tied: Vec<&str> = outcome
        .standings
        .iter()
        .filter(|s| {
            outcome
                .standings
                .iter()
                .filter(|o| o.score == s.score)
                .count()
                > 1
        })
        .map(|s| match s.participant {
            Participant::Seat(seat) => names[seat].as_str(),
            Participant::Automa(_) => unreachable!("Express has no Automa"),
        })
        .collect();
    let spectator = board::banner(&game.view(Viewer::Spectator), &names).unwrap();
    let note = spectator.note.clone().expect("the banner explains the tie");
    assert!(!note.contains("{seat"), "{note}");
    for name in tied {
        assert!(note.contains(name), "{name} missing in {note}");
    }
    for seat in 0..5 {
        let seen = board::banner(&game.view(Viewer::Seat(seat)), &names).unwrap();
        assert_eq!(seen.note, spectator.note, "seat {seat} sees the same note");
    }
    let view = game.view(Viewer::Spectator);
    let mut untied = view.clone();
    untied.outcome.as_mut().unwrap().tie_break = None;
    let with_note = decode_png(&Express::board_png(&view, &names)).unwrap();
    let without = decode_png(&Express::board_png(&untied, &names)).unwrap();
    assert!(
        with_note.height() > without.height(),
        "the note takes room on the board: {} against {}",
        with_note.height(),
        without.height()
    );
    check_board(&game, Viewer::Spectator, "board-5p-tie");
    check_board(&game, Viewer::Seat(0), "board-5p-tie-seat0");
}

fn check_panel(game: &Express, seat: usize, name: &str) {
    let bytes = panel_png(&game.view(Viewer::Seat(seat)), &names(game.players()))
        .expect("a seat has a panel");
    let canvas = decode_png(&bytes).unwrap();
    assert_eq!(canvas.width(), PANEL_W as u32, "{name}");
    save(name, &bytes);
}

#[test]
fn every_seat_has_a_panel_for_a_phone_and_a_spectator_none() {
    for players in [2, 4, 6] {
        let game = game(players, players as u64 * 7, 50 * players);
        for seat in 0..players {
            check_panel(&game, seat, &format!("panel-{players}p-seat{seat}"));
        }
        assert_eq!(
            panel_png(&game.view(Viewer::Spectator), &names(players)),
            None
        );
    }
}

#[test]
fn the_longest_hand_fits_the_panel() {
    // The first turn's hand after its draw is the longest a seat holds: the deal and two more.
    let mut game = game(3, 9, 0);
    let seat = game.current();
    game.apply_quiet(seat, &Action::Draw).unwrap();
    assert_eq!(game.seat(seat).hand.len(), 14);
    check_panel(&game, seat, "panel-long-hand");
}

#[test]
fn the_panel_of_a_seat_deciding_a_block_is_drawn() {
    let mut rng = GameRng::seeded(66);
    let mut game = game(6, 66, 0);
    while !matches!(game.phase(), Phase::Block(_)) {
        let ToAct::Seats(seats) = game.to_act() else {
            panic!("the bots finished without a Disaster that could be blocked");
        };
        let action = game.bot_action(seats[0], &mut rng);
        game.apply_quiet(seats[0], &action).unwrap();
    }
    let Phase::Block(pending) = game.phase() else {
        unreachable!("the loop stops at a block decision");
    };
    check_panel(&game, Target::from(pending.target).seat(), "panel-block");
}

#[test]
fn the_board_marks_what_changed_in_the_last_turn_and_nothing_else() {
    let mut rng = GameRng::seeded(12);
    let mut game = game(4, 12, 40);
    let mut found = false;
    let mut disaster_seen = false;
    for _ in 0..400 {
        let before = game.view(Viewer::Spectator);
        let ToAct::Seats(seats) = game.to_act() else {
            break;
        };
        let mover = seats[0];
        let trains_before = game.seat(mover).trains.len();
        let hand = game.hand_number();
        // One whole turn of the seat to act: its steps until another seat must act.
        while game.to_act() == ToAct::Seats(seats) {
            let action = game.bot_action(mover, &mut rng);
            game.apply_quiet(mover, &action).unwrap();
        }
        let now = game.view(Viewer::Spectator);
        let marks = Marks::between(&now, &before);
        if game.hand_number() != hand {
            assert_eq!(marks, Marks::default(), "a new deal marks nothing");
            continue;
        }
        let names = names(4);
        if marks.disaster && !disaster_seen {
            assert_eq!(now.disaster_slot.len(), before.disaster_slot.len() + 1);
            save(
                "board-4p-since-disaster",
                &Express::board_png_since(&now, &before, &names),
            );
            disaster_seen = true;
        }
        let started = game.seat(mover).trains.len() > trains_before;
        if started && matches!(game.phase(), Phase::Draw) && !found {
            assert_eq!(marks.train(mover, trains_before), TrainChange::New);
            assert!(marks.discard, "the turn ended with a discard");
            assert_ne!(
                Express::board_png_since(&now, &before, &names),
                Express::board_png(&now, &names),
                "the changes are drawn"
            );
            save(
                "board-4p-since",
                &Express::board_png_since(&now, &before, &names),
            );
            found = true;
        }
        if found && disaster_seen {
            break;
        }
    }
    assert!(found, "some turn of the bots started a train");
    assert!(disaster_seen, "some turn of the bots played a Disaster");
    let view = game.view(Viewer::Spectator);
    let unchanged = Marks::between(&view, &view);
    assert!(!unchanged.discard && !unchanged.disaster && !unchanged.turntable);
    assert!(
        unchanged
            .trains
            .iter()
            .flatten()
            .all(|&t| t == TrainChange::Same)
    );
    assert_eq!(
        Express::board_png_since(&view, &view, &names(4)),
        Express::board_png(&view, &names(4)),
        "nothing changed, nothing marked"
    );
}
