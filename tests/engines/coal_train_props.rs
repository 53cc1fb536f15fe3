//! Coal Train invariants over random games (3 to 5 players, random seeds, uniformly random legal steps):
//! resources and action points never negative (they are unsigned, so a step that would make them so must
//! be refused rather than wrap: every applied legal step succeeds), tiles and station tokens conserved,
//! every game ends, a replay from the setup and the moves equals the state, and resampling keeps what
//! is seen.

use std::collections::BTreeSet;

use proptest::prelude::*;
use roundhouse::game::{Game, GameRng, Seat, ToAct, Viewer};
use roundhouse::games::coal_train::{Action, CoalTrain, CoalTrainOptions, CoalTrainSetup, Content};

/// No random game may take more steps than this.
const MAX_STEPS: usize = 60_000;

/// A finished random game: its setup, its moves, and the final state.
struct Played {
    setup: CoalTrainSetup,
    moves: Vec<(Seat, Action)>,
    last: CoalTrain,
}

fn station_count(game: &CoalTrain, seat: Seat) -> u32 {
    let locations = Content::get().map.locations.len();
    (0..locations)
        .filter(|&l| game.has_station(seat, l))
        .count() as u32
}

/// Deals and plays a whole game with uniformly random legal steps, checking the invariants after every
/// step.
fn play(players: usize, seed: u64) -> Played {
    let mut rng = GameRng::seeded(seed);
    let setup = CoalTrain::deal(&CoalTrainOptions::default(), players, &mut rng);
    let mut game = CoalTrain::start(CoalTrainOptions::default(), players, setup.clone(), seed)
        .expect("dealt setups start");
    let tiles: BTreeSet<u8> = game.tiles_in_play().into_iter().collect();
    let tokens = Content::get().table.station_tokens;
    let mut moves = Vec::new();
    while let ToAct::Seats(seats) = game.to_act() {
        assert!(
            moves.len() < MAX_STEPS,
            "seed {seed}: no end after {MAX_STEPS} steps"
        );
        let seat = seats[0];
        let legal = game.legal(seat);
        assert!(
            !legal.is_empty(),
            "seed {seed}: seat {seat} to act has no legal step"
        );
        let action = legal[rng.index(legal.len())];
        game.apply(seat, &action)
            .unwrap_or_else(|e| panic!("seed {seed}: legal `{action}` refused: {e}"));
        moves.push((seat, action));
        let mut now = game.tiles_in_play();
        now.sort_unstable();
        assert_eq!(
            now.len(),
            tiles.len(),
            "seed {seed}: a tile appeared or vanished after `{action}`"
        );
        assert_eq!(
            now.into_iter().collect::<BTreeSet<_>>(),
            tiles,
            "seed {seed}: tiles changed"
        );
        for s in 0..players {
            let player = game.player(s);
            assert_eq!(
                player.stations,
                station_count(&game, s),
                "seed {seed}: stations miscounted"
            );
            assert!(
                player.stations <= tokens,
                "seed {seed}: more stations than tokens"
            );
        }
    }
    Played {
        setup,
        moves,
        last: game,
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 6, ..ProptestConfig::default() })]

    #[test]
    fn random_games_end_with_tiles_and_tokens_conserved(players in 3usize..=5, seed in any::<u64>()) {
        let played = play(players, seed);
        prop_assert!(played.last.outcome().is_some());
    }

    #[test]
    fn a_replay_from_setup_and_moves_equals_the_state(players in 3usize..=5, seed in any::<u64>()) {
        let played = play(players, seed);
        let mut replay = CoalTrain::start(CoalTrainOptions::default(), players, played.setup, 0).unwrap();
        for (seat, action) in &played.moves {
            let text = action.to_string();
            let parsed: Action = text.parse().unwrap_or_else(|e| panic!("`{text}` does not parse: {e}"));
            prop_assert_eq!(parsed, *action);
            replay.apply_quiet(*seat, &parsed).unwrap();
        }
        prop_assert_eq!(serde_json::to_value(&replay).unwrap(), serde_json::to_value(&played.last).unwrap());
    }
}

#[test]
fn resampling_keeps_everything_seen() {
    let played = play(4, 7);
    let mut rng = GameRng::seeded(1);
    let mut game = CoalTrain::start(CoalTrainOptions::default(), 4, played.setup, 0).unwrap();
    for (seat, action) in played.moves.iter().take(400) {
        game.apply(*seat, action).unwrap();
        let sample = game.resample_hidden(Viewer::Seat(*seat), &mut rng);
        let seen = |g: &CoalTrain| serde_json::to_value(g.view(Viewer::Spectator)).unwrap();
        assert_eq!(seen(&sample), seen(&game));
        let mut a = sample.tiles_in_play();
        let mut b = game.tiles_in_play();
        a.sort_unstable();
        b.sort_unstable();
        assert_eq!(a, b);
    }
}
