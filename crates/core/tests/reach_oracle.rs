//! The decision against brute force: breadth-first search over whole state
//! spaces of small boards of every shape family, with distinct and with
//! repeated tokens.

use std::collections::{HashMap, VecDeque};

use npuzzle_core::{Arrangement, Board, Cell, Token, reach};
use proptest::prelude::*;

mod support;
use support::states::{arrangements, pack, unpack};

use support::{Seeded, as_graph, cycle, graph, path, random_graph, theta};

/// Labels every arrangement of `tokens` on `board` with its component of
/// the move graph.
fn components(board: &Board, tokens: &[u8]) -> HashMap<u64, u32> {
    let n = board.cell_count();
    let mut label: HashMap<u64, u32> = HashMap::new();
    let mut next = 0;
    for start in arrangements(tokens) {
        let code = pack(&start);
        if label.contains_key(&code) {
            continue;
        }
        label.insert(code, next);
        let mut queue = VecDeque::from([code]);
        while let Some(code) = queue.pop_front() {
            let state = unpack(code, n);
            let blank = state.iter().position(|&t| t == 0).unwrap();
            for &w in board.neighbours(blank as Cell) {
                let mut s = state.clone();
                s.swap(blank, w as usize);
                let c = pack(&s);
                if let std::collections::hash_map::Entry::Vacant(slot) = label.entry(c) {
                    slot.insert(next);
                    queue.push_back(c);
                }
            }
        }
        next += 1;
    }
    label
}

fn arrangement(state: &[u8]) -> Arrangement {
    Arrangement::new(state.iter().map(|&t| t as Token).collect())
}

/// Compares the decision with the oracle: `starts` random starts against
/// every target (or `targets` random ones when the space is large).
fn check_board(name: &str, board: &Board, tokens: &[u8], starts: usize) {
    let label = components(board, tokens);
    let states: Vec<u64> = label.keys().copied().collect();
    let mut rng = Seeded::new(states.len() as u64 * 31 + board.cell_count() as u64);
    let n = board.cell_count();
    let all_targets = states.len() <= 50_000;
    for _ in 0..starts {
        let a = states[rng.below(states.len())];
        let from = arrangement(&unpack(a, n));
        let targets: Vec<u64> = if all_targets {
            states.clone()
        } else {
            (0..20_000)
                .map(|_| states[rng.below(states.len())])
                .collect()
        };
        for b in targets {
            let to = arrangement(&unpack(b, n));
            let verdict = reach(board, &from, &to).unwrap();
            let expected = label[&a] == label[&b];
            assert_eq!(
                verdict.is_reachable(),
                expected,
                "{name}: from {:?} to {:?}: decided {:?}",
                from.tokens(),
                to.tokens(),
                verdict
            );
            if let Some(reason) = verdict.reason() {
                assert!(!reason.to_string().is_empty());
            }
        }
    }
}

fn distinct(n: usize) -> Vec<u8> {
    (0..n as u8).collect()
}

/// Tokens with repeats: the blank, then pairs 1 1 2 2 3 3 …
fn repeated(n: usize) -> Vec<u8> {
    (0..n).map(|i| i.div_ceil(2) as u8).collect()
}

fn both(name: &str, board: &Board, starts: usize) {
    let n = board.cell_count();
    check_board(name, board, &distinct(n), starts);
    check_board(&format!("{name} (repeated)"), board, &repeated(n), starts);
}

#[test]
fn paths_and_trees() {
    for n in 1..=6 {
        both(&format!("path {n}"), &graph(n, &path(n)), 3);
    }
    both("box 1x5", &"1x5".parse::<Board>().unwrap(), 3);
    both("box 5x1x1", &"5x1x1".parse::<Board>().unwrap(), 3);
    both("box 1x1", &"1x1".parse::<Board>().unwrap(), 1);
    both(
        "star 5",
        &graph(6, &[(0, 1), (0, 2), (0, 3), (0, 4), (0, 5)]),
        3,
    );
    both(
        "tree",
        &graph(7, &[(0, 1), (1, 2), (1, 3), (3, 4), (3, 5), (5, 6)]),
        3,
    );
}

#[test]
fn cycles() {
    for n in 3..=8 {
        both(&format!("cycle {n}"), &graph(n, &cycle(n)), 3);
    }
}

#[test]
fn theta_graphs() {
    for inner in [
        [1, 2, 2], // θ0
        [1, 1, 1],
        [0, 1, 1],
        [1, 1, 2],
        [0, 2, 2],
        [1, 1, 3],
        [0, 1, 4],
        [0, 2, 3],
        [2, 2, 2],
        [1, 2, 3],
        [0, 3, 3],
        [1, 1, 4],
    ] {
        both(&format!("theta {inner:?}"), &theta(inner), 2);
    }
}

/// θ0: branch cells 0 and 1, joined by 0-2-1, 0-3-4-1 and 0-5-6-1.
const THETA0: [(Cell, Cell); 8] = [
    (0, 2),
    (2, 1),
    (0, 3),
    (3, 4),
    (4, 1),
    (0, 5),
    (5, 6),
    (6, 1),
];

