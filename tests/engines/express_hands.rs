//! Express hands written as games: going out and its conditions (lengths, first round, transition Wilds),
//! hand scoring, the target and the tie hand, the deadline, Turntables, the reshuffle limit and the
//! redraw of an impossible hand.

use roundhouse::game::{Actor, Game, ToAct};
use roundhouse::games::express::cards::Class;
use roundhouse::games::express::options::{Hours, Target};
use roundhouse::games::express::rulings::Rulings;
use roundhouse::games::express::scoring::HandScore;
use roundhouse::games::express::state::{HandEnd, Phase};
use roundhouse::games::express::{Express, Kind};

use crate::express_tables::{Table, cards, is_legal, refused, step, steps};

const SEAT_1_HAND: &str = "auto auto auto auto auto auto auto auto obs obs diesel dome";

/// Seat 0 plays first and starts a train of five Box Cars (Loco Tank Car) and one of four Reefers (Loco
/// Hopper), keeping a Boom and an Office; seat 1 starts a train of seven Auto Carriers. Seat 0 then draws
/// `second_draw` and is to meld.
fn before_going_out(second_draw: &str) -> Table {
    let draw = format!("office coach mail mail {second_draw}");
    Table::two(
        [
            "tank box box box box box hopper reefer reefer reefer reefer boom",
            SEAT_1_HAND,
        ],
        &draw,
    )
}

fn play_first_round(game: &mut Express) {
    steps(
        game,
        0,
        &[
            "draw",
            "start tank box box box box box",
            "start hopper reefer reefer reefer reefer",
            "discard coach",
        ],
    );
    steps(
        game,
        1,
        &[
            "draw",
            "start auto auto auto auto auto auto auto auto",
            "discard obs",
        ],
    );
    step(game, 0, "draw");
}

/// Seat 0 goes out with trains of 6 and 5 cars; returns the game after it.
fn going_out(table: &Table) -> Express {
    let mut game = table.start();
    play_first_round(&mut game);
    steps(
        &mut game,
        0,
        &["add 1 box", "add 2 reefer", "way boom", "discard office"],
    );
    game
}

#[test]
fn going_out_ends_the_hand_with_the_bonus_and_scores_every_seat() {
    let game = going_out(&before_going_out("box reefer"));
    let (scores, end) = &game.history()[0];
    assert_eq!(*end, HandEnd::WentOut(0));
    assert_eq!(
        scores[0],
        HandScore {
            trains: 6 + 15,
            in_hand: 0,
            bonus: 10
        }
    );
    // Seven Auto Carriers; Observation 3, Diesel 0, Dome 2, two Mail/Baggage 1 left in hand.
    assert_eq!(
        scores[1],
        HandScore {
            trains: 35,
            in_hand: 7,
            bonus: 0
        }
    );
    assert_eq!(game.totals(), [31, 28]);
    assert_eq!(
        (game.hand_number(), game.dealer()),
        (2, 0),
        "the deal passes left"
    );
    assert_eq!(
        game.to_act(),
        ToAct::one(1),
        "the dealer's left plays first"
    );
}

#[test]
fn no_going_out_without_the_train_lengths() {
    let mut game = before_going_out("dome coach").start();
    play_first_round(&mut game);
    // Trains of 5, 4 and 1 cars: every other train needs 3.
    steps(
        &mut game,
        0,
        &["start dome coach", "way boom", "discard office"],
    );
    assert!(game.history().is_empty());
    assert_eq!((game.current(), game.seat(0).hand.len()), (1, 0));
}

#[test]
fn no_going_out_in_the_first_round() {
    let mut game = Table::two(
        [
            "tank box box box box box hopper reefer reefer reefer reefer boom",
            SEAT_1_HAND,
        ],
        "box office",
    )
    .start();
    steps(
        &mut game,
        0,
        &[
            "draw",
            "start tank box box box box box box",
            "start hopper reefer reefer reefer reefer",
            "way boom",
            "discard office",
        ],
    );
    assert!(
        game.history().is_empty(),
        "an empty hand in the first round does not go out"
    );
    assert_eq!(game.current(), 1);
}

