//! Games played through the object-safe interface for the conformance suite: every table each registered
//! game offers (every option combination, every allowed number of players), played by random players
//! and by bots, with every position along the way kept.

use roundhouse::bots::BotLevel;
use roundhouse::game::{Actor, GameRng, Seat, ToAct};
use roundhouse::games::REGISTRY;
use roundhouse::games::adapter::{GameKind, LiveGame};

/// Steps played by uniformly random legal moves before bots take over (a game that allows starting
/// again, like a puzzle with its reset, need not end under random play).
pub const RANDOM_STEPS: usize = 120;
/// No game may take more steps than this, random steps and bot steps together (an Express game of six
/// bots runs to about a thousand steps over its hands).
pub const MAX_STEPS: usize = 4000;

/// One table a game offers: its options and number of players.
#[derive(Clone)]
pub struct Table {
    /// The game.
    pub kind: &'static dyn GameKind,
    /// The options, as [`GameKind::parse_options`] writes them.
    pub options_json: String,
    /// How many seats play.
    pub players: usize,
}

impl Table {
    /// Names for the seats, in seat order.
    pub fn names(&self) -> Vec<String> {
        (0..self.players)
            .map(|seat| format!("Player {}", seat + 1))
            .collect()
    }
}

/// A game played from its deal to its end.
pub struct Walk {
    /// Where it was played.
    pub table: Table,
    /// What a failure message should name to find the game again.
    pub context: String,
    /// The setup, as dealt.
    pub setup_json: String,
    /// The seed the game was started with.
    pub seed: u64,
    /// Every position before a move, then the final one.
    pub positions: Vec<Box<dyn LiveGame>>,
    /// Every move in canonical notation, with the seat that made it.
    pub log: Vec<(Seat, String)>,
}

impl Walk {
    /// The position the game ended in.
    pub fn last(&self) -> &dyn LiveGame {
        self.positions.last().expect("a walk has a start").as_ref()
    }
}

/// The most option combinations a game is walked with in full; past this each value of every option is
/// walked once (Express offers 50 combinations, each a game of several hands).
const MAX_COMBINATIONS: usize = 16;

/// `kind`'s option values as `key=value` choices: every combination, or for a game with more than
/// [`MAX_COMBINATIONS`] of them a covering set where choice `i` takes each option's `i`-th value (its
/// values repeating), so every value is walked.
fn option_choices(kind: &dyn GameKind) -> Vec<Vec<(String, String)>> {
    let specs = kind.options();
    let every: Vec<Vec<(String, String)>> =
        specs.iter().fold(vec![Vec::new()], |combinations, spec| {
            combinations
                .iter()
                .flat_map(|chosen| {
                    spec.values.iter().map(move |value| {
                        let mut next = chosen.clone();
                        next.push((spec.key.to_owned(), (*value).to_owned()));
                        next
                    })
                })
                .collect()
        });
    if every.len() <= MAX_COMBINATIONS {
        return every;
    }
    let longest = specs.iter().map(|s| s.values.len()).max().unwrap_or(1);
    (0..longest)
        .map(|i| {
            specs
                .iter()
                .map(|spec| {
                    (
                        spec.key.to_owned(),
                        spec.values[i % spec.values.len()].to_owned(),
                    )
                })
                .collect()
        })
        .collect()
}

/// Every table of every registered game.
pub fn tables() -> Vec<Table> {
    let mut tables = Vec::new();
    for &kind in REGISTRY {
        for choices in option_choices(kind) {
            let options_json = kind.parse_options(&choices).unwrap_or_else(|e| {
                panic!("{}: offered options {choices:?} refused: {e}", kind.id())
            });
            for players in kind.seats() {
                tables.push(Table {
                    kind,
                    options_json: options_json.clone(),
                    players,
                });
            }
        }
    }
    tables
}

/// Deals a game at `table` from `seed` and plays it: the first `random_steps` steps by uniformly random
/// legal moves, the rest by bots. Asserts that a seat owing a move has one and that bots move legally
/// and end the game within [`MAX_STEPS`].
pub fn walk(table: Table, seed: u64, random_steps: usize) -> Walk {
    let context = format!(
        "{} with options {} and {} player(s), seed {seed}, {random_steps} random steps",
        table.kind.id(),
        table.options_json,
        table.players
    );
    let setup_json = table
        .kind
        .deal(&table.options_json, table.players, seed)
        .unwrap_or_else(|e| panic!("{context}: the deal failed: {e}"));
    let mut game = table
        .kind
        .start(&table.options_json, table.players, &setup_json, seed)
        .unwrap_or_else(|e| panic!("{context}: the dealt setup does not start: {e}"));
    let mut rng = GameRng::seeded(seed);
    let mut positions = Vec::new();
    let mut log = Vec::new();
    while let ToAct::Seats(seats) = game.to_act() {
        assert!(
            log.len() < MAX_STEPS,
            "{context}: no end after {MAX_STEPS} steps"
        );
        let seat = seats[rng.index(seats.len())];
        let legal = game.legal(seat);
        assert!(
            !legal.is_empty(),
            "{context}: seat {seat} must act but has no legal move"
        );
        let notation = if log.len() < random_steps {
            legal[rng.index(legal.len())].notation.clone()
        } else {
            let chosen = game.bot_move(seat, BotLevel::Normal, &mut rng);
            assert!(
                legal.iter().any(|m| m.notation == chosen),
                "{context}: the bot in seat {seat} chose `{chosen}`, which is not a legal move"
            );
            chosen
        };
        positions.push(game.clone_box());
        let applied = game
            .apply(Actor::Seat(seat), &notation)
            .unwrap_or_else(|e| {
                panic!("{context}: legal move `{notation}` refused: {}", e.message)
            });
        log.push((seat, applied.notation));
    }
    positions.push(game);
    Walk {
        table,
        context,
        setup_json,
        seed,
        positions,
        log,
    }
}

/// The seed of this run: `CONFORMANCE_SEED` if set, else a fresh one (printed, to rerun a failure).
pub fn run_seed() -> u64 {
    let seed = std::env::var("CONFORMANCE_SEED")
        .ok()
        .and_then(|text| text.trim().parse().ok())
        .unwrap_or_else(roundhouse::rng::fresh_seed);
    println!("conformance seed {seed} (set CONFORMANCE_SEED={seed} to play the same games)");
    seed
}