/// θ0 with more edges on cells 7 and up.
fn theta0_and(more: &[(Cell, Cell)]) -> Vec<(Cell, Cell)> {
    THETA0.iter().chain(more).copied().collect()
}

#[test]
fn theta0_with_tails_and_twins() {
    // θ0 hanging off a path, and two θ0 blocks sharing a cell: the θ0
    // check must work on any entry cell.
    both("theta0 + tail", &graph(8, &theta0_and(&[(4, 7)])), 4);
    check_board(
        "theta0 + path 2",
        &graph(9, &theta0_and(&[(1, 7), (7, 8)])),
        &distinct(9),
        1,
    );
}

#[test]
fn theta0_hanging_on_a_cycle() {
    // A cycle on the θ0 block's entry turns other tokens onto the entry:
    // the θ0 check must leave the entry's token to the cycle's. (A
    // random graph found this: the check once compared it too.)
    both(
        "theta0 + triangle on a branch cell",
        &graph(9, &theta0_and(&[(1, 7), (7, 8), (8, 1)])),
        3,
    );
    check_board(
        "theta0 + 4-cycle on a path cell",
        &graph(10, &theta0_and(&[(3, 7), (7, 8), (8, 9), (9, 3)])),
        &distinct(10),
        2,
    );
}

#[test]
fn boxes() {
    for spec in ["2x2", "2x3", "3x2", "2x2x2", "2x4", "1x2x3", "3x3"] {
        let b = spec.parse::<Board>().unwrap();
        let starts = if b.cell_count() == 9 { 1 } else { 3 };
        both(spec, &b, starts);
        both(&format!("{spec} as a graph"), &as_graph(&b), starts);
    }
}

#[test]
fn grids_with_holes() {
    for rows in [
        "###/#.#/###",
        "##./###/.##",
        "###/##./#..",
        "###/###/.#.",
        "#.#/###/#.#",
        "####/#..#/##..",
    ] {
        both(
            &format!("mask {rows}"),
            &format!("mask:{rows}").parse::<Board>().unwrap(),
            2,
        );
    }
}

#[test]
fn lollipops_and_dumbbells() {
    // Cycle 0..k with a tail.
    for k in 3..=6 {
        let mut e = cycle(k);
        for t in k..8 {
            e.push((t as Cell - 1, t as Cell));
        }
        both(&format!("lollipop {k}+{}", 8 - k), &graph(8, &e), 3);
    }
    // Two triangles joined by a path of 2 edges.
    let e = [
        (0, 1),
        (1, 2),
        (2, 0),
        (2, 3),
        (3, 4),
        (4, 5),
        (5, 6),
        (6, 4),
    ];
    both("dumbbell 3-3", &graph(7, &e), 3);
    // Two squares sharing a vertex (a bipartite block pair).
    let e = [
        (0, 1),
        (1, 2),
        (2, 3),
        (3, 0),
        (0, 4),
        (4, 5),
        (5, 6),
        (6, 0),
    ];
    both("bowtie 4-4", &graph(7, &e), 3);
    // Square and pentagon joined by an edge.
    let e = [
        (0, 1),
        (1, 2),
        (2, 3),
        (3, 0),
        (3, 4),
        (4, 5),
        (5, 6),
        (6, 7),
        (7, 8),
        (8, 4),
    ];
    check_board("dumbbell 4-5", &graph(9, &e), &repeated(9), 1);
}

#[test]
fn complete_and_dense_graphs() {
    for n in 3..=6 {
        let mut e = Vec::new();
        for u in 0..n as Cell {
            for v in u + 1..n as Cell {
                e.push((u, v));
            }
        }
        both(&format!("K{n}"), &graph(n, &e), 3);
    }
    both(
        "K2,3",
        &graph(5, &[(0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4)]),
        3,
    );
    // K3,3 is bipartite and not a cycle: even permutations.
    let mut e = Vec::new();
    for u in 0..3 {
        for v in 3..6 {
            e.push((u, v));
        }
    }
    both("K3,3", &graph(6, &e), 3);
}

#[test]
fn disconnected_boards() {
    both(
        "two triangles",
        &graph(6, &[(0, 1), (1, 2), (2, 0), (3, 4), (4, 5), (5, 3)]),
        3,
    );
    both(
        "square + isolated",
        &graph(5, &[(0, 1), (1, 2), (2, 3), (3, 0)]),
        3,
    );
    both("isolated cells", &graph(3, &[]), 2);
}
/// Every arrangement reachable from `start`, by breadth-first search.
fn reachable_from(board: &Board, start: &[u8]) -> std::collections::HashSet<u64> {
    let n = board.cell_count();
    let mut seen = std::collections::HashSet::from([pack(start)]);
    let mut queue = VecDeque::from([pack(start)]);
    while let Some(code) = queue.pop_front() {
        let state = unpack(code, n);
        let blank = state.iter().position(|&t| t == 0).unwrap();
        for &w in board.neighbours(blank as Cell) {
            let mut s = state.clone();
            s.swap(blank, w as usize);
            if seen.insert(pack(&s)) {
                queue.push_back(pack(&s));
            }
        }
    }
    seen
}

