//! Coal Train incentives written as games, one per card effect not covered in `coal_train_rules.rs`:
//! the card is dealt to the city built, taken there, and its effect checked against the rulings
//! (`coal_train.md`), with the refusals where a step is wrong.

use roundhouse::game::{Game, Seat};
use roundhouse::games::coal_train::state::Pending;
use roundhouse::games::coal_train::{Action, CoalTrain, CoalTrainSetup};

use super::coal_train_table::{
    deal_to, game, markers, ok, refused, res, setup, stored_before_2026_11_28,
};

/// A 3-player game with Express-1 on a1, these other market tiles, and `cards` dealt to `city`.
pub(super) fn table(market: &[(&str, &str)], city: &str, cards: &[&str]) -> CoalTrain {
    game(3, dealt(market, city, cards), &["mining", "foundry"])
}

/// [`table`] as a game stored before the rulings of 2026-11-28 plays it.
pub(super) fn stored_table(market: &[(&str, &str)], city: &str, cards: &[&str]) -> CoalTrain {
    let setup = stored_before_2026_11_28(dealt(market, city, cards));
    game(3, setup, &["mining", "foundry"])
}

/// The setup of [`table`].
fn dealt(market: &[(&str, &str)], city: &str, cards: &[&str]) -> CoalTrainSetup {
    let mut spaces = vec![("a1", "Express-1")];
    spaces.extend_from_slice(market);
    deal_to(setup(3, &spaces, None), city, cards)
}

/// Seat 0 buys the Express on a1 (1 action point left, 6 coal + 1 iron + 1 water, a Zoning Variance
/// marker) and builds its first station in `city` with it (1 coal + 1 iron + 1 water).
pub(super) fn build_first_city(g: &mut CoalTrain, city: &str) {
    for text in ["step a1", "buy", &format!("build express {city}")] {
        ok(g, 0, text);
    }
}

/// Every seat in turn from seat 0 ends its turn; seat 0 places the drawn whistlestop under its agent.
fn pass_round(g: &mut CoalTrain) {
    ok(g, 0, "end");
    ok(g, 0, "place a1");
    for seat in 1..3 {
        ok(g, seat, "end");
    }
}

fn steps(g: &CoalTrain, seat: Seat) -> Vec<String> {
    g.legal(seat).iter().map(Action::to_string).collect()
}

#[test]
fn survey_crew_gives_two_rondel_moves_before_the_citys_own() {
    let mut g = table(&[], "Cinder Falls", &["Survey Crew"]);
    build_first_city(&mut g, "cinder-falls");
    ok(&mut g, 0, "take survey-crew");
    refused(&mut g, 0, "stop", "First move the rondel loco");
    for (n, key) in [(1, "mining"), (1, "foundry"), (1, "freetrade")] {
        ok(&mut g, 0, &format!("rondel {n}"));
        assert_eq!(markers(&g, 0, key), 1, "the loco moved on to {key}");
    }
    assert_eq!(g.rondel(), 2);
    assert!(
        matches!(g.decision(), Some(Pending::SecondBuild { .. })),
        "three rondel moves in all (two from the card, one from the city), then the tile's second build"
    );
}

#[test]
fn foundry_loan_gives_two_iron_and_a_marker_of_any_rondel_subsidy() {
    let mut g = table(&[], "Cinder Falls", &["Foundry Loan"]);
    build_first_city(&mut g, "cinder-falls");
    ok(&mut g, 0, "take foundry-loan");
    assert_eq!(g.player(0).res, res(5, 2, 0));
    refused(&mut g, 0, "rondel 1", "First choose a subsidy marker");
    assert_eq!(g.legal(0).len(), 8, "any of the 8 rondel subsidies");
    ok(&mut g, 0, "marker training");
    assert_eq!(markers(&g, 0, "training"), 1);
    ok(&mut g, 0, "rondel 1");
    assert_eq!(markers(&g, 0, "mining"), 1);
}

