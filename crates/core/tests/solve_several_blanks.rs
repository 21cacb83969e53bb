//! Solutions with several blanks beyond breadth-first search: boxes,
//! paths, cycles, 2-connected boards, random graphs with cut cells, and
//! shortest solutions on rectangles; every one replayed.

mod support;

use npuzzle_core::{Arrangement, Board, Solver, Token, replay};
use support::{Seeded, cycle, graph, path, random_graph, reachable_shuffle, scrambled};

/// Solves random reachable pairs and replays them.
fn solve_random(board: &Board, blanks: usize, kinds: u32, pairs: usize, seed: u64) {
    let n = board.cell_count();
    let mut rng = Seeded::new(seed);
    for _ in 0..pairs {
        let mut to: Vec<Token> = (1..=(n - blanks) as Token)
            .map(|t| (t - 1) % kinds + 1)
            .collect();
        to.resize(n, 0);
        for i in (1..n).rev() {
            to.swap(i, rng.below(i + 1));
        }
        let from = reachable_shuffle(board, &to, &mut rng);
        let to = Arrangement::new(to);
        let solution = Solver::new()
            .solve(board, &from, &to)
            .unwrap_or_else(|e| panic!("{board}: {from} to {to}: {e}"));
        replay(board, from.tokens(), to.tokens(), solution.moves()).unwrap();
    }
}

#[test]
fn constructive_on_boxes_paths_and_cycles() {
    for (spec, blanks) in [
        ("4x4", 2),
        ("4x4", 3),
        ("5x5", 2),
        ("3x7", 5),
        ("10x10", 7),
        ("3x3x3", 2),
        ("2x3x4", 4),
        ("1x20", 5),
    ] {
        let board: Board = spec.parse().unwrap();
        solve_random(&board, blanks, 1000, 4, blanks as u64);
        solve_random(&board, blanks, 3, 2, 7);
    }
    for n in [12, 25] {
        let ring = graph(n, &cycle(n));
        solve_random(&ring, 3, 1000, 4, n as u64);
        solve_random(&ring, 5, 2, 4, n as u64);
        let line = graph(n, &path(n));
        solve_random(&line, 4, 1000, 4, n as u64);
    }
    // 2-connected boards that are not boxes: a ring of a grid, θ graphs.
    let frame = Board::mask(&["#####", "#####", "##.##", "#####", "#####"]).unwrap();
    solve_random(&frame, 2, 1000, 4, 3);
    solve_random(&frame, 4, 5, 4, 4);
}

/// Random connected graphs of 10 to 39 cells (half of them trees with
/// long corridors and a few more edges), 2 to 5 blanks, distinct or
/// three kinds of token: every reachable pair is solved and replayed.
#[test]
fn constructive_on_graphs_with_cut_cells() {
    let mut rng = Seeded::new(99);
    for case in 0..300 {
        let n = 10 + rng.below(30);
        let parents: Vec<usize> = (0..n).map(|_| rng.below(1000)).collect();
        let extra: Vec<(usize, usize)> = (0..rng.below(n / 2))
            .map(|_| (rng.below(n), rng.below(n)))
            .collect();
        let board = random_graph(n, &parents, &extra, case % 2 == 0);
        let m = 2 + rng.below(4);
        let kinds = if case % 3 == 0 { 3 } else { 1000 };
        let mut to: Vec<Token> = (1..=(n - m) as Token)
            .map(|t| (t - 1) % kinds + 1)
            .collect();
        to.resize(n, 0);
        for i in (1..n).rev() {
            to.swap(i, rng.below(i + 1));
        }
        let from = reachable_shuffle(&board, &to, &mut rng);
        let to = Arrangement::new(to);
        let solution = Solver::new()
            .solve(&board, &from, &to)
            .unwrap_or_else(|e| panic!("{board}: {from} to {to}: {e}"));
        replay(&board, from.tokens(), to.tokens(), solution.moves()).unwrap();
    }
}

/// Shortest solutions with several blanks: breadth-first search on small
/// boards, IDA* on rectangles beyond it, never longer than a scramble.
#[test]
fn shortest_solutions() {
    let mut rng = Seeded::new(7);
    for (spec, blanks) in [("3x3", 2), ("4x4", 6), ("3x5", 4)] {
        let board: Board = spec.parse().unwrap();
        let n = board.cell_count();
        let to = Arrangement::solved_with_blanks(n, blanks);
        for _ in 0..3 {
            let from = scrambled(&board, to.tokens(), 30, &mut rng);
            let solution = Solver::new()
                .optimal(true)
                .solve(&board, &from, &to)
                .unwrap();
            assert!(
                solution.is_optimal() && solution.len() <= 30,
                "{spec}: {from}"
            );
            replay(&board, from.tokens(), to.tokens(), solution.moves()).unwrap();
        }
    }
}
