//! Whistlewood Express rules, one test per rule, written as games in notation from explicit setups and
//! played through the `Game` trait: the rulebook's worked example, the turn's steps, the train's
//! movements, the bonuses and both end conditions. (Scoring and the Automa's priorities are tested
//! from built positions inside the crate: `src/games/whistlewood/tests/`.)

use roundhouse::game::{Audience, Event, Game, Participant, Presenter, Seat, ToAct, Viewer};
use roundhouse::games::adapter::{GameKind, Kind};
use roundhouse::games::whistlewood::cars::TileType;
use roundhouse::games::whistlewood::rules::{AutomaLevel, Stage};
use roundhouse::games::whistlewood::{
    Action, Rulings, Whistlewood, WhistlewoodOptions, WhistlewoodSetup,
};

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/// One colour's nine tiles.
const SET: [&str; 9] = [
    "grain",
    "grain",
    "stone+action",
    "stone+shunt",
    "coal",
    "log",
    "mail",
    "livestock",
    "tank",
];

/// A draw pile: `top` first (the first three are a player's first hand), then the rest of the set.
fn pile(top: &[&str]) -> Vec<TileType> {
    let mut rest: Vec<&str> = SET.to_vec();
    for tile in top {
        let i = rest
            .iter()
            .position(|r| r == tile)
            .unwrap_or_else(|| panic!("{tile} used more often than a set has it"));
        rest.remove(i);
    }
    top.iter()
        .chain(rest.iter())
        .map(|t| t.parse().unwrap())
        .collect()
}

fn setup(layout: [&str; 2], start: Seat, red: &[&str], blue: &[&str]) -> WhistlewoodSetup {
    WhistlewoodSetup {
        layout: layout.map(str::to_owned),
        start_player: start,
        piles: [pile(red), pile(blue)],
        rulings: Default::default(),
    }
}

/// The worked example's map: the Siding at the bottom of column 3, a Silo Station at the top of column
/// 4, and no Station in column 5 (so the last Station column is 4).
const EXAMPLE_MAP: [&str; 2] = ["BCDAD", "CAFBE"];

fn two_players(setup: WhistlewoodSetup) -> Whistlewood {
    Whistlewood::start(WhistlewoodOptions::default(), 2, setup, 7)
        .unwrap_or_else(|e| panic!("setup refused: {e}"))
}

fn solo(level: AutomaLevel, setup: WhistlewoodSetup) -> Whistlewood {
    Whistlewood::start(WhistlewoodOptions { level }, 1, setup, 7)
        .unwrap_or_else(|e| panic!("setup refused: {e}"))
}

fn seat_to_act(game: &Whistlewood) -> Seat {
    match game.to_act() {
        ToAct::Seats(seats) => seats[0],
        ToAct::Over => panic!("the game is over"),
    }
}

/// Applies steps in notation, each by the seat to act; returns every event.
fn play(game: &mut Whistlewood, steps: &[&str]) -> Vec<Event> {
    let mut events = Vec::new();
    for (i, text) in steps.iter().enumerate() {
        let seat = seat_to_act(game);
        let action: Action = text.parse().unwrap_or_else(|e| panic!("step {i}: {e}"));
        let legal: Vec<String> = game.legal(seat).iter().map(Action::to_string).collect();
        events.extend(game.apply(seat, &action).unwrap_or_else(|e| {
            panic!("step {i} `{text}` by seat {seat}: {e} (legal: {legal:?})")
        }));
    }
    events
}

/// The train car by car as `column:colour:tile`, front first.
fn train(game: &Whistlewood) -> Vec<String> {
    let view = game.view(Viewer::Spectator);
    view.train
        .iter()
        .map(|car| {
            let colour = ["red", "blue"][car.car.owner];
            format!("{}:{colour}:{}", car.column, car.car.tile)
        })
        .collect()
}

/// The cars on the card at (row, column 1..5) as `colour:tile`.
fn on_card(game: &Whistlewood, row: usize, column: usize) -> Vec<String> {
    game.spot(row, column - 1)
        .iter()
        .map(|&tile| format!("{}:{}", ["red", "blue"][tile.owner()], game.tile_type(tile)))
        .collect()
}

fn legal(game: &Whistlewood) -> Vec<String> {
    game.legal(seat_to_act(game))
        .iter()
        .map(Action::to_string)
        .collect()
}