#[test]
fn lobby_pass_moves_one_marker_then_gains_a_rail_pass() {
    let mut g = table(&[], "Cinder Falls", &["Lobby Pass"]);
    build_first_city(&mut g, "cinder-falls");
    ok(&mut g, 0, "take lobby-pass");
    assert!(steps(&g, 0).contains(&"skip".to_string()), "it is optional");
    refused(
        &mut g,
        0,
        "lobby foundry mining",
        "no Foundry marker to move",
    );
    refused(&mut g, 0, "lobby zoning zoning", "different slot");
    refused(&mut g, 0, "rondel 1", "move one of your markers");
    ok(&mut g, 0, "lobby zoning waiver");
    assert_eq!(
        [
            markers(&g, 0, "zoning"),
            markers(&g, 0, "waiver"),
            markers(&g, 0, "railpass")
        ],
        [0, 1, 1]
    );
    assert_eq!(
        g.decision(),
        Some(Pending::Rondel),
        "the city's rondel move follows"
    );
}

#[test]
fn lobby_pass_skipped_still_gains_the_rail_pass() {
    let mut g = table(&[], "Cinder Falls", &["Lobby Pass"]);
    build_first_city(&mut g, "cinder-falls");
    ok(&mut g, 0, "take lobby-pass");
    ok(&mut g, 0, "skip");
    assert_eq!(
        (markers(&g, 0, "zoning"), markers(&g, 0, "railpass")),
        (1, 1)
    );
}

#[test]
fn the_lobbyist_moves_one_marker_but_not_the_rail_pass_spent_to_get_there() {
    let mut g = game(
        3,
        setup(3, &[("a1", "CoalMineA-1"), ("a2", "lobbyist")], None),
        &["mining", "railpass"],
    );
    ok(&mut g, 0, "step a1");
    ok(&mut g, 0, "buy");
    assert_eq!(
        markers(&g, 0, "mining"),
        1,
        "Coal Mine A-1 carries a Mining Grant"
    );
    ok(&mut g, 0, "step a2");
    assert_eq!(g.player(0).ap, 2, "a step onto the Lobbyist costs 1");
    refused(&mut g, 0, "end", "move one of your markers");
    refused(&mut g, 0, "spend mining", "move one of your markers");
    ok(&mut g, 0, "lobby mining foundry");
    assert_eq!(
        (markers(&g, 0, "mining"), markers(&g, 0, "foundry")),
        (0, 1)
    );
    assert_eq!(
        g.decision(),
        None,
        "the Lobbyist gives no marker of its own"
    );
    ok(&mut g, 0, "end");
    ok(&mut g, 0, "place a1");
    ok(&mut g, 1, "spend railpass a2");
    assert_eq!(g.player(1).ap, 5, "a Rail Pass move costs no action points");
    assert_eq!(
        g.decision(),
        None,
        "the Rail Pass marker was spent before landing: with nothing to move, nothing is asked"
    );
    assert!(!steps(&g, 1).contains(&"skip".to_string()));
    refused(&mut g, 1, "lobby railpass mining", "none is pending");
    assert_eq!(g.player(1).marker_count(), 0);
    ok(&mut g, 1, "end");
}

#[test]
fn lobby_pass_taken_with_no_marker_asks_nothing_and_gains_the_rail_pass() {
    let mut g = table(&[], "Cinder Falls", &["Lobby Pass"]);
    for text in ["step a1", "buy", "build express cinder-falls cover ci"] {
        ok(&mut g, 0, text);
    }
    assert_eq!(
        g.player(0).marker_count(),
        0,
        "the Zoning Variance was spent"
    );
    ok(&mut g, 0, "take lobby-pass");
    assert_eq!(markers(&g, 0, "railpass"), 1);
    assert_eq!(
        g.decision(),
        Some(Pending::Rondel),
        "no marker to move: the city's rondel move comes next"
    );
}

