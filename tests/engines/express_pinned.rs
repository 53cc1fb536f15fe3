//! Random hands pinned: for fixed seeds, whole games played by uniformly random legal steps (the way the
//! speed bench plays) list exactly the same steps, in the same order, and end with the same totals.
//!
//! The expected values were produced by the engine before its speed work (commit 9b71c4a): that code is
//! the reference, and these tests keep any later change to the engine from changing a listed step, its
//! order, or a result. Steps are digested in their notation (which round-trips, see `express_props`),
//! not their `Debug` form, which shows how a step is laid out in memory; the values for the notation
//! were taken from commit dcccdd9, which still gave the reference's values for the `Debug` digest. The
//! rulings of 2026-11-28 changed what is listed (every target is asked to block and may only `allow`
//! without the Way Car; a seat's laid Way Car may be aimed at; melds that leave the turn no way to end
//! are not listed; an impossible hand with a Wild may be redrawn), so the values were taken again then.

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
        (2, 11, course(2126, 0xb98be208929240c9, &[137, 92])),
        (3, 12, course(3442, 0x49098a93c1674814, &[118, 161, 137])),
        (
            4,
            13,
            course(3591, 0x51888e3f97776636, &[110, 131, 160, 112]),
        ),
        (
            5,
            14,
            course(2732, 0x224914b769960da2, &[97, 88, 111, 124, 131]),
        ),
        (
            6,
            15,
            course(2529, 0x06f998d1715b10ea, &[49, 80, 65, 99, 87, 121]),
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