fn public_text(events: &[Event]) -> String {
    events
        .iter()
        .filter(|e| e.audience == Audience::Everyone)
        .map(|e| e.text.as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

fn totals(game: &Whistlewood) -> [i32; 2] {
    let scores = game.scores();
    [scores[0].total, scores[1].total]
}

/// The worked example's opening: red starts; blue's Grain ends up at column 6 with the locomotive at 8.
fn worked_example_opening() -> Whistlewood {
    let mut game = two_players(setup(
        EXAMPLE_MAP,
        0,
        &["coal", "tank", "log"],
        &["grain", "log", "stone+shunt"],
    ));
    play(
        &mut game,
        &[
            "from left",
            "place coal",
            "place grain",
            "place log",
            "keep",
            "advance",
            "advance",
            "keep",
            "advance",
            "advance",
            "keep",
            "advance",
            "advance",
            "keep",
        ],
    );
    game
}

// ---------------------------------------------------------------------------------------------
// The rulebook's worked example
// ---------------------------------------------------------------------------------------------

#[test]
fn worked_example_stone_shunt_then_siding_then_grain_on_the_silo() {
    let mut game = worked_example_opening();
    assert_eq!(train(&game), ["7:red:coal", "6:blue:grain", "5:blue:log"]);
    assert_eq!(game.loco(), 8);
    assert_eq!(seat_to_act(&game), 1);

    // (1) Blue places the Stone car with the Shunt; (2) the Shunt moves the train back at once, so the
    // new car stands beside the Siding.
    let events = play(&mut game, &["place stone+shunt"]);
    assert!(public_text(&events).contains("Shunt: the train moves back"));
    assert_eq!(game.loco(), 7);
    assert_eq!(
        train(&game),
        [
            "6:red:coal",
            "5:blue:grain",
            "4:blue:log",
            "3:blue:stone+shunt"
        ]
    );
    // Left there, the Grain car stands past the last Station column (4): −5 for blue.
    assert_eq!(game.scores()[1].beyond, -5);

    // (3) Blue's second action claims the Siding with that Stone car: a Shunt and a Bonus Action, in
    // the order blue chooses.
    play(&mut game, &["claim 3 bottom"]);
    assert_eq!(on_card(&game, 1, 3), ["blue:stone+shunt"]);
    assert_eq!(train(&game), ["6:red:coal", "5:blue:grain", "4:blue:log"]);
    let choices = legal(&game);
    assert!(choices.contains(&"shunt".to_owned()), "{choices:?}");
    assert!(choices.contains(&"advance".to_owned()), "{choices:?}");

    // (4) The Shunt first: the Grain car comes beside the Silo Station.
    play(&mut game, &["shunt"]);
    assert_eq!(game.loco(), 6);
    assert_eq!(train(&game), ["5:red:coal", "4:blue:grain", "3:blue:log"]);
    assert_eq!(
        legal(&game).iter().filter(|s| *s == "shunt").count(),
        0,
        "the Shunt is used"
    );

    // (5) The Bonus Action claims the Silo Station with the Grain car: +5 instead of −5.
    play(&mut game, &["claim 4 top"]);
    assert_eq!(on_card(&game, 0, 4), ["blue:grain"]);
    assert_eq!(train(&game), ["5:red:coal", "4:blue:log"], "the gap closed");
    let scores = game.scores();
    assert_eq!(scores[1].stations, 5);
    assert_eq!(scores[1].beyond, 0);
    assert_eq!(totals(&game), [-2, 5], "red's Coal past column 4 costs 2");

    // Both actions and both bonuses are used: the turn passed to red by itself.
    assert_eq!(seat_to_act(&game), 0);
    assert_eq!(game.stage(), Stage::Discard);
}

#[test]
fn a_sidings_bonus_action_may_come_before_its_shunt() {
    let mut game = worked_example_opening();
    play(&mut game, &["place stone+shunt", "claim 3 bottom"]);
    // The Bonus Action first: the Grain at column 5 has nothing to claim there (Field and River), so
    // blue advances; the Shunt then follows by itself and the turn ends.
    let events = play(&mut game, &["advance"]);
    assert!(public_text(&events).contains("Shunt: the train moves back"));
    assert_eq!(game.loco(), 7);
    assert_eq!(train(&game), ["6:red:coal", "5:blue:grain", "4:blue:log"]);
    assert_eq!(seat_to_act(&game), 0);
}

// ---------------------------------------------------------------------------------------------
// Setup, direction and the first turns
// ---------------------------------------------------------------------------------------------

#[test]
fn setups_that_break_the_components_are_refused() {
    let good = setup(EXAMPLE_MAP, 0, &[], &[]);
    let mut short_row = good.clone();
    short_row.layout[0] = "BCDA".into();
    let mut wrong_cards = good.clone();
    wrong_cards.layout[0] = "BCDAA".into();
    let mut unknown = good.clone();
    unknown.layout[0] = "BCDAZ".into();
    let mut bad_pile = good.clone();
    bad_pile.piles[0][0] = "tank".parse().unwrap();
    let mut bad_start = good.clone();
    bad_start.start_player = 2;
    for (bad, hint) in [
        (short_row, "has 4 cards"),
        (wrong_cards, "Station with Silo"),
        (unknown, "not a location card"),
        (bad_pile, "red pile"),
        (bad_start, "start player"),
    ] {
        let error = Whistlewood::start(WhistlewoodOptions::default(), 2, bad, 1).unwrap_err();
        assert!(error.0.contains(hint), "{hint}: {error}");
    }
    let error = Whistlewood::start(WhistlewoodOptions::default(), 3, good, 1).unwrap_err();
    assert!(error.0.contains("not 3"), "{error}");
}

#[test]
fn the_starting_player_chooses_the_end_and_columns_count_from_it() {
    let mut game = two_players(setup(EXAMPLE_MAP, 1, &[], &["tank", "coal", "log"]));
    assert_eq!(seat_to_act(&game), 1, "the start player chooses");
    assert_eq!(legal(&game), ["from left", "from right"]);
    let error = game.apply(0, &Action::FromLeft(true)).unwrap_err();
    assert!(error.message.contains("not your turn"), "{error}");
    play(&mut game, &["from right"]);
    // Mirrored: column 1 is the physical right end, whose top card is the Field (D) and bottom the River.
    let view = game.view(Viewer::Spectator);
    assert_eq!(view.from_left, Some(false));
    assert_eq!(view.rows[0][0].letter, 'D');
    assert_eq!(view.rows[1][0].letter, 'E');
    assert_eq!(view.rows[0][4].letter, 'B');
    // Only placements on the very first turn, and only one action.
    assert_eq!(legal(&game), ["place tank", "place coal", "place log"]);
    play(&mut game, &["place tank"]);
    assert_eq!(train(&game), ["0:blue:tank"]);
    assert_eq!(seat_to_act(&game), 0, "one action, then the other player");
}

#[test]
fn the_second_player_takes_two_actions_and_manages_the_hand_from_round_two() {
    let mut game = two_players(setup(
        EXAMPLE_MAP,
        0,
        &["coal", "log", "tank"],
        &["grain", "mail", "livestock"],
    ));
    play(&mut game, &["from left", "place coal"]);
    assert_eq!(
        game.stage(),
        Stage::Actions,
        "no hand management in round 1"
    );
    let steps = legal(&game);
    assert!(steps.contains(&"advance".to_owned()), "{steps:?}");
    play(&mut game, &["place grain", "advance"]);
    // Round 2: red manages the hand first.
    assert_eq!(seat_to_act(&game), 0);
    assert_eq!(game.stage(), Stage::Discard);
    assert_eq!(
        legal(&game),
        ["keep", "discard log", "discard tank", "discard log tank"]
    );
    let error = game.apply(0, &Action::Advance).unwrap_err();
    assert!(error.message.contains("First manage your hand"), "{error}");
    let events = play(&mut game, &["discard log tank"]);
    let hand = &game.piles(0).hand;
    assert_eq!(hand.len(), 3, "drew back up to three");
    assert_eq!(game.piles(0).discard.len(), 2);
    assert_eq!(game.piles(0).draw.len(), 9 - 1 - 3 - 2);
    let private: Vec<&Event> = events
        .iter()
        .filter(|e| e.audience == Audience::Only(0))
        .collect();
    assert_eq!(private.len(), 1, "what red drew is private");
    assert!(public_text(&events).contains("discards 2 tiles face down"));
    assert!(!public_text(&events).contains("You draw"));
}

#[test]
fn an_empty_draw_pile_is_refilled_from_the_discards_only_when_a_draw_is_needed() {
    let mut game = two_players(setup(EXAMPLE_MAP, 1, &[], &[]));
    play(&mut game, &["from left", "place grain"]);
    // Red throws its hand away each turn, places one tile and advances; blue advances.
    play(&mut game, &["place grain", "place grain"]);
    let mut reshuffled = false;
    for _ in 0..3 {
        let seat = seat_to_act(&game);
        assert_eq!(seat, 1);
        if game.stage() == Stage::Discard {
            play(&mut game, &["keep"]);
        }
        while seat_to_act(&game) == 1 {
            let step = simple_step(&game, false);
            game.apply(1, &step).unwrap();
        }
        let before_draw = game.piles(0).draw.len();
        let hand: Vec<String> = game
            .piles(0)
            .hand
            .iter()
            .map(|&t| game.tile_type(t).to_string())
            .collect();
        let events = play(&mut game, &[&format!("discard {}", hand.join(" "))]);
        let text = public_text(&events);
        assert_eq!(
            text.contains("shuffles their discard pile"),
            before_draw < 3,
            "a reshuffle exactly when the draw pile cannot fill the hand ({before_draw} left)"
        );
        reshuffled |= before_draw < 3;
        let piles = game.piles(0);
        let in_train = game.train().iter().filter(|t| t.owner() == 0).count();
        assert_eq!(
            piles.hand.len() + piles.draw.len() + piles.discard.len() + in_train,
            9
        );
        assert_eq!(piles.hand.len(), 3);
        let place = game
            .legal(0)
            .into_iter()
            .find(|s| matches!(s, Action::Place(_)))
            .unwrap();
        game.apply(0, &place).unwrap();
        while game.to_act() == ToAct::one(0) {
            let step = simple_step(&game, false);
            game.apply(0, &step).unwrap();
        }
    }
    assert!(reshuffled);
}

// ---------------------------------------------------------------------------------------------
// The train's movements
// ---------------------------------------------------------------------------------------------

#[test]
fn the_train_advances_by_itself_when_three_cars_stand_before_the_map() {
    let mut game = two_players(setup(EXAMPLE_MAP, 0, &["coal"], &["grain", "log"]));
    play(&mut game, &["from left", "place coal", "place grain"]);
    assert_eq!(game.loco(), 1);
    assert_eq!(train(&game), ["0:red:coal", "-1:blue:grain"]);
    let events = play(&mut game, &["place log"]);
    assert!(public_text(&events).contains("advances by itself"));
    assert_eq!(game.loco(), 2, "the automatic advance is not an action");
    assert_eq!(train(&game), ["1:red:coal", "0:blue:grain", "-1:blue:log"]);
    assert_eq!(seat_to_act(&game), 0);
}

#[test]
fn a_claim_closes_the_gap_behind_the_car() {
    let mut game = two_players(setup(EXAMPLE_MAP, 0, &["coal"], &["grain", "log"]));
    play(
        &mut game,
        &[
            "from left",
            "place coal",
            "place grain",
            "place log",
            "keep",
            "advance",
        ],
    );
    assert_eq!(train(&game), ["2:red:coal", "1:blue:grain", "0:blue:log"]);
    // Red's second action: its Coal at column 2 claims the Single-Track Station on top.
    play(&mut game, &["claim 2 top"]);
    assert_eq!(on_card(&game, 0, 2), ["red:coal"]);
    assert_eq!(
        train(&game),
        ["2:blue:grain", "1:blue:log"],
        "the rear slid forward"
    );
    // Blue claims from the middle: its Grain at column 2 onto the Silo Station below.
    play(&mut game, &["keep", "claim 2 bottom"]);
    assert_eq!(on_card(&game, 1, 2), ["blue:grain"]);
    assert_eq!(train(&game), ["2:blue:log"]);
    // A claim needs a car of your own beside a card with a free track.
    let error = game.apply(1, &"claim 2 top".parse().unwrap()).unwrap_err();
    assert!(error.message.contains("no free track"), "{error}");
    let error = game.apply(1, &"claim 4 top".parse().unwrap()).unwrap_err();
    assert!(
        error.message.contains("No car stands beside column 4"),
        "{error}"
    );
}

#[test]
fn advancing_is_refused_once_the_rear_has_passed_the_last_card() {
    let mut game = two_players(setup(EXAMPLE_MAP, 0, &["coal"], &[]));
    play(
        &mut game,
        &["from left", "place coal", "advance", "advance"],
    );
    play(&mut game, &["keep", "advance", "advance"]);
    assert_eq!(train(&game), ["4:red:coal"]);
    play(&mut game, &["keep", "advance"]);
    assert_eq!(train(&game), ["5:red:coal"], "the rear is at the last card");
    play(&mut game, &["advance"]);
    assert_eq!(
        train(&game),
        ["6:red:coal"],
        "and may still advance past it"
    );
    play(&mut game, &["keep"]);
    let steps = legal(&game);
    assert!(!steps.contains(&"advance".to_owned()), "{steps:?}");
    let error = game
        .apply(seat_to_act(&game), &Action::Advance)
        .unwrap_err();
    assert!(error.message.contains("passed column 5"), "{error}");
}

#[test]
fn a_shunt_at_the_start_position_does_nothing() {
    let mut game = two_players(setup(EXAMPLE_MAP, 0, &["stone+shunt"], &[]));
    let events = play(&mut game, &["from left", "place stone+shunt"]);
    assert!(public_text(&events).contains("cannot move back"));
    assert_eq!(game.loco(), 1);
    assert_eq!(train(&game), ["0:red:stone+shunt"]);
    assert_eq!(seat_to_act(&game), 1);
}

/// Red and blue have placed five cars; blue is to act after keeping its hand of Shunt Stone, Grain and
/// Action Stone.
fn deferred_position() -> Whistlewood {
    deferred_position_with(Rulings::default())
}

/// [`deferred_position`] played with these rulings.
fn deferred_position_with(rulings: Rulings) -> Whistlewood {
    let mut setup = setup(
        EXAMPLE_MAP,
        0,
        &["coal", "log", "tank"],
        &["grain", "mail", "stone+shunt"],
    );
    setup.rulings = rulings.into();
    let mut game = two_players(setup);
    play(
        &mut game,
        &[
            "from left",
            "place coal",
            "place grain",
            "place mail",
            "keep",
            "place log",
            "place tank",
            "keep",
        ],
    );
    assert_eq!(
        train(&game),
        [
            "3:red:coal",
            "2:blue:grain",
            "1:blue:mail",
            "0:red:log",
            "-1:red:tank"
        ]
    );
    game
}

#[test]
fn inside_a_placement_the_automatic_advance_comes_before_the_tiles_shunt() {
    let mut game = deferred_position();
    let events = play(&mut game, &["place stone+shunt"]);
    let text = public_text(&events);
    let advance = text.find("advances by itself").unwrap();
    let shunt = text.find("Shunt: the train moves back").unwrap();
    assert!(advance < shunt, "{text}");
    // Advanced to 5, shunted back to 4: three cars stand before the map again, so the automatic
    // advance waits for blue's next action.
    assert!(text.contains("advance waits"), "{text}");
    assert_eq!(game.loco(), 4);
    assert!(game.deferred_advance());
    assert_eq!(
        train(&game),
        [
            "3:red:coal",
            "2:blue:grain",
            "1:blue:mail",
            "0:red:log",
            "-1:red:tank",
            "-2:blue:stone+shunt"
        ]
    );
}

#[test]
fn the_waiting_advance_is_dropped_when_the_next_action_makes_it_unneeded() {
    let mut game = deferred_position();
    play(&mut game, &["place stone+shunt"]);
    // The Grain at column 2 claims the Station on top; the cars behind close up, leaving only two
    // cars before the map: the waiting advance is no longer required.
    let events = play(&mut game, &["claim 2 top"]);
    assert!(!public_text(&events).contains("waiting automatic advance"));
    assert_eq!(game.loco(), 4);
    assert!(!game.deferred_advance());
    assert_eq!(
        train(&game),
        [
            "3:red:coal",
            "2:blue:mail",
            "1:red:log",
            "0:red:tank",
            "-1:blue:stone+shunt"
        ]
    );
    assert_eq!(seat_to_act(&game), 0, "the turn passed");
}

#[test]
fn with_no_action_left_the_waiting_advance_happens_at_the_end_of_the_turn() {
    let mut game = deferred_position();
    // First action: the Grain (advances the train by itself); second: the Shunt Stone, whose Shunt
    // leaves three cars before the map with no action left.
    play(&mut game, &["place grain"]);
    assert_eq!(game.loco(), 5);
    let events = play(&mut game, &["place stone+shunt"]);
    let text = public_text(&events);
    assert!(text.contains("advance waits"), "{text}");
    assert!(
        text.contains("waiting automatic advance happens now"),
        "{text}"
    );
    assert_eq!(game.loco(), 6);
    assert!(!game.deferred_advance());
    assert_eq!(seat_to_act(&game), 0);
}

// ---------------------------------------------------------------------------------------------
// The end of the game
// ---------------------------------------------------------------------------------------------

/// A simple policy: keep the hand; during a Bonus Action advance if possible; otherwise place when
/// `places`, else advance; otherwise whatever is first.
fn simple_step(game: &Whistlewood, places: bool) -> Action {
    let seat = seat_to_act(game);
    let steps = game.legal(seat);
    let in_bonus = game
        .view(Viewer::Spectator)
        .turn
        .is_some_and(|t| t.bonus_actions > 0);
    let find = |want: fn(&Action) -> bool| steps.iter().find(|s| want(s)).cloned();
    let keep = find(|s| matches!(s, Action::Discard(t) if t.is_empty()));
    let place = find(|s| matches!(s, Action::Place(_)));
    let advance = find(|s| matches!(s, Action::Advance));
    let choice = if in_bonus || !places {
        keep.or(advance).or(place)
    } else {
        keep.or(place).or(advance)
    };
    choice.unwrap_or_else(|| steps[0])
}

/// Plays [`simple_step`] for both seats (`places[seat]`) until `until` holds.
fn run(game: &mut Whistlewood, places: [bool; 2], until: impl Fn(&Whistlewood) -> bool) {
    let mut guard = 0;
    while !until(game) {
        guard += 1;
        assert!(guard < 500, "the game did not get there");
        let seat = seat_to_act(game);
        let step = simple_step(game, places[seat]);
        game.apply(seat, &step).unwrap();
    }
}

#[test]
fn when_the_starting_player_places_the_last_tile_the_other_takes_one_more_turn() {
    let mut game = two_players(setup(EXAMPLE_MAP, 0, &[], &[]));
    play(&mut game, &["from left"]);
    run(&mut game, [true, true], |g| g.piles(0).all_placed());
    assert!(!game.piles(1).all_placed(), "blue still has tiles");
    // Red placed the last tile: red's turn goes on if an action is left, then blue plays a final turn.
    run(&mut game, [true, true], |g| seat_to_act(g) == 1);
    assert!(game.view(Viewer::Spectator).final_turn);
    let round = game.round();
    run(&mut game, [true, false], |g| {
        g.to_act() == ToAct::Over || g.round() > round
    });
    assert_eq!(game.to_act(), ToAct::Over);
    assert_eq!(
        game.round(),
        round,
        "the game ended after blue's final turn"
    );
    assert!(game.outcome().is_some());
}

#[test]
fn when_the_second_player_places_the_last_tile_the_game_ends_after_that_turn() {
    let mut game = two_players(setup(EXAMPLE_MAP, 0, &[], &[]));
    play(&mut game, &["from left"]);
    // Red advances while it can, so blue runs out of tiles first.
    run(&mut game, [false, true], |g| g.piles(1).all_placed());
    // Blue finishes the turn (a second action if one is left), then the game is over.
    while game.to_act() != ToAct::Over {
        assert_eq!(seat_to_act(&game), 1, "red gets no further turn");
        let step = game.legal(1)[0];
        game.apply(1, &step).unwrap();
    }
    assert!(!game.piles(0).all_placed());
}

#[test]
fn filling_the_last_station_track_ends_the_game_at_once() {
    // A map whose Stations are all in columns 1 and 2 except one, so few claims fill them: every
    // Station needs a claim, so play claims greedily for both seats.
    let mut game = two_players(setup(EXAMPLE_MAP, 0, &[], &[]));
    play(&mut game, &["from left"]);
    let mut guard = 0;
    let mut last_events = Vec::new();
    while game.to_act() != ToAct::Over {
        guard += 1;
        assert!(guard < 800);
        let seat = seat_to_act(&game);
        let steps = game.legal(seat);
        let step = *steps
            .iter()
            .find(|s| {
                matches!(s, Action::Claim { column, row }
                    if game.view(Viewer::Spectator).rows[row.index()][usize::from(*column) - 1].station)
            })
            .or_else(|| steps.iter().find(|s| matches!(s, Action::Discard(t) if t.is_empty())))
            .or_else(|| steps.iter().find(|s| matches!(s, Action::Place(_))))
            .unwrap_or(&steps[0]);
        last_events = game.apply(seat, &step).unwrap();
    }
    let view = game.view(Viewer::Spectator);
    let free: usize = view
        .rows
        .iter()
        .flatten()
        .filter(|c| c.station)
        .map(|c| usize::from(c.tracks) - c.cars.len())
        .sum();
    if free == 0 {
        assert!(public_text(&last_events).contains("Every Station track is taken"));
    } else {
        assert!(game.piles(0).all_placed() || game.piles(1).all_placed());
    }
    let outcome = game.outcome().unwrap();
    let scores = game.scores();
    for standing in &outcome.standings {
        let Participant::Seat(seat) = standing.participant else {
            panic!("no Automa in a two-player game");
        };
        assert_eq!(standing.score, scores[seat].total);
    }
}

// ---------------------------------------------------------------------------------------------
// Solo
// ---------------------------------------------------------------------------------------------

#[test]
fn the_automa_starts_and_places_as_many_cars_as_its_level() {
    for (level, cars) in [
        (AutomaLevel::One, 1),
        (AutomaLevel::Two, 2),
        (AutomaLevel::Three, 3),
    ] {
        let mut game = solo(level, setup(EXAMPLE_MAP, 0, &[], &["tank", "coal", "log"]));
        assert_eq!(seat_to_act(&game), 0, "the player sets the locomotive");
        let events = play(&mut game, &["from left"]);
        let text = public_text(&events);
        assert_eq!(text.matches("The Automa places").count(), cars, "{text}");
        assert_eq!(game.piles(1).draw.len(), 9 - cars);
        assert!(game.piles(1).hand.is_empty(), "the Automa has no hand");
        // At level 3 three cars stand before the map, so the train advanced by itself.
        assert_eq!(game.loco(), if cars == 3 { 2 } else { 1 });
        assert_eq!(seat_to_act(&game), 0);
        assert_eq!(game.stage(), Stage::Actions, "round 1: no hand management");
        assert_eq!(game.actions_left(), 2);
    }
}

#[test]
fn solo_results_include_the_automa_by_name() {
    let mut game = solo(AutomaLevel::Two, setup(EXAMPLE_MAP, 0, &[], &[]));
    play(&mut game, &["from left"]);
    run(&mut game, [true, true], |g| g.to_act() == ToAct::Over);
    let outcome = game.outcome().unwrap();
    assert!(
        outcome
            .standings
            .iter()
            .any(|s| s.participant == Participant::Automa("Automa (level 2)".into()))
    );
    assert!(outcome.standings.iter().all(|s| s.place >= 1));
    let automa = outcome
        .standings
        .iter()
        .find(|s| matches!(s.participant, Participant::Automa(_)))
        .unwrap();
    assert!(automa.score >= 0, "the Automa never scores below zero");
}

// ---------------------------------------------------------------------------------------------
// Rulings on the waiting advance and the Siding's bonus order
// ---------------------------------------------------------------------------------------------

#[test]
fn a_waiting_advance_moves_the_train_again_after_a_placements_own_advance() {
    let mut game = deferred_position();
    // The Shunt leaves three cars before the map: the automatic advance waits (locomotive at 4).
    play(&mut game, &["place stone+shunt"]);
    assert_eq!(game.loco(), 4);
    assert!(game.deferred_advance());
    // Blue's next action places the Grain: four cars before the map, so the placement advances by
    // itself (to 5); three still stand before the map, so the waiting advance moves it again (to 6).
    let events = play(&mut game, &["place grain"]);
    let text = public_text(&events);
    let own = text.find("advances by itself").expect(&text);
    let waiting = text
        .find("waiting automatic advance happens now")
        .expect(&text);
    assert!(own < waiting, "{text}");
    assert_eq!(game.loco(), 6);
    assert!(!game.deferred_advance());
    assert_eq!(
        train(&game),
        [
            "5:red:coal",
            "4:blue:grain",
            "3:blue:mail",
            "2:red:log",
            "1:red:tank",
            "0:blue:stone+shunt",
            "-1:blue:grain"
        ]
    );
    assert_eq!(seat_to_act(&game), 0, "both actions used");
}

/// A map with the Siding on top of column 5 and a Single-Track Station under it, played with three
/// cars a colour (coal, log, tank), so the hands run out early.
fn siding_last_setup() -> WhistlewoodSetup {
    siding_last_setup_with(Rulings::default())
}

/// [`siding_last_setup`] with these rulings (their car set replaced by the three cars).
fn siding_last_setup_with(rulings: Rulings) -> WhistlewoodSetup {
    let three: Vec<TileType> = ["coal", "log", "tank"]
        .iter()
        .map(|t| t.parse().unwrap())
        .collect();
    let rulings = Rulings {
        cars: three.clone(),
        ..rulings
    };
    WhistlewoodSetup {
        layout: ["ABCDF", "ABDEC"].map(str::to_owned),
        start_player: 0,
        piles: [three.clone(), three],
        rulings: rulings.into(),
    }
}

/// On [`siding_last_setup`]: red's Log becomes the rear of the train, at column 6.
const TO_THE_LAST_TURN: [&str; 16] = [
    "from left",
    "place coal",
    "place coal",
    "place log",
    "keep",
    "place log",
    "advance",
    "keep",
    "advance",
    "advance",
    "keep",
    "advance",
    "advance",
    "keep",
    "advance",
    "advance",
];

#[test]
fn a_sidings_shunt_may_come_first_when_its_bonus_action_has_nothing_to_do_yet() {
    let mut game = two_players(siding_last_setup());
    play(&mut game, &TO_THE_LAST_TURN);
    assert_eq!(
        train(&game),
        ["9:red:coal", "8:blue:coal", "7:blue:log", "6:red:log"]
    );
    // Red places its last tile beside the Siding and claims the Siding with it.
    play(&mut game, &["keep", "place tank", "claim 5 top"]);
    assert_eq!(on_card(&game, 0, 5), ["red:tank"]);
    assert!(game.piles(0).all_placed());
    // Now the Bonus Action has nothing to do (empty hand, no car beside a Station, the rear past
    // column 5), but after the Shunt the Log stands beside the Station under the Siding: red still
    // chooses the order.
    assert_eq!(seat_to_act(&game), 0);
    assert_eq!(legal(&game), ["shunt", "forgo"]);
    let events = play(&mut game, &["shunt"]);
    assert!(!public_text(&events).contains("Bonus Action is lost"));
    assert_eq!(game.loco(), 9);
    assert_eq!(legal(&game), ["claim 5 top", "claim 5 bottom", "advance"]);
    play(&mut game, &["claim 5 bottom"]);
    assert_eq!(on_card(&game, 1, 5), ["red:log"]);
    assert_eq!(
        game.scores()[0].stations,
        3,
        "the Log scores on the Station"
    );
    assert_eq!(seat_to_act(&game), 1, "blue's final turn");
    assert!(game.final_turn());
}

#[test]
fn a_sidings_bonus_action_with_nothing_to_do_is_lost_when_it_is_resolved_first() {
    let mut game = two_players(siding_last_setup());
    play(&mut game, &TO_THE_LAST_TURN);
    play(&mut game, &["keep", "place tank", "claim 5 top"]);
    let error = game.apply(0, &Action::Advance).unwrap_err();
    assert!(error.message.contains("passed column 5"), "{error}");
    let events = play(&mut game, &["forgo"]);
    let text = public_text(&events);
    let lost = text.find("Bonus Action is lost").expect(&text);
    let shunt = text.find("Shunt: the train moves back").expect(&text);
    assert!(lost < shunt, "{text}");
    assert_eq!(game.loco(), 9);
    assert_eq!(on_card(&game, 1, 5), Vec::<String>::new());
    assert_eq!(seat_to_act(&game), 1, "red's turn is over");
}

#[test]
fn forgoing_is_refused_while_the_bonus_action_has_something_to_do() {
    let mut game = worked_example_opening();
    play(&mut game, &["place stone+shunt", "claim 3 bottom"]);
    let before = serde_json::to_string(&game).unwrap();
    let error = game.apply(1, &"forgo".parse().unwrap()).unwrap_err();
    assert!(error.message.contains("must be used"), "{error}");
    assert_eq!(serde_json::to_string(&game).unwrap(), before);
    assert!(!legal(&game).contains(&"forgo".to_owned()));
}

#[test]
fn a_waiting_advance_after_a_sidings_shunt_follows_a_bonus_placement_and_its_own_advance() {
    let three: Vec<TileType> = ["coal", "stone+shunt", "tank"]
        .iter()
        .map(|t| t.parse().unwrap())
        .collect();
    let mut setup = siding_last_setup();
    setup.layout = ["FBCDA", "ABDEC"].map(str::to_owned);
    setup.rulings = Rulings {
        cars: three.clone(),
        ..Rulings::default()
    }
    .into();
    setup.piles = [three.clone(), three];
    let mut game = two_players(setup);
    play(
        &mut game,
        &[
            "from left",
            "place coal",
            "place coal",
            "place stone+shunt",
            "keep",
        ],
    );
    assert_eq!(
        train(&game),
        ["1:red:coal", "0:blue:coal", "-1:blue:stone+shunt"]
    );
    // Red's Shunt Stone: the placement advances the train (to 3), the Shunt moves it back (to 2) and
    // the automatic advance waits.
    play(&mut game, &["place stone+shunt"]);
    assert_eq!(game.loco(), 2);
    assert!(game.deferred_advance());
    // The Coal beside column 1 claims the Siding: two cars before the map, so the waiting advance is
    // dropped; the Siding's Shunt first (to 1) makes one wait again.
    play(&mut game, &["claim 1 top"]);
    assert!(!game.deferred_advance());
    assert_eq!(game.loco(), 2);
    play(&mut game, &["shunt"]);
    assert_eq!(game.loco(), 1);
    assert!(game.deferred_advance());
    // The Bonus Action places the Tank: its own advance (to 2), then the waiting one (to 3).
    let events = play(&mut game, &["place tank"]);
    let text = public_text(&events);
    assert!(text.contains("advances by itself"), "{text}");
    assert!(
        text.contains("waiting automatic advance happens now"),
        "{text}"
    );
    assert_eq!(game.loco(), 3);
    assert_eq!(
        train(&game),
        [
            "2:blue:coal",
            "1:blue:stone+shunt",
            "0:red:stone+shunt",
            "-1:red:tank"
        ]
    );
    assert_eq!(seat_to_act(&game), 1);
}

#[test]
fn games_stored_before_these_rulings_keep_their_old_readings() {
    // Rulings stored before the two rulings above lack their fields.
    let mut stored = default_rulings_json();
    let fields = stored.as_object_mut().unwrap();
    assert!(fields.remove("waiting_advance_moves_again").is_some());
    assert!(fields.remove("siding_order_always_chosen").is_some());
    let old: Rulings = serde_json::from_value(stored).unwrap();

    // The placement's own advance stands in for the waiting one.
    let mut game = deferred_position_with(old.clone());
    play(&mut game, &["place stone+shunt", "place grain"]);
    assert_eq!(game.loco(), 5);

    // The Siding's Bonus Action with nothing to do is lost before the Shunt, with no choice.
    let mut game = two_players(siding_last_setup_with(old));
    play(&mut game, &TO_THE_LAST_TURN);
    let events = play(&mut game, &["keep", "place tank", "claim 5 top"]);
    let text = public_text(&events);
    let lost = text.find("Bonus Action is lost").expect(&text);
    let shunt = text.find("Shunt: the train moves back").expect(&text);
    assert!(lost < shunt, "{text}");
    assert_eq!(seat_to_act(&game), 1);
}

// ---------------------------------------------------------------------------------------------
// Rules text, results, and strict setups
// ---------------------------------------------------------------------------------------------

#[test]
fn the_rules_text_says_the_automas_cars_past_the_last_station_score_zero_each() {
    let text = Whistlewood::rules_text();
    assert!(
        text.contains(
            "The Automa's cars still in the train past the last Station column score 0 each"
        ),
        "{text}"
    );
    assert!(!text.contains("never moves twice by itself"), "{text}");
}

fn start_json(players: usize, options: &str, setup: &str) -> Result<(), String> {
    Kind::<Whistlewood>::new()
        .start(options, players, setup, 1)
        .map(drop)
        .map_err(|e| e.0)
}

/// The example setup as JSON, with `rulings` (a JSON object) if given.
fn setup_json(extra: &str) -> String {
    let set = format!(
        "[{}]",
        SET.iter()
            .map(|t| format!("\"{t}\""))
            .collect::<Vec<_>>()
            .join(",")
    );
    format!(r#"{{"layout": ["BCDAD", "CAFBE"], "piles": [{set}, {set}]{extra}}}"#)
}

fn default_rulings_json() -> serde_json::Value {
    serde_json::to_value(Rulings::default()).unwrap()
}

#[test]
fn unknown_fields_are_refused_at_every_level_of_the_setup_and_options() {
    let options = r#"{"level": "1"}"#;
    assert_eq!(start_json(2, options, &setup_json("")), Ok(()));
    let error = start_json(2, options, &setup_json(r#", "start_playr": 1"#)).unwrap_err();
    assert!(error.contains("unknown field `start_playr`"), "{error}");
    let error = start_json(1, r#"{"level": "1", "levle": "2"}"#, &setup_json("")).unwrap_err();
    assert!(error.contains("unknown field `levle`"), "{error}");

    let mut rulings = default_rulings_json();
    rulings["hand_sise"] = 3.into();
    let error = start_json(
        2,
        options,
        &setup_json(&format!(r#", "rulings": {rulings}"#)),
    )
    .unwrap_err();
    assert!(error.contains("unknown field `hand_sise`"), "{error}");

    let mut rulings = default_rulings_json();
    rulings["locations"][0]["silos"] = true.into();
    let error = start_json(
        2,
        options,
        &setup_json(&format!(r#", "rulings": {rulings}"#)),
    )
    .unwrap_err();
    assert!(error.contains("unknown field `silos`"), "{error}");

    let mut rulings = default_rulings_json();
    rulings["scoring"][0]["beyound"] = (-1).into();
    let error = start_json(
        2,
        options,
        &setup_json(&format!(r#", "rulings": {rulings}"#)),
    )
    .unwrap_err();
    assert!(error.contains("unknown field `beyound`"), "{error}");

    let mut rulings = default_rulings_json();
    let livestock = rulings["scoring"]
        .as_array()
        .unwrap()
        .iter()
        .position(|s| s["kind"] == "livestock")
        .unwrap();
    rulings["scoring"][livestock]["on_station"]["neighbours"]["per_icons"] = 1.into();
    let error = start_json(
        2,
        options,
        &setup_json(&format!(r#", "rulings": {rulings}"#)),
    )
    .unwrap_err();
    assert!(error.contains("unknown field `per_icons`"), "{error}");
}

#[test]
fn numeric_rulings_outside_their_range_are_refused_naming_the_field_and_the_range() {
    let options = r#"{"level": "1"}"#;
    let with = |change: &dyn Fn(&mut serde_json::Value)| {
        let mut rulings = default_rulings_json();
        change(&mut rulings);
        start_json(
            2,
            options,
            &setup_json(&format!(r#", "rulings": {rulings}"#)),
        )
    };
    assert_eq!(with(&|_| {}), Ok(()));
    let coal = |rulings: &serde_json::Value| {
        rulings["scoring"]
            .as_array()
            .unwrap()
            .iter()
            .position(|s| s["kind"] == "coal")
            .unwrap()
    };
    let error = with(&|r| {
        let i = coal(r);
        r["scoring"][i]["on_station"]["flat"] = i32::MAX.into();
    })
    .unwrap_err();
    assert!(error.contains("coal"), "{error}");
    assert!(error.contains("2147483647"), "{error}");
    assert!(error.contains("0 to 20"), "{error}");
    let error = with(&|r| {
        let i = coal(r);
        r["scoring"][i]["beyond"] = i32::MIN.into();
    })
    .unwrap_err();
    assert!(
        error.contains("beyond") && error.contains("-20 to 0"),
        "{error}"
    );
    let error = with(&|r| r["actions_per_turn"] = 200.into()).unwrap_err();
    assert!(
        error.contains("actions_per_turn") && error.contains("1 to 5"),
        "{error}"
    );
    let error = with(&|r| r["auto_advance_cars"] = 0.into()).unwrap_err();
    assert!(
        error.contains("auto_advance_cars") && error.contains("1 to 5"),
        "{error}"
    );
    let error =
        with(&|r| r["locations"][4]["nature"] = serde_json::Value::Array(vec!["river".into(); 40]))
            .unwrap_err();
    assert!(
        error.contains("nature") && error.contains("0 to 2"),
        "{error}"
    );
    let error = with(&|r| {
        r["locations"][5]["bonuses"] = serde_json::Value::Array(vec!["shunt".into(); 300])
    })
    .unwrap_err();
    assert!(
        error.contains("bonuses") && error.contains("0 to 2"),
        "{error}"
    );
    // The start player is a seat of the two-seat game, also in solo (where it is not used).
    let error = start_json(1, options, &setup_json(r#", "start_player": 7"#)).unwrap_err();
    assert!(error.contains("seat 0 or 1, not 7"), "{error}");
}