#[test]
fn build_in_town_builds_one_town_without_a_tile_and_town_water_never_chains_on_it() {
    let dealt = deal_to(
        setup(3, &[("a1", "Express-1")], None),
        "Blackwater",
        &["Town Water"],
    );
    let dealt = deal_to(dealt, "Ashford Junction", &["Build in Town"]);
    let mut g = game(3, dealt, &["mining", "foundry"]);
    ok(&mut g, 0, "step a1");
    ok(&mut g, 0, "buy");
    pass_round(&mut g);
    assert_eq!((g.player(0).res, g.player(0).ap), (res(8, 2, 2), 5));
    ok(&mut g, 0, "exchange c w");
    ok(&mut g, 0, "build express blackwater");
    ok(&mut g, 0, "take town-water");
    ok(&mut g, 0, "rondel 1");
    ok(&mut g, 0, "build ashford-junction via blackwater");
    assert_eq!(g.player(0).res, res(5, 0, 1));
    ok(&mut g, 0, "take build-in-town");
    assert!(steps(&g, 0).contains(&"skip".to_string()), "it is optional");
    refused(
        &mut g,
        0,
        "build millbrook via ashford-junction",
        "builds only in a town",
    );
    refused(
        &mut g,
        0,
        "build slagheap via ashford-junction",
        "not connected",
    );
    refused(
        &mut g,
        0,
        "build express dry-fork via ashford-junction",
        "First use Build in Town",
    );
    let vp = g.player(0).vp;
    ok(&mut g, 0, "build dry-fork via blackwater");
    assert_eq!(
        g.player(0).res,
        res(3, 0, 0),
        "2 coal + 1 water, and Town Water gives nothing for a build made by an incentive"
    );
    assert_eq!(g.player(0).vp, vp + 1, "Dry Fork's VP");
    assert_eq!(g.player(0).stations, 3);
    assert_eq!(
        g.decision(),
        Some(Pending::Rondel),
        "Ashford Junction's rondel move"
    );
}

#[test]
fn timetable_makes_the_first_step_of_each_turn_free_but_steep_grade_still_takes_its_coal() {
    let mut g = table(
        &[("b1", "red"), ("c1", "steep")],
        "Cinder Falls",
        &["Timetable"],
    );
    build_first_city(&mut g, "cinder-falls");
    ok(&mut g, 0, "take timetable");
    ok(&mut g, 0, "rondel 1");
    ok(&mut g, 0, "stop");
    refused(&mut g, 0, "step b1", "costs 2 action points; you have 1");
    pass_round(&mut g);
    ok(&mut g, 0, "step b1");
    assert_eq!(g.player(0).ap, 5, "the first step onto Red Light is free");
    ok(&mut g, 0, "step b2");
    assert_eq!(g.player(0).ap, 4, "the second step costs as usual");
    ok(&mut g, 0, "step b1");
    assert_eq!(g.player(0).ap, 2);
    ok(&mut g, 0, "end");
    for seat in 1..3 {
        ok(&mut g, seat, "end");
    }
    let coal = g.player(0).res.coal;
    ok(&mut g, 0, "step c1");
    assert_eq!(
        (g.player(0).ap, g.player(0).res.coal),
        (5, coal - 1),
        "free of action points, but Steep Grade's coal is paid"
    );
}

#[test]
fn right_of_way_ignores_extras_up_to_two_but_not_three_coal() {
    let dealt = deal_to(
        setup(3, &[("a1", "Express-1"), ("a2", "Express-2")], None),
        "Cinder Falls",
        &["Right of Way"],
    );
    let dealt = deal_to(dealt, "Blackwater", &["Boomtown"]);
    let mut g = game(3, dealt, &["mining", "foundry"]);
    build_first_city(&mut g, "cinder-falls");
    ok(&mut g, 0, "take right-of-way");
    ok(&mut g, 0, "rondel 1");
    ok(&mut g, 0, "build pitmans-gap via cinder-falls");
    assert_eq!(
        (g.player(0).res, g.player(0).vp),
        (res(4, 0, 0), 5 + 2),
        "the Express's 1 coal only: the +2 coal extra is ignored"
    );
    pass_round(&mut g);
    assert_eq!(g.player(0).res, res(6, 1, 1));
    ok(&mut g, 0, "step a2");
    ok(&mut g, 0, "buy");
    ok(&mut g, 0, "build express blackwater via pitmans-gap");
    ok(&mut g, 0, "take boomtown");
    ok(&mut g, 0, "rondel 1");
    assert_eq!(g.player(0).res, res(8, 0, 0));
    ok(&mut g, 0, "build furnace-hill via blackwater");
    assert_eq!(
        g.player(0).res,
        res(4, 0, 0),
        "1 coal and the +3 coal extra, which Right of Way does not ignore"
    );
}

