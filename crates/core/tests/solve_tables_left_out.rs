//! Near-shortest answers past the memory budget for tables. In a test
//! process of its own: the tables are shared by every solver of a
//! process, and another test's build would leave them in memory, where
//! they cost nothing more.

use npuzzle_core::generate::Generator;
use npuzzle_core::{Arrangement, Board, Progress, Solver};

/// Tables past the memory budget: the default answer goes on without
/// them, and says so, with the reason, for each search that left them.
#[test]
fn tables_past_the_memory_budget_are_left_out_with_a_notice() {
    let board = Board::new_box(&[6, 6]).unwrap();
    let goal = Arrangement::solved(36);
    let from = Generator::new(5).reachable(&board, &goal).unwrap();
    let heard = std::sync::Mutex::new(Vec::new());
    let solution = Solver::new()
        .shortest_when_cheap(true)
        .max_table_memory(1)
        .on_progress(|p| {
            if let Progress::TablesLeftOut {
                cells,
                lighter,
                reason,
            } = p
            {
                // No lighter tables than the compact ones.
                assert!(!lighter, "{p}");
                heard.lock().unwrap().push((*cells, reason.clone()));
            }
        })
        .solve(&board, &from, &goal)
        .unwrap();
    assert!(solution.lower_bound() <= solution.len() as u64);
    // The beam's tables on 6×6 (had before the reduction, so that its
    // guard starts once they are), and the weighted search's on the 5×5
    // the line reduction leaves.
    let heard = heard.into_inner().unwrap();
    let cells: Vec<usize> = heard.iter().map(|(cells, _)| *cells).collect();
    assert_eq!(cells, vec![36, 25], "{heard:?}");
    assert!(
        heard
            .iter()
            .all(|(_, why)| why.starts_with("the pattern databases")
                && why.contains("bytes allowed")),
        "{heard:?}"
    );
}
