//! Split searches against the single search: the same bounds, the same
//! nodes in every iteration, and on one thread the same solution and
//! the same total, for every cut depth.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::*;
use crate::generate::Generator;
use crate::solve::search::ida::ida_star_logged;
use crate::solve::search::rectangle::relabel;
use crate::{Arrangement, Board, Solver};

fn one_thread<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap()
        .install(f)
}

/// A question: board, start, target, and the solver that splits it.
struct Case {
    name: String,
    search: SplitSearch,
    tiles: Vec<u8>,
}

fn case(board: &str, from: &Arrangement, to: &Arrangement, tiles: usize) -> Case {
    let board: Board = board.parse().unwrap();
    let search = Solver::new()
        .pattern_tiles(tiles)
        .split(&board, from, to)
        .unwrap();
    let (relabelled, _) = relabel(from.tokens(), to.tokens());
    Case {
        name: format!("{board} {from} -> {to} ({tiles} tiles)"),
        search,
        tiles: relabelled,
    }
}

/// Three of Korf's 100 (numbers 9, 55 and 16), small databases; random
/// questions on 3×3, 2×4 and 3×4 with any goal; short ones (bounds of at
/// most FRONTIER moves) and a solved one.
fn cases() -> Vec<Case> {
    let mut out = Vec::new();
    let goal16 = Arrangement::new((0..16).collect());
    for text in [
        "3 14 9 11 5 4 8 2 13 12 6 7 10 1 15 0",
        "13 8 14 3 9 1 0 7 15 5 4 10 12 2 6 11",
        "1 3 2 5 10 9 15 6 8 14 13 11 12 4 7 0",
    ] {
        out.push(case("4x4", &text.parse().unwrap(), &goal16, 5));
    }
    let mut generator = Generator::new(16);
    for (spec, cells, tiles) in [
        ("3x3", 9, 0),
        ("3x3", 9, 4),
        ("2x4", 8, 3),
        ("3x4", 12, 0),
        ("3x4", 12, 6),
    ] {
        let board: Board = spec.parse().unwrap();
        for _ in 0..3 {
            let to = generator
                .reachable(&board, &Arrangement::solved(cells))
                .unwrap();
            let from = generator.reachable(&board, &to).unwrap();
            out.push(case(spec, &from, &to, tiles));
        }
        let to = Arrangement::solved(cells);
        for moves in [0, 3, 6, 9] {
            let from = generator.scramble(&board, &to, moves).unwrap();
            out.push(case(spec, &from, &to, tiles));
        }
    }
    out
}

/// The single search's iterations (bound, nodes) and its solution.
fn single(c: &Case) -> (Vec<(u32, u64)>, Vec<Move>, u64) {
    let mut log = Vec::new();
    let found = ida_star_logged(
        &c.search.heuristic,
        &c.tiles,
        crate::stop::Stop::default(),
        &mut |b, n| {
            log.push((b, n));
            true
        },
    )
    .unwrap();
    (log, found.moves, found.nodes)
}

fn iterations(split: &SplitSolution) -> Vec<(u32, u64)> {
    split
        .iterations
        .iter()
        .map(|i| (i.bound, i.nodes))
        .collect()
}

const DEPTHS: [u32; 6] = [0, 1, 4, FRONTIER, FRONTIER + 1, FRONTIER + 3];

#[test]
fn on_one_thread_every_count_and_the_solution_are_equal() {
    let mut deep = 0;
    for c in cases() {
        let (log, moves, nodes) = one_thread(|| single(&c));
        deep += usize::from(log.len() >= 3 && log[0].0 > FRONTIER);
        for depth in DEPTHS {
            // The subtrees on all cores, in order: the same as one thread.
            let split = c.search.solve(depth).unwrap();
            assert_eq!(iterations(&split), log, "{} cut at {depth}", c.name);
            assert_eq!(split.solution.nodes(), nodes, "{}", c.name);
            assert_eq!(split.solution.moves(), &moves[..], "{}", c.name);
            assert!(split.solution.is_optimal());
        }
    }
    assert!(
        deep >= 10,
        "questions with several iterations split below FRONTIER: {deep}"
    );
}

#[test]
fn on_all_threads_every_iteration_but_the_last_is_equal() {
    for c in cases() {
        let (log, moves, _) = single(&c);
        for depth in [2, FRONTIER, FRONTIER + 2] {
            let split = c.search.solve(depth).unwrap();
            let got = iterations(&split);
            assert_eq!(got.len(), log.len(), "{}", c.name);
            let last = log.len() - 1;
            assert_eq!(got[..last], log[..last], "{} cut at {depth}", c.name);
            assert_eq!(got[last].0, log[last].0, "the same last bound");
            assert_eq!(split.solution.len(), moves.len());
        }
    }
}