#[test]
fn siding_rights_waive_the_coal_paid_to_other_agents_on_the_tile() {
    let mut g = table(&[("b1", "CoalMineA-1")], "Cinder Falls", &["Siding Rights"]);
    build_first_city(&mut g, "cinder-falls");
    ok(&mut g, 0, "take siding-rights");
    ok(&mut g, 0, "rondel 1");
    ok(&mut g, 0, "stop");
    ok(&mut g, 0, "end");
    ok(&mut g, 0, "place a1");
    ok(&mut g, 1, "step b1");
    ok(&mut g, 1, "end");
    ok(&mut g, 2, "end");
    let (mine, theirs) = (g.player(0).res, g.player(1).res);
    ok(&mut g, 0, "step b1");
    ok(&mut g, 0, "buy");
    assert_eq!(
        (g.player(0).res, g.player(1).res),
        (mine, theirs),
        "no coal changes hands"
    );
    assert_eq!(g.player(0).tiles.len(), 1);
}

#[test]
fn company_store_makes_the_first_exchange_of_a_turn_free() {
    let mut g = table(&[], "Cinder Falls", &["Company Store"]);
    build_first_city(&mut g, "cinder-falls");
    ok(&mut g, 0, "take company-store");
    ok(&mut g, 0, "rondel 1");
    refused(&mut g, 0, "exchange c w", "only subsidies");
    ok(&mut g, 0, "stop");
    assert_eq!(g.player(0).ap, 1);
    ok(&mut g, 0, "exchange c w");
    assert_eq!((g.player(0).ap, g.player(0).res), (1, res(4, 0, 1)));
    ok(&mut g, 0, "exchange c i");
    assert_eq!((g.player(0).ap, g.player(0).res), (0, res(3, 1, 1)));
    refused(
        &mut g,
        0,
        "exchange c i",
        "costs 1 action point; you have 0",
    );
}

#[test]
fn coal_broker_makes_the_first_take_coal_of_a_turn_give_two() {
    let mut g = table(&[], "Cinder Falls", &["Coal Broker"]);
    build_first_city(&mut g, "cinder-falls");
    ok(&mut g, 0, "take coal-broker");
    ok(&mut g, 0, "rondel 1");
    ok(&mut g, 0, "stop");
    ok(&mut g, 0, "coal");
    assert_eq!((g.player(0).ap, g.player(0).res.coal), (0, 7));
    ok(&mut g, 0, "end");
    ok(&mut g, 0, "place a1");
    for seat in 1..3 {
        ok(&mut g, seat, "end");
    }
    let coal = g.player(0).res.coal;
    ok(&mut g, 0, "coal");
    assert_eq!(g.player(0).res.coal, coal + 2, "again 2 on a new turn");
    ok(&mut g, 0, "coal");
    assert_eq!(
        g.player(0).res.coal,
        coal + 3,
        "the second Take Coal gives 1"
    );
    assert_eq!(g.player(0).ap, 3);
}

