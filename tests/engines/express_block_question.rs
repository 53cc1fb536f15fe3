//! The block question, written as games: every eligible target is asked whether or not it holds the
//! matching Way Car, `block` is legal only for a holder, the table's timed answer blocks for a holder and
//! allows otherwise, and nothing anyone else sees tells the two apart.

use roundhouse::game::{Audience, Event, Game, GameRng, Presenter, SeatSight, Viewer};
use roundhouse::games::express::state::Phase;
use roundhouse::games::express::{Express, Kind};

use crate::express_tables::{Table, refused, step, steps};

/// The five Disasters with their Way Cars and a target on seat 2's train (or seat 2).
const CASES: [(&str, &str, &str); 5] = [
    ("broken", "crane", "2.1"),
    ("derail", "boom", "2"),
    ("steal", "office", "2.1"),
    ("switch", "transfer", "1 2.1"),
    ("wreck", "heavy", "2.1"),
];

/// Seat 0 holds `disaster` and starts two trains; seat 1 starts one train and holds `guard` (the Way
/// Car, or a Dome). After the first round seat 0 has drawn again.
fn second_round(disaster: &str, guard: &str) -> Express {
    let hand_0 = format!("{disaster} tank box box hopper reefer reefer");
    let hand_1 = format!("auto box box box {guard} sleeper sleeper");
    let mut table = Table::two([&hand_0, &hand_1], "obs obs mail mail coach coach");
    table.rulings.deal = 7;
    let mut game = table.start();
    steps(
        &mut game,
        0,
        &[
            "draw",
            "start tank box box",
            "start hopper reefer reefer",
            "discard obs",
        ],
    );
    steps(
        &mut game,
        1,
        &["draw", "start auto box box box", "discard sleeper"],
    );
    step(&mut game, 0, "draw");
    game
}

fn public(events: &[Event]) -> Vec<String> {
    events
        .iter()
        .filter(|e| e.audience == Audience::Everyone)
        .map(|e| e.text.clone())
        .collect()
}

/// Everything a viewer other than seat 1 sees of `game`, and what the table would say and do.
fn seen_by_others(game: &Express) -> (String, String, Vec<u8>, String, String) {
    let names = ["ann".to_owned(), "carol".to_owned()];
    let spectator = game.view(Viewer::Spectator);
    let timed = game.timed_default().expect("the answer is timed");
    (
        serde_json::to_string(&spectator).expect("serialises"),
        serde_json::to_string(&game.view(Viewer::Seat(0))).expect("serialises"),
        Express::board_png(&spectator, &names),
        Express::board_text(&spectator, &names),
        format!(
            "{:?} {} {} {:?} {:?}",
            game.to_act(),
            timed.seat,
            timed.after_hours,
            timed.said,
            game.decision_owed(1)
        ),
    )
}

#[test]
fn a_target_without_the_way_car_is_asked_too_and_may_only_allow() {
    for (disaster, _, target) in CASES {
        let mut game = second_round(disaster, "dome");
        step(&mut game, 0, &format!("discard {disaster} {target}"));
        assert!(matches!(game.phase(), Phase::Block(_)), "{disaster}: asked");
        let answers: Vec<String> = game.legal(1).iter().map(|a| a.to_string()).collect();
        assert_eq!(answers, ["allow"], "{disaster}");
        let why = refused(&mut game, 1, "block");
        assert!(why.contains("no"), "{disaster}: {why}");
        let timed = game.timed_default().expect("timed");
        assert_eq!(timed.action.to_string(), "allow", "{disaster}");
        step(&mut game, 1, "allow");
        assert_eq!(game.phase(), Phase::Draw, "{disaster}: the turn passed");
    }
}

#[test]
fn the_table_blocks_for_a_silent_holder() {
    let mut game = second_round("wreck", "heavy");
    step(&mut game, 0, "discard wreck 2.1");
    let timed = game.timed_default().expect("timed");
    assert_eq!(timed.action.to_string(), "block");
}

#[test]
fn whether_the_target_holds_the_way_car_shows_nowhere_until_it_answers() {
    for (disaster, way_car, target) in CASES {
        let mut holds = second_round(disaster, way_car);
        let mut lacks = second_round(disaster, "dome");
        let play = format!("discard {disaster} {target}");
        let said_holds = public(&step(&mut holds, 0, &play));
        let said_lacks = public(&step(&mut lacks, 0, &play));
        assert_eq!(said_holds, said_lacks, "{disaster}: the posts");
        assert_eq!(
            seen_by_others(&holds),
            seen_by_others(&lacks),
            "{disaster}: the views, pictures, and the table's timing and words"
        );
    }
}

#[test]
fn a_bot_without_the_way_car_allows() {
    let mut game = second_round("wreck", "dome");
    step(&mut game, 0, "discard wreck 2.1");
    let mut rng = GameRng::seeded(3);
    let sight = SeatSight::new(&game, 1);
    let choice = <Express as roundhouse::game::BotPlayer>::choose(&sight, &mut rng);
    assert_eq!(choice.to_string(), "allow");
    let mut holder = second_round("wreck", "heavy");
    step(&mut holder, 0, "discard wreck 2.1");
    let sight = SeatSight::new(&holder, 1);
    let choice = <Express as roundhouse::game::BotPlayer>::choose(&sight, &mut rng);
    assert_eq!(choice.to_string(), "block");
    assert!(holder.seat(1).hand.contains(&Kind::HeavyCrane));
}