/// The driver a cluster runs, spelled out: subtrees searched one at a
/// time, anywhere, the counts added up.
#[test]
fn subtrees_searched_one_by_one_add_up() {
    for c in cases().into_iter().take(4) {
        let (log, moves, _) = one_thread(|| single(&c));
        let s = &c.search;
        let mut bound = s.first_bound();
        let mut got = Vec::new();
        loop {
            let frontier = s.frontier(FRONTIER + 2, bound).unwrap();
            let before: u64 = frontier.subtrees.iter().map(|t| t.nodes_before).sum();
            assert!(before <= frontier.nodes);
            let mut nodes = frontier.nodes;
            let mut pruned = frontier.pruned;
            let mut found = frontier.found.clone();
            for t in &frontier.subtrees {
                assert_eq!(t.moves.len() as u32, FRONTIER + 2);
                let searched = s.search(t, bound).unwrap();
                nodes += searched.nodes;
                pruned = pruned.min(searched.pruned);
                if found.is_none() {
                    found = searched.found;
                }
            }
            got.push((bound, nodes));
            if let Some(found) = found {
                assert_eq!(found.len(), moves.len());
                s.solution(found, 0).unwrap();
                break;
            }
            bound = s.next_bound(pruned).unwrap();
        }
        // The last iteration was searched whole here: at least as many.
        let last = log.len() - 1;
        assert_eq!(got[..last], log[..last], "{}", c.name);
        assert!(got[last].1 >= log[last].1);
    }
}

#[test]
fn unordered_batches_find_a_shortest_solution() {
    for c in cases().into_iter().take(3) {
        let (log, moves, _) = single(&c);
        let s = &c.search;
        let bound = log.last().unwrap().0;
        let frontier = s.frontier(FRONTIER, bound).unwrap();
        let batch = s.search_all(&frontier.subtrees, bound, false).unwrap();
        let (_, found) = batch.found.unwrap();
        assert_eq!(found.len(), moves.len());
        s.solution(found, 0).unwrap();
    }
}

#[test]
fn subtrees_that_are_not_paths_of_the_blank_are_refused() {
    let c = &cases()[0];
    let bound = c.search.first_bound();
    let good = c.search.frontier(2, bound).unwrap().subtrees[0].clone();
    let mut undo = good.clone();
    let back = good.moves[1];
    undo.moves.push(Move {
        from: back.to,
        to: back.from,
    });
    let mut far = good.clone();
    far.moves[0].from = 200;
    for bad in [undo, far] {
        let why = c.search.search(&bad, bound).unwrap_err().to_string();
        assert!(why.contains("subtree"), "{why}");
    }
    assert!(c.search.search(&good, bound).is_ok());
}

/// Korf & Felner's 24-puzzle 1 with Manhattan distance and linear
/// conflicts alone: far too long to wait for. (Korf's first 15-puzzle
/// was, until the threads took the subtrees in order: then it ended
/// within the 200 ms, in 3 M nodes.)
fn hard() -> (Board, Arrangement, Arrangement) {
    (
        "5x5".parse().unwrap(),
        "14 5 9 2 18 8 23 19 12 17 15 0 10 20 4 6 11 21 1 7 24 3 16 22 13"
            .parse()
            .unwrap(),
        Arrangement::new((0..25).collect()),
    )
}

#[test]
fn a_flag_stops_long_searches() {
    let (board, from, to) = hard();
    let flag = Arc::new(AtomicBool::new(false));
    let setter = {
        let flag = flag.clone();
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(200));
            flag.store(true, Ordering::Relaxed);
        })
    };
    let started = Instant::now();
    let solver = Solver::new()
        .optimal(true)
        .pattern_tiles(0)
        .cancel_on(flag.clone());
    let why = solver.solve(&board, &from, &to);
    assert!(matches!(why, Err(SolveError::Cancelled)), "{why:?}");
    assert!(started.elapsed() < Duration::from_secs(5));
    setter.join().unwrap();
    // Split searches too: the flag is still set.
    let search = solver.split(&board, &from, &to);
    assert!(matches!(search, Err(SolveError::Cancelled)));
    flag.store(false, Ordering::Relaxed);
    let search = solver.split(&board, &from, &to).unwrap();
    let frontier = search.frontier(2, 60).unwrap();
    flag.store(true, Ordering::Relaxed);
    let why = search.search(&frontier.subtrees[0], 60);
    assert!(matches!(why, Err(SolveError::Cancelled)));
    assert!(matches!(search.solve(4), Err(SolveError::Cancelled)));
}

#[test]
fn a_flag_left_unset_changes_nothing() {
    let board: Board = "4x4".parse().unwrap();
    let from: Arrangement = "13 8 14 3 9 1 0 7 15 5 4 10 12 2 6 11".parse().unwrap();
    let to = Arrangement::new((0..16).collect());
    let flag = Arc::new(AtomicBool::new(false));
    let plain = Solver::new().optimal(true).pattern_tiles(5);
    let flagged = Solver::new().optimal(true).pattern_tiles(5).cancel_on(flag);
    let a = one_thread(|| plain.solve(&board, &from, &to).unwrap());
    let b = one_thread(|| flagged.solve(&board, &from, &to).unwrap());
    assert_eq!(a.nodes(), b.nodes());
    assert_eq!(a.moves(), b.moves());
    assert_eq!(a.len(), 41);
}