#[test]
fn no_going_out_on_a_turn_a_wild_laid_then_became_a_transition_car() {
    let mut game = before_going_out("wild hopper").start();
    play_first_round(&mut game);
    steps(
        &mut game,
        0,
        &["add 1 wild", "add 1 hopper", "way boom", "discard office"],
    );
    assert!(
        game.history().is_empty(),
        "the transition Wild bars going out"
    );
    assert_eq!(game.current(), 1);
}

#[test]
fn an_open_wild_laid_this_turn_does_not_bar_going_out_and_scores_as_matching() {
    let mut game = before_going_out("wild reefer").start();
    play_first_round(&mut game);
    steps(
        &mut game,
        0,
        &["add 1 wild", "add 2 reefer", "way boom", "discard office"],
    );
    let (scores, end) = &game.history()[0];
    assert_eq!(*end, HandEnd::WentOut(0));
    assert_eq!(
        scores[0].trains,
        6 + 15,
        "the open Wild counts as a Box Car"
    );
}

#[test]
fn an_older_wild_used_as_a_transition_does_not_bar_going_out() {
    let mut game = Table::two(
        [
            "tank box box box box box hopper reefer reefer reefer reefer boom",
            SEAT_1_HAND,
        ],
        "wild coach mail mail hopper office",
    )
    .start();
    steps(
        &mut game,
        0,
        &[
            "draw",
            "start tank box box box box box wild",
            "start hopper reefer reefer reefer reefer",
            "discard coach",
        ],
    );
    steps(
        &mut game,
        1,
        &[
            "draw",
            "start auto auto auto auto auto auto auto auto",
            "discard obs",
        ],
    );
    steps(
        &mut game,
        0,
        &["draw", "add 1 hopper", "way boom", "discard office"],
    );
    let (scores, end) = &game.history()[0];
    assert_eq!(*end, HandEnd::WentOut(0));
    // Five Box Cars, the transition Wild worth a Box Car, a Hopper; four Reefers.
    assert_eq!(scores[0].trains, 5 + 1 + 2 + 12);
}

#[test]
fn the_highest_total_at_the_target_wins() {
    let mut table = before_going_out("box reefer");
    table.totals = Some(vec![100, 100]);
    let game = going_out(&table);
    assert_eq!(game.totals(), [131, 128]);
    assert_eq!(game.to_act(), ToAct::Over);
    assert_eq!(game.outcome().expect("over").winning_seats(), [0]);
}

#[test]
fn a_tie_for_the_highest_total_plays_another_hand() {
    let mut table = before_going_out("box reefer");
    table.totals = Some(vec![100, 103]);
    let game = going_out(&table);
    assert_eq!(game.totals(), [131, 131]);
    assert_eq!(game.outcome(), None);
    assert_eq!((game.hand_number(), game.phase()), (2, Phase::Draw));
}

#[test]
fn the_target_is_an_option() {
    for (target, over) in [(Target::Classic, true), (Target::Tournament, false)] {
        let mut table = before_going_out("box reefer");
        table.totals = Some(vec![70, 0]);
        table.options.target = target;
        let game = going_out(&table);
        assert_eq!(
            game.outcome().is_some(),
            over,
            "101 points against {target:?}"
        );
    }
}

#[test]
fn after_the_deadline_the_hand_ends_as_it_stands_and_the_game_with_it() {
    let mut table = before_going_out("box reefer");
    let mut game = table.start();
    assert!(!is_legal(&game, 0, "end"));
    let why = refused(&mut game, Actor::Table, "end");
    assert!(why.contains("no deadline"), "{why}");
    let why = refused(&mut game, Actor::Table, "deadline");
    assert!(why.contains("no deadline"), "{why}");
    table.options.deadline_hours = Hours(Some(24));
    let mut game = table.start();
    play_first_round(&mut game);
    steps(&mut game, 0, &["add 1 box", "add 2 reefer", "way boom"]);
    let why = refused(&mut game, Actor::Table, "end");
    assert!(why.contains("not passed yet"), "{why}");
    // The table's steps, never a player's: `deadline`, then `end`; and a player's step is not the table's.
    for seat in [0, 1] {
        for text in ["deadline", "end"] {
            let why = refused(&mut game, seat, text);
            assert!(why.contains("only the table takes"), "{why}");
        }
    }
    let why = refused(&mut game, Actor::Table, "discard office");
    assert!(why.contains("a player's step"), "{why}");
    step(&mut game, Actor::Table, "deadline");
    assert!(game.deadline_passed());
    assert!(!is_legal(&game, 0, "end") && !is_legal(&game, 0, "deadline"));
    let why = refused(&mut game, 0, "end");
    assert!(why.contains("only the table takes"), "{why}");
    step(&mut game, Actor::Table, "end");
    let (scores, end) = &game.history()[0];
    assert_eq!(*end, HandEnd::Deadline);
    // Two Box Car... trains of 6 Box Cars and 5 Reefers, the Office in hand, no bonus.
    assert_eq!(
        scores[0],
        HandScore {
            trains: 21,
            in_hand: 5,
            bonus: 0
        }
    );
    assert_eq!(game.to_act(), ToAct::Over);
}

