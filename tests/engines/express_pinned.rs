//! Random hands pinned: for fixed seeds, whole games played by uniformly random legal steps (the way the
//! speed bench plays) list exactly the same steps, in the same order, and end with the same totals.
//!
//! The expected values were produced by the engine before its speed work (commit 9b71c4a): that code is
//! the reference, and these tests keep any later change to the engine from changing a listed step, its
//! order, or a result. Steps are digested in their notation (which round-trips, see `express_props`),
//! not their `Debug` form, which shows how a step is laid out in memory; the values for the notation
//! were taken from commit dcccdd9, which still gave the reference's values for the `Debug` digest.

use roundhouse::game::{Game, GameRng, ToAct};
use roundhouse::games::express::{Express, ExpressOptions};

/// FNV-1a over bytes, folded into `hash`.
fn fold(hash: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(hash, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// What a random game came to: its steps, a digest of every listed step (in notation) and every choice,
/// the totals.
#[derive(Debug, PartialEq, Eq)]
struct Course {
    steps: usize,
    digest: u64,
    totals: Vec<i32>,
}

/// Plays a whole game of `players` from `seed` by uniformly random legal steps.
fn random_game(players: usize, options: ExpressOptions, seed: u64) -> Course {
    let mut rng = GameRng::seeded(seed);
    let setup = Express::deal(&options, players, &mut rng);
    let mut game = Express::start(options, players, setup, seed).expect("dealt setups start");
    let mut legal = Vec::new();
    let mut digest = 0xcbf2_9ce4_8422_2325;
    let mut steps = 0;
    while let ToAct::Seats(seats) = game.to_act() {
        game.legal_into(seats[0], &mut legal);
        for step in &legal {
            digest = fold(digest, step.to_string().as_bytes());
            digest = fold(digest, b";");
        }
        let choice = rng.index(legal.len());
        digest = fold(digest, &choice.to_le_bytes());
        game.apply_quiet(seats[0], &legal[choice])
            .unwrap_or_else(|e| panic!("seed {seed}: a listed step was refused: {e}"));
        steps += 1;
    }
    Course {
        steps,
        digest,
        totals: game.totals().to_vec(),
    }
}

fn course(steps: usize, digest: u64, totals: &[i32]) -> Course {
    Course {
        steps,
        digest,
        totals: totals.to_vec(),
    }
}

#[test]
fn random_games_list_and_end_as_before() {
    let expected = [
        (2, 11, course(2914, 0xa48f733bb977303b, &[138, 119])),
        (3, 12, course(3482, 0xf96fa50ccf2883c9, &[126, 149, 145])),
        (
            4,
            13,
            course(3645, 0x85e8153d338b5401, &[131, 100, 129, 132]),
        ),
        (
            5,
            14,
            course(2463, 0xc539b3e7c57beae6, &[111, 107, 130, 82, 91]),
        ),
        (
            6,
            15,
            course(3331, 0x38de0254768242ba, &[124, 110, 85, 97, 98, 58]),
        ),
    ];
    for (players, seed, course) in expected {
        assert_eq!(
            random_game(players, ExpressOptions::default(), seed),
            course,
            "{players} players, seed {seed}"
        );
    }
}
