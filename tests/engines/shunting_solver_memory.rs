//! The solver's memory limit: a search that would need more than `max_memory` stops with "too large"
//! and the figure, never an allocation abort, whatever the state limit says.

use roundhouse::games::shunting::{SolveError, SolveOptions, builtin, solve};

fn hard() -> roundhouse::games::shunting::Puzzle {
    builtin::puzzle("inglenook-hard-1")
        .expect("built in")
        .expect("it loads")
}

#[test]
fn a_search_past_its_memory_limit_stops_too_large_with_the_figure() {
    let options = SolveOptions {
        max_states: 100_000_000_000,
        max_memory: 4 << 20,
        ..SolveOptions::default()
    };
    let error = solve(&hard(), &options).expect_err("4 MiB is too little");
    let SolveError::MemoryFull { explored, limit } = error else {
        panic!("expected the memory limit, got {error}");
    };
    assert_eq!(limit, 4 << 20);
    assert!(
        explored > 1_000,
        "it searched before it stopped: {explored}"
    );
    // Each stored position costs at least 8 bytes in its side's table.
    assert!(
        explored * 8 < limit,
        "{explored} positions in {limit} bytes"
    );
    let message = error.to_string();
    assert!(
        message.starts_with("too large: the search needs more than 4 MiB of memory"),
        "{message}"
    );
}

#[test]
fn a_limit_too_small_for_the_first_table_is_refused_at_once() {
    let options = SolveOptions {
        max_memory: 1_000,
        ..SolveOptions::default()
    };
    let error = solve(&hard(), &options).expect_err("1,000 bytes hold nothing");
    assert_eq!(
        error,
        SolveError::MemoryFull {
            explored: 0,
            limit: 1_000
        }
    );
    assert!(error.to_string().contains("1,000 bytes") || error.to_string().contains("1000 bytes"));
}

#[test]
fn a_limit_the_search_fits_in_changes_nothing() {
    let puzzle = builtin::puzzle("shed-1")
        .expect("built in")
        .expect("it loads");
    let unbounded = solve(&puzzle, &SolveOptions::default()).expect("it solves");
    let bounded = solve(
        &puzzle,
        &SolveOptions {
            max_memory: 256 << 20,
            ..SolveOptions::default()
        },
    )
    .expect("it fits in 256 MiB");
    assert_eq!(bounded.moves, unbounded.moves);
    assert_eq!(bounded.states, unbounded.states);
}