/// One random start on `board` (distinct tokens, or blank and `colours`),
/// shuffled by `shuffle_a`; one target, reachable by breadth-first search
/// when `near`, else shuffled by `shuffle_b`: the decision must agree.
fn matches_bfs(
    board: &Board,
    distinct_tokens: bool,
    colours: &[u8],
    shuffle_a: &[usize],
    shuffle_b: &[usize],
    near: bool,
) -> Result<(), TestCaseError> {
    let n = board.cell_count();
    let mut tokens: Vec<u8> = if distinct_tokens {
        distinct(n)
    } else {
        std::iter::once(0)
            .chain(colours[..n - 1].iter().copied())
            .collect()
    };
    let shuffle = |t: &mut Vec<u8>, s: &[usize]| {
        for i in (1..t.len()).rev() {
            t.swap(i, s[i] % (i + 1));
        }
    };
    shuffle(&mut tokens, shuffle_a);
    let seen = reachable_from(board, &tokens);
    let target: Vec<u8> = if near {
        // A target drawn from the reachable set, to test positives.
        let states: Vec<u64> = seen.iter().copied().collect();
        unpack(states[shuffle_b[0] % states.len()], n)
    } else {
        let mut t = tokens.clone();
        shuffle(&mut t, shuffle_b);
        t
    };
    let verdict = reach(board, &arrangement(&tokens), &arrangement(&target)).unwrap();
    prop_assert_eq!(
        verdict.is_reachable(),
        seen.contains(&pack(&target)),
        "edges {:?} from {:?} to {:?}: {:?}",
        board.edges().collect::<Vec<_>>(),
        tokens,
        target,
        verdict
    );
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_graphs_match_bfs(
        n in 2usize..=8,
        parents in prop::collection::vec(0usize..100, 7),
        extra in prop::collection::vec((0usize..8, 0usize..8), 0..8),
        colours in prop::collection::vec(1u8..4, 7),
        distinct_tokens in any::<bool>(),
        shuffle_a in prop::collection::vec(0usize..1000, 8),
        shuffle_b in prop::collection::vec(0usize..1000, 8),
        near in any::<bool>(),
    ) {
        let board = random_graph(n, &parents, &extra, false);
        matches_bfs(&board, distinct_tokens, &colours, &shuffle_a, &shuffle_b, near)?;
    }
}

/// Small blocks to glue at cut cells: (cells, edges).
const BLOCKS: &[(usize, &[(Cell, Cell)])] = &[
    (2, &[(0, 1)]),                                         // a bridge
    (3, &[(0, 1), (1, 2), (2, 0)]),                         // a triangle
    (4, &[(0, 1), (1, 2), (2, 3), (3, 0)]),                 // a square
    (5, &[(0, 1), (1, 2), (2, 3), (3, 4), (4, 0)]),         // a pentagon
    (4, &[(0, 1), (1, 2), (2, 3), (3, 0), (0, 2)]),         // a diamond
    (4, &[(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]), // K4
    (5, &[(0, 2), (2, 1), (0, 3), (3, 1), (0, 4), (4, 1)]), // K2,3
    (7, &THETA0),                                           // θ0
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// Blocks glued at cut cells, every block on every cell of the one
    /// before: how blocks pass tokens (or not) through their shared cells.
    #[test]
    fn glued_blocks_match_bfs(
        picks in prop::collection::vec((0usize..BLOCKS.len(), 0usize..100, 0usize..100), 1..4),
        distinct_tokens in any::<bool>(),
        colours in prop::collection::vec(1u8..4, 9),
        shuffle_a in prop::collection::vec(0usize..1000, 9),
        shuffle_b in prop::collection::vec(0usize..1000, 9),
        near in any::<bool>(),
    ) {
        let mut n = 0;
        let mut edges: Vec<(Cell, Cell)> = Vec::new();
        for &(b, at, turn) in &picks {
            let (size, block) = BLOCKS[b];
            if n > 0 && n + size - 1 > 9 {
                continue;
            }
            // The block's vertex `turn % size` is glued on cell `at % n`.
            let glued = turn % size;
            let cell = |v: usize| -> usize {
                if n == 0 {
                    v
                } else if v == glued {
                    at % n
                } else {
                    n + (v + size - glued - 1) % size
                }
            };
            for &(u, v) in block {
                edges.push((cell(u as usize) as Cell, cell(v as usize) as Cell));
            }
            n += if n == 0 { size } else { size - 1 };
        }
        let board = graph(n, &edges);
        matches_bfs(&board, distinct_tokens, &colours, &shuffle_a, &shuffle_b, near)?;
    }
}
