//! Coal Train: random games of fixed seeds list exactly these legal steps, in this order, and end
//! with these scores. The engine is tuned for speed; this pins that tuning never changes behaviour.
//! The rulings of 2026-11-28 changed play (Company Store and Coal Broker taken mid-turn, no Lobbyist
//! decision for a player with no marker to move): games dealt now are pinned as they play today, and
//! the same deals stored before those rulings (their setups without the field) as they played then.

use roundhouse::game::{Game, GameRng, ToAct};
use roundhouse::games::coal_train::{CoalTrain, CoalTrainOptions};

use crate::coal_train_table::stored_before_2026_11_28;

/// FNV-1a over bytes, continuing from `hash`.
fn fnv(hash: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(hash, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// Plays a game as the speed bench does (uniformly random legal steps, applied quietly) and returns
/// the steps taken, a hash of every legal list in notation, and the final scores by seat. `stored`
/// plays the deal as a setup stored before the rulings of 2026-11-28 holds it.
fn fingerprint(players: usize, seed: u64, stored: bool) -> (usize, u64, Vec<i32>) {
    let options = CoalTrainOptions::default();
    let mut rng = GameRng::seeded(seed);
    let mut setup = CoalTrain::deal(&options, players, &mut rng);
    if stored {
        setup = stored_before_2026_11_28(setup);
    }
    let mut game = CoalTrain::start(options, players, setup, seed).unwrap();
    let mut legal = Vec::new();
    let (mut steps, mut hash) = (0, 0xcbf2_9ce4_8422_2325);
    while let ToAct::Seats(seats) = game.to_act() {
        let seat = seats[0];
        game.legal_into(seat, &mut legal);
        for action in &legal {
            hash = fnv(hash, action.to_string().as_bytes());
            hash = fnv(hash, b";");
        }
        hash = fnv(hash, &[seat as u8]);
        let action = legal[rng.index(legal.len())];
        game.apply_quiet(seat, &action).unwrap();
        steps += 1;
    }
    let outcome = game.outcome().unwrap();
    let scores = (0..players)
        .map(|s| outcome.standing_of(s).unwrap().score)
        .collect();
    (steps, hash, scores)
}

#[test]
fn random_games_of_fixed_seeds_list_and_score_as_pinned() {
    let pinned: [(usize, u64, usize, u64, &[i32]); 4] = [
        (4, 1, 2748, 0x65c3_b317_2d58_ecfc, &[39, 29, 31, 335]),
        (4, 2, 2824, 0x5269_02fa_1094_2b19, &[39, 45, 37, 11]),
        (3, 3, 1865, 0x7575_93ab_2338_210c, &[32, 46, 29]),
        (5, 4, 3182, 0xb785_709f_35b5_739c, &[55, 10, 13, 55, 37]),
    ];
    for (players, seed, steps, hash, scores) in pinned {
        let (s, h, sc) = fingerprint(players, seed, false);
        assert_eq!(
            (s, h, sc.as_slice()),
            (steps, hash, scores),
            "{players} players, seed {seed}"
        );
    }
}

#[test]
fn the_same_deals_stored_before_the_rulings_of_2026_11_28_play_as_pinned_then() {
    let pinned: [(usize, u64, usize, u64, &[i32]); 4] = [
        (4, 1, 2868, 0xccf5_063f_36d5_5446, &[341, 19, 10, 51]),
        (4, 2, 2661, 0x7047_3bdf_6dce_b505, &[39, 27, 34, 47]),
        (3, 3, 1741, 0x11bc_34c9_7972_1da6, &[31, 54, 26]),
        (5, 4, 3610, 0x4994_268c_c6df_2dde, &[26, 6, 362, 49, 24]),
    ];
    for (players, seed, steps, hash, scores) in pinned {
        let (s, h, sc) = fingerprint(players, seed, true);
        assert_eq!(
            (s, h, sc.as_slice()),
            (steps, hash, scores),
            "{players} players, seed {seed}"
        );
    }
}
