//! Several blanks against brute force: breadth-first search over whole
//! state spaces of small boards of every shape family, with 2, 3 and 4
//! blanks and with distinct and repeated tokens. Every decision sampled
//! is checked against the search, every reachable pair sampled is solved
//! and the solution replayed.

use std::collections::{HashMap, VecDeque};

use npuzzle_core::{Arrangement, Board, Cell, Solver, Token, reach, replay};
use proptest::prelude::*;

/// Simple deterministic generator, so that failures are reproducible.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n
    }
}

fn arrangement(state: &[u8]) -> Arrangement {
    Arrangement::new(state.iter().map(|&t| t as Token).collect())
}

fn graph(n: usize, edges: &[(Cell, Cell)]) -> Board {
    Board::graph(n, edges).unwrap()
}

/// `steps` random moves from `tokens`: a random token next to a random
/// blank slides into it.
fn scrambled(board: &Board, tokens: &[Token], steps: usize, rng: &mut Lcg) -> Arrangement {
    let mut t = tokens.to_vec();
    for _ in 0..steps {
        let blanks: Vec<usize> = (0..t.len()).filter(|&c| t[c] == 0).collect();
        let b = blanks[rng.below(blanks.len())];
        let nb = board.neighbours(b as Cell);
        if !nb.is_empty() {
            let w = nb[rng.below(nb.len())] as usize;
            t.swap(b, w);
        }
    }
    Arrangement::new(t)
}

/// A state packed 4 bits per cell (boards of at most 16 cells).
fn pack(tokens: &[u8]) -> u64 {
    tokens
        .iter()
        .rev()
        .fold(0u64, |acc, &t| (acc << 4) | t as u64)
}

fn unpack(mut code: u64, cells: usize) -> Vec<u8> {
    (0..cells)
        .map(|_| {
            let t = (code & 15) as u8;
            code >>= 4;
            t
        })
        .collect()
}

/// Every arrangement of a multiset, by next-permutation.
fn arrangements(tokens: &[u8]) -> Vec<Vec<u8>> {
    let mut a = tokens.to_vec();
    a.sort();
    let mut all = vec![a.clone()];
    loop {
        let Some(i) = (0..a.len().saturating_sub(1))
            .rev()
            .find(|&i| a[i] < a[i + 1])
        else {
            return all;
        };
        let j = (i + 1..a.len()).rev().find(|&j| a[j] > a[i]).unwrap();
        a.swap(i, j);
        a[i + 1..].reverse();
        all.push(a.clone());
    }
}

/// The whole state space of `tokens` on `board`: each arrangement's
/// component of the move graph (any token into any adjacent blank).
struct Space {
    states: Vec<u64>,
    label: HashMap<u64, u32>,
    members: Vec<Vec<u64>>,
}

fn space(board: &Board, tokens: &[u8]) -> Space {
    let n = board.cells();
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
    let n = board.cells();
    let sp = space(board, tokens);
    let mut rng = Lcg(sp.states.len() as u64 * 7919 + n as u64);
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

/// `m` blanks, then tokens 1, 2, … (distinct) or 1, 1, 2, 2, … (repeated).
fn tokens(n: usize, m: usize, repeated: bool) -> Vec<u8> {
    let mut t = vec![0u8; m];
    t.extend((0..n - m).map(|i| {
        if repeated {
            i as u8 / 2 + 1
        } else {
            i as u8 + 1
        }
    }));
    t
}

/// Every number of blanks from 2 to 4 that leaves a token, distinct and
/// repeated.
fn all_blanks(name: &str, board: &Board, starts: usize) {
    let n = board.cells();
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

fn path(n: usize) -> Vec<(Cell, Cell)> {
    (0..n as Cell - 1).map(|i| (i, i + 1)).collect()
}

fn cycle(n: usize) -> Vec<(Cell, Cell)> {
    let mut e = path(n);
    e.push((n as Cell - 1, 0));
    e
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
        let mut e = Vec::new();
        let mut next = 2 as Cell;
        for len in inner {
            let mut prev = 0;
            for _ in 0..len {
                e.push((prev, next));
                prev = next;
                next += 1;
            }
            e.push((prev, 1));
        }
        all_blanks(&format!("theta {inner:?}"), &graph(next as usize, &e), 3);
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
        let n = board.cells();
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
        let starts = if board.cells() >= 9 { 1 } else { 3 };
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

fn as_graph(board: &Board) -> Board {
    let edges: Vec<(Cell, Cell)> = board.edges().collect();
    graph(board.cells(), &edges)
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

/// A connected graph: a random tree plus extra edges. With `stretch`,
/// most cells hang from the one before, so that the tree has long
/// corridors and tails.
fn random_graph(n: usize, parents: &[usize], extra: &[(usize, usize)], stretch: bool) -> Board {
    let parent = |v: usize| {
        let p = parents[v - 1];
        if stretch && !p.is_multiple_of(3) {
            v - 1
        } else {
            p % v
        }
    };
    let mut e: Vec<(Cell, Cell)> = (1..n).map(|v| (parent(v) as Cell, v as Cell)).collect();
    for &(a, b) in extra {
        let (a, b) = (a % n, b % n);
        if a != b {
            e.push((a as Cell, b as Cell));
        }
    }
    graph(n, &e)
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
    let mut rng = Lcg(seed);
    let next = |t: &[Token], rng: &mut Lcg| {
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

/// An arrangement that reaches `to`: a random order where one of a few
/// tries reaches it, else a long random walk from it.
fn reachable_shuffle(board: &Board, to: &[Token], rng: &mut Lcg) -> Arrangement {
    let goal = Arrangement::new(to.to_vec());
    for _ in 0..20 {
        let mut t = to.to_vec();
        for i in (1..t.len()).rev() {
            t.swap(i, rng.below(i + 1));
        }
        let a = Arrangement::new(t);
        if reach(board, &a, &goal).unwrap().is_reachable() {
            return a;
        }
    }
    scrambled(board, to, 50 * to.len(), rng)
}

/// Solves random reachable pairs and replays them.
fn solve_random(board: &Board, blanks: usize, kinds: u32, pairs: usize, seed: u64) {
    let n = board.cells();
    let mut rng = Lcg(seed);
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
    let mut rng = Lcg(99);
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
    let mut rng = Lcg(7);
    for (spec, blanks) in [("3x3", 2), ("4x4", 6), ("3x5", 4)] {
        let board: Board = spec.parse().unwrap();
        let n = board.cells();
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
