//! A default answer whose tables take long to build still gets its
//! beam: the guard for slow machines starts once the tables are at hand.
//! In a test process of its own: the tables are shared by every solver
//! of a process, and another test's would already be in memory.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use npuzzle_core::generate::Generator;
use npuzzle_core::{Arrangement, Board, Progress, Solver};

/// A 6×6 answer whose first table build is held up past the default's
/// 10 s guard (as a first 7×7 answer's builds take 36 s): its beam still
/// runs (millions of arrangements; the line reduction alone expands tens
/// of thousands), where it had been cut before it began.
#[test]
fn a_slow_table_build_leaves_the_beam_its_time() {
    let board = Board::new_box(&[6, 6]).unwrap();
    let goal = Arrangement::solved(36);
    let from = Generator::new(7).reachable(&board, &goal).unwrap();
    let held = AtomicBool::new(false);
    let solution = Solver::new()
        .shortest_when_cheap(true)
        .on_progress(|p| {
            if matches!(p, Progress::Building { .. }) && !held.swap(true, Ordering::Relaxed) {
                std::thread::sleep(Duration::from_secs(11));
            }
        })
        .solve(&board, &from, &goal)
        .unwrap();
    assert!(held.load(Ordering::Relaxed), "no table was built");
    assert!(solution.nodes() > 1_000_000, "{} nodes", solution.nodes());
}