#[test]
fn once_the_deadline_has_passed_the_hand_under_way_is_the_last() {
    let mut table = before_going_out("box reefer");
    table.options.deadline_hours = Hours(Some(24));
    let mut game = table.start();
    play_first_round(&mut game);
    step(&mut game, Actor::Table, "deadline");
    steps(
        &mut game,
        0,
        &["add 1 box", "add 2 reefer", "way boom", "discard office"],
    );
    let (scores, end) = &game.history()[0];
    assert_eq!(*end, HandEnd::WentOut(0));
    assert_eq!(scores[0].bonus, 10, "going out still earns its bonus");
    assert!(game.totals()[0] < 120);
    assert_eq!(game.to_act(), ToAct::Over, "no new hand after the deadline");
    assert_eq!(game.hand_number(), 1);
    assert!(game.outcome().is_some());
}

#[test]
fn a_turntable_reverses_play_and_gives_another_full_turn() {
    let table = Table {
        players: 3,
        dealer: 2,
        hands: vec!["turntable box box".into(), String::new(), String::new()],
        draw: "reefer reefer reefer reefer".into(),
        totals: None,
        rulings: Rulings {
            deal: 3,
            ..Rulings::default()
        },
        options: Default::default(),
    };
    let mut game = table.start();
    steps(&mut game, 0, &["draw", "discard turntable"]);
    assert_eq!(
        (game.current(), game.phase(), game.clockwise()),
        (0, Phase::Draw, false)
    );
    assert_eq!(game.turntables_played(), 1);
    assert!(!game.discard_pile().contains(&Kind::Turntable));
    steps(&mut game, 0, &["draw", "discard reefer"]);
    assert_eq!(game.current(), 2, "play goes the other way");
}

#[test]
fn a_turntable_that_goes_out_ends_the_hand_without_an_extra_turn() {
    let mut game = before_going_out("box turntable").start();
    play_first_round(&mut game);
    steps(
        &mut game,
        0,
        &["add 1 box", "way boom", "way office", "discard turntable"],
    );
    let (scores, end) = &game.history()[0];
    assert_eq!(*end, HandEnd::WentOut(0));
    assert_eq!(scores[0].bonus, 10);
    assert_eq!(game.hand_number(), 2, "the next hand is dealt at once");
    assert!(game.clockwise(), "every hand starts clockwise");
}

/// Going out waits until the discard has fully resolved: a Steal Car played on your own train as your
/// last card brings its car into your hand, so you do not go out although the train lengths would do.
#[test]
fn a_steal_car_on_yourself_that_leaves_a_card_in_hand_does_not_go_out() {
    let mut game = Table::two(
        [
            "tank box box box box box hopper reefer reefer reefer reefer boom",
            SEAT_1_HAND,
        ],
        "crane coach mail mail box steal",
    )
    .start();
    play_first_round(&mut game);
    steps(
        &mut game,
        0,
        &["add 1 box", "way boom", "way crane", "discard steal 1.1"],
    );
    assert!(game.history().is_empty(), "the hand goes on");
    assert_eq!(game.seat(0).hand, [Kind::BoxCar]);
    let lengths: Vec<usize> = game.seat(0).trains.iter().map(|t| t.cars.len()).collect();
    assert_eq!(lengths, [5, 4], "long enough to go out with an empty hand");
    assert_eq!(game.to_act(), ToAct::one(1));
}

