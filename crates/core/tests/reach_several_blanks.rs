//! Several blanks against brute force: breadth-first search over whole
//! state spaces of small boards of every shape family, with 2, 3 and 4
//! blanks and with distinct and repeated tokens. Every decision sampled
//! is checked against the search, up to 20 reachable pairs of each space
//! are solved and their solutions replayed. Solutions on bigger boards
//! are in `blanks_solve.rs`.

use std::collections::{HashMap, VecDeque};

use npuzzle_core::{Arrangement, Board, Cell, Solver, Token, reach, replay};
use proptest::prelude::*;
mod support;
use support::states::{arrangements, pack, unpack};

use support::{
    Seeded, arrangement, as_graph, cycle, graph, path, random_graph, scrambled, theta, tokens,
};

/// The whole state space of `tokens` on `board`: each arrangement's
/// component of the move graph (any token into any adjacent blank).
struct Space {
    states: Vec<u64>,
    label: HashMap<u64, u32>,
    members: Vec<Vec<u64>>,
}

fn space(board: &Board, tokens: &[u8]) -> Space {
    let n = board.cell_count();
    let states: Vec<u64> = arrangements(tokens).iter().map(|a| pack(a)).collect();
    let mut label: HashMap<u64, u32> = HashMap::with_capacity(states.len());
    let mut members = Vec::new();
    for &start in &states {
        if label.contains_key(&start) {
            continue;
        }
        let id = members.len() as u32;
        label.insert(start, id);
        let mut list = vec![start];
        let mut queue = VecDeque::from([start]);
        while let Some(code) = queue.pop_front() {
            let state = unpack(code, n);
            for (b, _) in state.iter().enumerate().filter(|(_, t)| **t == 0) {
                for &w in board.neighbours(b as Cell) {
                    if state[w as usize] == 0 {
                        continue;
                    }
                    let mut s = state.clone();
                    s.swap(b, w as usize);
                    let c = pack(&s);
                    if let std::collections::hash_map::Entry::Vacant(slot) = label.entry(c) {
                        slot.insert(id);
                        list.push(c);
                        queue.push_back(c);
                    }
                }
            }
        }
        members.push(list);
    }
    Space {
        states,
        label,
        members,
    }
}

/// Checks the decision against the search from `starts` random starts,
/// each against random targets and targets of its own component; solves
/// and replays up to `solves` reachable pairs.
fn check_space(name: &str, board: &Board, tokens: &[u8], starts: usize, solves: usize) {
    let n = board.cell_count();
    let sp = space(board, tokens);
    let mut rng = Seeded::new(sp.states.len() as u64 * 7919 + n as u64);
    let mut solved = 0;
    let (mut yes, mut no) = (0, 0);
    for _ in 0..starts {
        let a = sp.states[rng.below(sp.states.len())];
        let own = &sp.members[sp.label[&a] as usize];
        let mut targets: Vec<u64> = (0..1500)
            .map(|_| sp.states[rng.below(sp.states.len())])
            .collect();
        targets.extend((0..500).map(|_| own[rng.below(own.len())]));
        if sp.states.len() <= 2000 {
            targets = sp.states.clone();
        }
        let from = arrangement(&unpack(a, n));
        for b in targets {
            let to = arrangement(&unpack(b, n));
            let verdict = reach(board, &from, &to).unwrap();
            let expected = sp.label[&a] == sp.label[&b];
            if expected {
                yes += 1
            } else {
                no += 1
            }
            assert_eq!(
                verdict.is_reachable(),
                expected,
                "{name}: from {} to {}: decided {verdict:?}",
                from,
                to
            );
            if let Some(reason) = verdict.reason() {
                assert!(!reason.to_string().is_empty());
            } else if solved < solves {
                solved += 1;
                let solution = Solver::new().solve(board, &from, &to).unwrap_or_else(|e| {
                    panic!("{name}: from {from} to {to}: {e}");
                });
                replay(board, from.tokens(), to.tokens(), solution.moves()).unwrap();
            }
        }
    }
    assert!(yes > 0 && (no > 0 || sp.members.len() == 1), "{name}");
}

/// Every number of blanks from 2 to 4 that leaves a token, distinct and
/// repeated.
fn all_blanks(name: &str, board: &Board, starts: usize) {
    let n = board.cell_count();
    for m in 2..=4.min(n - 1) {
        for repeated in [false, true] {
            let label = format!(
                "{name}, {m} blanks{}",
                if repeated { ", repeated" } else { "" }
            );
            check_space(&label, board, &tokens(n, m, repeated), starts, 20);
        }
    }
}

/// Two junctions (triangles, or single cells of degree 3 with two
/// leaves) joined by a corridor of `len` edges.
fn joined(len: usize, triangles: bool) -> Board {
    let mut e: Vec<(Cell, Cell)> = Vec::new();
    let (u, v) = (2 as Cell, 3 + len as Cell - 1);
    if triangles {
        e.extend([(0, 1), (1, 2), (2, 0)]);
    } else {
        e.extend([(0, 2), (1, 2)]);
    }
    for i in 0..len as Cell {
        e.push((u + i, u + i + 1));
    }
    let (a, b) = (v + 1, v + 2);
    if triangles {
        e.extend([(v, a), (a, b), (b, v)]);
    } else {
        e.extend([(v, a), (v, b)]);
    }
    graph(b as usize + 1, &e)
}

