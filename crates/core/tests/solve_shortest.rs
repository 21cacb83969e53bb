//! Shortest solutions through the public API: what `Solver` answers on
//! unreachable pairs, small boards of any shape, and Korf's 15-puzzles.

use npuzzle_core::{Arrangement, Board, Limit, Progress, SolveError, Solver};

#[test]
fn solve_refuses_unreachable_pairs_before_searching() {
    let board = Board::new_box(&[4, 4]).unwrap();
    let from = "2 1 3 4/5 6 7 8/9 10 11 12/13 14 15 0".parse().unwrap();
    let to = npuzzle_core::Arrangement::solved(16);
    let Err(SolveError::Unreachable(reason)) =
        Solver::new().optimal(true).solve(&board, &from, &to)
    else {
        panic!("an odd permutation solved");
    };
    assert_eq!(
        reason.to_string(),
        "permutation parity odd, blank distance 0 (even)"
    );
}

#[test]
fn small_boards_of_any_shape_get_shortest_solutions() {
    // θ0 and a lollipop: breadth-first search, replayed.
    for (spec, from, to, len) in [
        ("theta0", "0 1 2 3 4 5 6", "2 1 0 3 4 5 6", 1),
        ("graph:5:0-1,1-2,2-0,2-3,3-4", "0 1 2 3 4", "1 2 0 3 4", 2),
    ] {
        let board: Board = spec.parse().unwrap();
        let (from, to) = (from.parse().unwrap(), to.parse().unwrap());
        let s = Solver::new().solve(&board, &from, &to).unwrap();
        assert_eq!(s.len(), len, "{spec}");
        assert!(s.is_optimal());
    }
}

/// Three of Korf's 100 (numbers 9, 55 and 16) with their published
/// optimal lengths: among the easiest.
const KORF: &[(usize, &str)] = &[
    (46, "3 14 9 11 5 4 8 2 13 12 6 7 10 1 15 0"),
    (41, "13 8 14 3 9 1 0 7 15 5 4 10 12 2 6 11"),
    (42, "1 3 2 5 10 9 15 6 8 14 13 11 12 4 7 0"),
];

#[test]
fn korf_instances_through_the_solver_with_tables_in_memory() {
    let board: Board = "4x4".parse().unwrap();
    let goal = Arrangement::new((0..16).collect());
    let builds = std::sync::atomic::AtomicUsize::new(0);
    let solver = Solver::new()
        .optimal(true)
        .pattern_tiles(5)
        .on_progress(|p| {
            if let Progress::Building { done: 0, .. } = p {
                builds.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            }
        });
    for &(length, text) in KORF {
        let from: Arrangement = text.parse().unwrap();
        let s = solver.solve(&board, &from, &goal).unwrap();
        assert_eq!(s.len(), length, "{text}");
        assert!(s.is_optimal());
        assert!(s.nodes() > 0);
        assert!(s.directions().is_some());
    }
    // Three 5-tile tables, built once and shared by the three searches
    // (and by any other solver of the process).
    drop(solver);
    assert!(builds.into_inner() <= 3);
}

#[test]
fn the_issue_example_is_nine_moves() {
    let board: Board = "4x4".parse().unwrap();
    let from: Arrangement = "5 1 2 3/9 6 7 4/13 10 11 8/0 14 15 12".parse().unwrap();
    let s = Solver::new()
        .optimal(true)
        .solve(&board, &from, &Arrangement::solved(16))
        .unwrap();
    assert_eq!(s.len(), 9);
    assert_eq!(s.directions().unwrap(), "D3L3U3");
}

#[test]
fn limits_are_typed() {
    let ring: Board = "graph:20:0-1,1-2,2-3,3-4,4-5,5-6,6-7,7-8,8-9,9-10,10-11,11-12,12-13,13-14,14-15,15-16,16-17,17-18,18-19,19-0,0-10"
        .parse()
        .unwrap();
    let from = Arrangement::solved(20);
    let why = Solver::new().optimal(true).solve(&ring, &from, &from);
    assert!(
        matches!(why, Err(SolveError::Unsupported(Limit::NoShortestSearch))),
        "{why:?}"
    );
    let board: Board = "5x5".parse().unwrap();
    let mut tokens: Vec<u32> = (1..25).collect();
    tokens[3] = 1;
    tokens.push(0);
    let repeated = Arrangement::new(tokens);
    let why = Solver::new()
        .optimal(true)
        .solve(&board, &repeated, &repeated);
    assert!(
        matches!(why, Err(SolveError::Unsupported(Limit::RepeatedTokens))),
        "{why:?}"
    );
}

/// A table build stops soon after the flag is set: a 6-tile table on 4×5
/// (27.9 M placements) takes seconds; the solve ends well before.
#[test]
fn a_cancel_flag_stops_a_table_build() {
    use std::sync::{Arc, atomic::AtomicBool, atomic::Ordering};
    let board: Board = "4x5".parse().unwrap();
    let from = npuzzle_core::generate::Generator::new(3)
        .reachable(&board, &Arrangement::solved(20))
        .unwrap();
    let flag = Arc::new(AtomicBool::new(false));
    let solver = Solver::new()
        .optimal(true)
        .pattern_tiles(6)
        .cancel_on(flag.clone());
    let started = std::time::Instant::now();
    let setter = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(200));
        flag.store(true, Ordering::Relaxed);
    });
    let why = solver.solve(&board, &from, &Arrangement::solved(20));
    setter.join().unwrap();
    assert!(matches!(why, Err(SolveError::Cancelled)), "{why:?}");
    assert!(
        started.elapsed().as_secs_f64() < 3.0,
        "{:?}",
        started.elapsed()
    );
}