#[test]
fn the_fourth_reshuffle_of_a_hand_ends_it_instead() {
    // Forty cards each leave 12 to draw; a turn draws one card and discards one. With 2 players the deck
    // has 2 Turntables, so a reshuffle keeps the newest 3 discards.
    let mut table = Table::two(["", ""], "");
    table.rulings = Rulings {
        deal: 40,
        draw: 1,
        max_hand: 60,
        ..Rulings::default()
    };
    let mut game = table.start();
    let mut reshuffles_seen = 0;
    while game.history().is_empty() {
        let seat = game.current();
        let before = game.discard_pile().to_vec();
        let was = game.reshuffles();
        step(&mut game, seat, "draw");
        if game.history().is_empty() && game.reshuffles() > was {
            reshuffles_seen += 1;
            assert_eq!(
                game.discard_pile(),
                &before[before.len() - 3..],
                "the newest 3 stay"
            );
        }
        if !game.history().is_empty() {
            assert_eq!(was, 3, "the hand ends when a fourth reshuffle is needed");
            break;
        }
        let card = game
            .seat(seat)
            .hand
            .iter()
            .copied()
            .find(|k| !matches!(k.class(), Class::Disaster | Class::Turntable));
        step(
            &mut game,
            seat,
            &format!("discard {}", card.expect("a card to discard").code()),
        );
    }
    assert_eq!(reshuffles_seen, 3);
    assert_eq!(game.history()[0].1, HandEnd::DeckSpent);
    assert!(game.history()[0].0.iter().all(|s| s.bonus == 0));
}

#[test]
fn an_impossible_hand_is_shown_set_aside_and_replaced_until_the_round_ends() {
    let hand =
        "broken broken derail derail steal steal switch switch wreck turntable turntable caboose";
    let mut game = Table::two(
        [hand, SEAT_1_HAND],
        "box box tank box box box box box hopper reefer reefer reefer reefer coach coach coach mail mail",
    )
    .start();
    step(&mut game, 0, "draw");
    let legal: Vec<String> = game.legal(0).iter().map(|a| a.to_string()).collect();
    assert_eq!(legal, ["redraw"]);
    let why = refused(&mut game, 0, "start wreck box");
    assert!(why.contains("redraw"), "{why}");
    let events = step(&mut game, 0, "redraw");
    let shown = events
        .iter()
        .find(|e| e.reveals)
        .expect("the hand is shown to everyone");
    assert!(shown.text.contains("Broken Car") && shown.text.contains("Caboose"));
    assert_eq!(game.set_aside().len(), 14);
    assert_eq!(game.seat(0).hand.len(), 14);
    refused(&mut game, 0, "draw");
    steps(
        &mut game,
        0,
        &[
            "start tank box box box box box",
            "start hopper reefer reefer reefer reefer",
            "discard coach",
        ],
    );
    steps(
        &mut game,
        1,
        &["draw", "start auto auto auto auto auto auto auto auto"],
    );
    let pile = game.draw_pile().len();
    step(&mut game, 1, "discard obs");
    assert!(
        game.set_aside().is_empty(),
        "back in the deck when the first round ends"
    );
    assert_eq!(game.draw_pile().len(), pile + 14);
}

/// In the first round no Disaster may be discarded, so a hand of only Disasters beside trains whose
/// Locos are all Disasters has no discard to end the turn on, whatever is swapped: it is impossible and
/// is redrawn (bots once swapped such Locos for ever, the only steps offered). Here seat 0's Turntable
/// gives it a second first-round turn, whose draw brings two more Disasters to its Steal Car.
#[test]
fn a_first_round_hand_of_disasters_beside_disaster_locos_is_redrawn() {
    let mut game = Table::two(
        [
            "derail broken box box box box hopper hopper hopper hopper steal turntable",
            SEAT_1_HAND,
        ],
        "box hopper switch wreck",
    )
    .start();
    steps(
        &mut game,
        0,
        &[
            "draw",
            "start derail box box box box box",
            "start broken hopper hopper hopper hopper hopper",
            "discard turntable",
            "draw",
        ],
    );
    assert!(game.first_round());
    assert_eq!(game.seat(0).hand, cards("steal switch wreck"));
    let legal: Vec<String> = game.legal(0).iter().map(|a| a.to_string()).collect();
    assert_eq!(legal, ["redraw"]);
    step(&mut game, 0, "redraw");
    assert_eq!(game.set_aside().len(), 3);
    assert_eq!(game.seat(0).hand.len(), 3);
}