#[test]
fn paths_and_cycles() {
    for n in 3..=8 {
        all_blanks(&format!("path {n}"), &graph(n, &path(n)), 3);
    }
    for n in 4..=8 {
        all_blanks(&format!("cycle {n}"), &graph(n, &cycle(n)), 3);
    }
}

#[test]
fn stars_and_trees() {
    // Stars with 3 to 5 leaves, a spider with legs 1, 2, 3, a binary
    // tree, and a caterpillar.
    for leaves in 3..=5 {
        let e: Vec<(Cell, Cell)> = (1..=leaves).map(|l| (0, l as Cell)).collect();
        all_blanks(&format!("star {leaves}"), &graph(leaves + 1, &e), 3);
    }
    let spider = graph(7, &[(0, 1), (0, 2), (2, 3), (0, 4), (4, 5), (5, 6)]);
    all_blanks("spider 1-2-3", &spider, 3);
    let binary = graph(7, &[(0, 1), (0, 2), (1, 3), (1, 4), (2, 5), (2, 6)]);
    all_blanks("binary tree", &binary, 3);
    let caterpillar = graph(8, &[(0, 1), (1, 2), (2, 3), (1, 4), (2, 5), (3, 6), (3, 7)]);
    all_blanks("caterpillar", &caterpillar, 3);
}

#[test]
fn theta_graphs_and_bowties() {
    for inner in [[1, 2, 2], [0, 1, 2], [1, 1, 3], [0, 2, 3], [1, 2, 3]] {
        all_blanks(&format!("theta {inner:?}"), &theta(inner), 3);
    }
    let bowtie = graph(5, &[(0, 1), (1, 2), (2, 0), (2, 3), (3, 4), (4, 2)]);
    all_blanks("bowtie", &bowtie, 3);
    let tailed = graph(
        7,
        &[
            (0, 1),
            (1, 2),
            (2, 0),
            (2, 3),
            (3, 4),
            (4, 2),
            (4, 5),
            (5, 6),
        ],
    );
    all_blanks("bowtie with a tail", &tailed, 3);
}

#[test]
fn lollipops() {
    for (ring, tail) in [
        (3, 1),
        (3, 2),
        (3, 3),
        (3, 4),
        (4, 2),
        (4, 3),
        (5, 2),
        (6, 2),
    ] {
        let mut e = cycle(ring);
        for i in 0..tail as Cell {
            e.push((ring as Cell - 1 + i, ring as Cell + i));
        }
        all_blanks(
            &format!("lollipop {ring}+{tail}"),
            &graph(ring + tail, &e),
            3,
        );
    }
    // A cycle with two tails on different cells, and a triangle with a
    // tail at each corner.
    let two_tails = graph(
        8,
        &[
            (0, 1),
            (1, 2),
            (2, 3),
            (3, 0),
            (0, 4),
            (4, 5),
            (2, 6),
            (6, 7),
        ],
    );
    all_blanks("square with two tails", &two_tails, 3);
    let corners = graph(6, &[(0, 1), (1, 2), (2, 0), (0, 3), (1, 4), (2, 5)]);
    all_blanks("triangle with three tails", &corners, 3);
}

#[test]
fn junctions_joined_by_corridors() {
    for len in 1..=3 {
        all_blanks(&format!("triangles, corridor {len}"), &joined(len, true), 3);
        all_blanks(
            &format!("branch cells, corridor {len}"),
            &joined(len, false),
            3,
        );
    }
}

/// Two triangles joined by a corridor of `L` edges: a token crosses from
/// one to the other (every arrangement is reachable) exactly when there
/// are `L + 2` blanks or more.
#[test]
fn a_corridor_of_l_edges_takes_l_plus_two_blanks() {
    for len in 1..=3 {
        let board = joined(len, true);
        let n = board.cell_count();
        for m in 2..=(len + 3).min(n - 1) {
            let t = tokens(n, m, false);
            check_space(
                &format!("triangles, corridor {len}, {m} blanks"),
                &board,
                &t,
                2,
                0,
            );
            let all = space(&board, &t).members.len() == 1;
            assert_eq!(all, m >= len + 2, "corridor {len}, {m} blanks");
        }
    }
}

#[test]
fn boxes_and_grids_with_holes() {
    for spec in ["2x2", "2x3", "3x3", "2x2x2", "1x6", "2x4"] {
        let board: Board = spec.parse().unwrap();
        let starts = if board.cell_count() >= 9 { 1 } else { 3 };
        all_blanks(spec, &board, starts);
        all_blanks(&format!("{spec} as a graph"), &as_graph(&board), starts);
    }
    for mask in [
        "###/#.#/###",
        "##./.##/..#",
        "###/.#./###",
        "#.#/###/#.#",
        "##../.###",
    ] {
        let rows: Vec<&str> = mask.split('/').collect();
        let board = Board::mask(&rows).unwrap();
        all_blanks(&format!("mask {mask}"), &board, 2);
    }
}