#[test]
fn station_master_scores_a_vp_for_each_later_city_built_with_a_tile() {
    let dealt = deal_to(
        setup(3, &[("a1", "Express-1")], None),
        "Blackwater",
        &["Station Master"],
    );
    let dealt = deal_to(dealt, "Ashford Junction", &["Boomtown"]);
    let mut g = game(3, dealt, &["mining", "foundry"]);
    ok(&mut g, 0, "step a1");
    ok(&mut g, 0, "buy");
    ok(&mut g, 0, "exchange cc iw");
    assert_eq!(g.player(0).res, res(4, 2, 2));
    ok(&mut g, 0, "build express blackwater");
    ok(&mut g, 0, "take station-master");
    assert_eq!(g.player(0).vp, 4, "not for the city where it was taken");
    ok(&mut g, 0, "rondel 1");
    ok(&mut g, 0, "build ashford-junction via blackwater");
    assert_eq!(g.player(0).vp, 4 + 5 + 1);
    assert_eq!(g.player(0).res, res(2, 0, 0));
}

#[test]
fn an_income_incentive_raises_its_track_at_once_and_pays_from_the_next_turn() {
    let mut g = table(&[], "Cinder Falls", &["Mine Expansion"]);
    build_first_city(&mut g, "cinder-falls");
    ok(&mut g, 0, "take mine-expansion");
    assert_eq!(
        g.player(0).tracks[0],
        2,
        "coal income from the 2nd to the 3rd space"
    );
    assert_eq!(g.player(0).res, res(5, 0, 0), "nothing is paid at once");
    ok(&mut g, 0, "rondel 1");
    ok(&mut g, 0, "stop");
    pass_round(&mut g);
    assert_eq!(g.player(0).res, res(5 + 3, 1, 1), "3 coal income now");
}

/// A maker of tables like [`table`]: market tiles, a city, the incentives dealt to it.
type TableOf = fn(&[(&str, &str)], &str, &[&str]) -> CoalTrain;

/// Seat 0 at a table made by `table_of` ([`table`] or [`stored_table`]) buys Branch Line 1 on a2 (3
/// action points left, 6 coal + 1 iron + 1 water), makes `before` (one step that costs an action
/// point), builds in Cinder Falls with the tile (3 coal + 1 iron + 1 water), takes `card` there and
/// stops after the one build.
pub(super) fn take_mid_turn(table_of: TableOf, card: &str, before: &str) -> CoalTrain {
    let mut g = table_of(&[("a2", "BranchLine-1")], "Cinder Falls", &[card]);
    for text in ["step a2", "buy", before, "build branchline cinder-falls"] {
        ok(&mut g, 0, text);
    }
    ok(
        &mut g,
        0,
        &format!("take {}", card.to_lowercase().replace(' ', "-")),
    );
    ok(&mut g, 0, "rondel 1");
    ok(&mut g, 0, "stop");
    g
}

#[test]
fn company_store_taken_mid_turn_frees_the_next_exchange_though_one_was_paid_for_earlier() {
    let mut g = take_mid_turn(table, "Company Store", "exchange c w");
    assert_eq!((g.player(0).ap, g.player(0).res), (2, res(2, 0, 1)));
    ok(&mut g, 0, "exchange c i");
    assert_eq!(
        (g.player(0).ap, g.player(0).res),
        (2, res(1, 1, 1)),
        "the first Exchange since the card is held costs nothing"
    );
    ok(&mut g, 0, "exchange w c");
    assert_eq!(
        (g.player(0).ap, g.player(0).res),
        (1, res(2, 1, 0)),
        "once per turn: the next one costs its action point"
    );
}

#[test]
fn coal_broker_taken_mid_turn_makes_the_next_take_coal_give_two_though_one_was_taken_earlier() {
    let mut g = take_mid_turn(table, "Coal Broker", "coal");
    assert_eq!((g.player(0).ap, g.player(0).res), (2, res(4, 0, 0)));
    ok(&mut g, 0, "coal");
    assert_eq!(
        (g.player(0).ap, g.player(0).res.coal),
        (1, 6),
        "the first Take Coal since the card is held gives 2"
    );
    ok(&mut g, 0, "coal");
    assert_eq!(
        (g.player(0).ap, g.player(0).res.coal),
        (0, 7),
        "once per turn: the next one gives 1"
    );
}