#[test]
fn disconnected_boards() {
    // A triangle with a tail, a separate path, a separate single cell.
    let board = graph(8, &[(0, 1), (1, 2), (2, 0), (2, 3), (4, 5), (5, 6)]);
    all_blanks("three parts", &board, 3);
    let two_rings = graph(
        8,
        &[
            (0, 1),
            (1, 2),
            (2, 3),
            (3, 0),
            (4, 5),
            (5, 6),
            (6, 7),
            (7, 4),
        ],
    );
    all_blanks("two rings", &two_rings, 3);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(250))]

    #[test]
    fn random_graphs_match_bfs(
        n in 4usize..=9,
        parents in proptest::collection::vec(0usize..64, 9),
        extra in proptest::collection::vec((0usize..9, 0usize..9), 0..3),
        m in 2usize..=4,
        repeated in any::<bool>(),
        stretch in any::<bool>(),
    ) {
        let board = random_graph(n, &parents, &extra, stretch);
        // Nine cells with two distinct blanks is 181,440 states: keep it
        // to three blanks or more.
        let m = if n == 9 { m.max(3) } else { m.min(n - 1) };
        check_space(&format!("random graph {:?}", board.edges().collect::<Vec<_>>()), &board,
            &tokens(n, m, repeated), 2, 5);
    }
}

#[test]
fn nine_cells() {
    // The largest spaces: 9!/2 arrangements each.
    let tree = graph(
        9,
        &[
            (0, 1),
            (1, 2),
            (2, 3),
            (1, 4),
            (4, 5),
            (5, 6),
            (4, 7),
            (7, 8),
        ],
    );
    check_space("tree of 9", &tree, &tokens(9, 2, false), 1, 10);
    let rings = graph(
        9,
        &[
            (0, 1),
            (1, 2),
            (2, 0),
            (2, 3),
            (3, 4),
            (4, 5),
            (5, 6),
            (6, 7),
            (7, 5),
            (7, 8),
        ],
    );
    check_space(
        "two triangles and a corridor",
        &rings,
        &tokens(9, 3, false),
        1,
        10,
    );
}

/// Checks the decision is an equivalence on random triples of a board:
/// each of the three a shuffle or a scramble of the one before.
fn symmetric_and_transitive(board: &Board, tokens: &[u32], seed: u64) {
    let mut rng = Seeded::new(seed);
    let next = |t: &[Token], rng: &mut Seeded| {
        if rng.below(2) == 0 {
            scrambled(board, t, 200, rng)
        } else {
            let mut t = t.to_vec();
            for i in (1..t.len()).rev() {
                t.swap(i, rng.below(i + 1));
            }
            Arrangement::new(t)
        }
    };
    let a = next(tokens, &mut rng);
    let b = next(a.tokens(), &mut rng);
    let c = next(b.tokens(), &mut rng);
    let r = |x: &Arrangement, y: &Arrangement| reach(board, x, y).unwrap().is_reachable();
    assert_eq!(r(&a, &b), r(&b, &a), "{a} / {b}");
    assert_eq!(r(&b, &c), r(&c, &b), "{b} / {c}");
    assert!(r(&a, &a));
    if r(&a, &b) {
        assert_eq!(r(&b, &c), r(&a, &c), "{a} / {b} / {c}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn the_decision_is_an_equivalence(
        n in 6usize..=40,
        parents in proptest::collection::vec(0usize..1000, 40),
        extra in proptest::collection::vec((0usize..40, 0usize..40), 0..6),
        m in 2usize..=6,
        kinds in 2u32..=40,
        seed in any::<u64>(),
    ) {
        let board = random_graph(n, &parents, &extra, seed % 2 == 0);
        let m = m.min(n - 1);
        let mut t = vec![0u32; m];
        t.extend((0..(n - m) as u32).map(|i| i % kinds + 1));
        symmetric_and_transitive(&board, &t, seed);
    }
}

/// Ten and eleven cells with half of them blank: longer corridors and
/// more junctions than the smaller spaces, still whole.
#[test]
fn half_blank_graphs_of_ten_and_eleven_cells() {
    let mut rng = Seeded::new(2024);
    for case in 0..12 {
        let n = 10 + case % 2;
        let parents: Vec<usize> = (0..n).map(|_| rng.below(1000)).collect();
        let extra: Vec<(usize, usize)> = (0..rng.below(3))
            .map(|_| (rng.below(n), rng.below(n)))
            .collect();
        let board = random_graph(n, &parents, &extra, case % 3 != 0);
        let name = format!("half blank {:?}", board.edges().collect::<Vec<_>>());
        check_space(&name, &board, &tokens(n, n / 2, case % 4 == 3), 1, 5);
    }
}
