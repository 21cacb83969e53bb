//! Uniformity of the draws (chi-square against breadth-first lists of
//! the reachable arrangements) and the scrambles' walks.

use super::*;
use std::collections::{HashMap, HashSet, VecDeque};

/// Every arrangement that can reach `to`, by breadth-first search.
fn reachable_set(board: &Board, to: &[u32]) -> HashSet<Vec<u32>> {
    let mut seen = HashSet::from([to.to_vec()]);
    let mut queue = VecDeque::from([to.to_vec()]);
    while let Some(s) = queue.pop_front() {
        for b in (0..s.len()).filter(|&c| s[c] == BLANK) {
            for &n in board.neighbours(b as Cell) {
                let mut t = s.clone();
                t.swap(b, n as usize);
                if seen.insert(t.clone()) {
                    queue.push_back(t);
                }
            }
        }
    }
    seen
}

/// Draws `per_state` times the number of reachable arrangements and
/// checks, by a chi-square test, that every one comes up about as
/// often as the others (and nothing else comes up).
fn check_uniform(spec: &str, to: &[u32], per_state: usize, seed: u64) {
    check_draws(spec, to, per_state, seed, Method::Any);
    check_draws(spec, to, per_state, seed, Method::Group);
}

/// How a test draws.
#[derive(Clone, Copy, PartialEq)]
enum Method {
    /// As [`Generator::reachable`] does.
    Any,
    /// From the group of round trips alone.
    Group,
    /// Block by block, the groups of blocks of at most so many cells
    /// built (else known outright).
    Blocks(usize),
}

/// As [`check_uniform`], by `method`.
fn check_draws(spec: &str, to: &[u32], per_state: usize, seed: u64, method: Method) {
    let board: Board = spec.parse().unwrap();
    let all = reachable_set(&board, to);
    let to = Arrangement::new(to.to_vec());
    let mut generator = Generator::new(seed);
    let cells = blank_component(&board, blank_cell(to.tokens()));
    if method == Method::Group {
        let trips = group::round_trips(&board, &cells, blank_cell(to.tokens()));
        let g = group::Group::generated_by(cells.len(), &trips);
        generator.group = Some((board.to_string(), to.tokens().to_vec(), g));
    }
    let draws = per_state * all.len();
    let mut counts: HashMap<Vec<u32>, usize> = HashMap::new();
    let home = blank_cell(to.tokens());
    let by_blocks = match method {
        Method::Blocks(built) => Some(blocks::BlockDraw::of(&board, home, built).unwrap()),
        _ => None,
    };
    for _ in 0..draws {
        let a = match (method, &by_blocks) {
            (Method::Group, _) => generator.draw_from_group(&board, &to, &cells),
            (_, Some(draw)) => {
                let mut tokens = to.tokens().to_vec();
                draw.apply_random(&mut tokens, &mut generator.rng);
                generator.blank_to_random_cell(&board, tokens, &cells)
            }
            _ => generator.reachable(&board, &to).unwrap(),
        };
        assert!(all.contains(a.tokens()), "{spec}: drew an unreachable {a}");
        *counts.entry(a.into_tokens()).or_default() += 1;
    }
    let expected = per_state as f64;
    let chi2: f64 = all
        .iter()
        .map(|s| {
            let o = *counts.get(s).unwrap_or(&0) as f64;
            (o - expected).powi(2) / expected
        })
        .sum();
    // Degrees of freedom k - 1; for large k the statistic is about
    // normal with mean k - 1 and variance 2(k - 1): five deviations
    // above is a false alarm once in millions of runs.
    let k = all.len() as f64 - 1.0;
    let limit = k + 5.0 * (2.0 * k).sqrt() + 10.0;
    assert!(
        chi2 < limit,
        "{spec}: chi-square {chi2:.1} over {} states (limit {limit:.1})",
        all.len()
    );
}

#[test]
fn uniform_on_a_2x3_box() {
    check_uniform("2x3", &[1, 2, 3, 4, 5, 0], 20, 1);
}

#[test]
fn uniform_on_theta0() {
    check_uniform("theta0", &[0, 1, 2, 3, 4, 5, 6], 30, 2);
}

#[test]
fn uniform_with_several_blanks() {
    // Every arrangement of a 2×3 box with two blanks is reachable; on
    // a triangle with a tail of three and two blanks, the deepest
    // token of the tail never changes.
    check_draws("2x3", &[1, 2, 3, 4, 0, 0], 20, 4, Method::Any);
    check_draws(
        "graph:6:0-1,1-2,2-0,2-3,3-4,4-5",
        &[1, 2, 3, 0, 4, 0],
        100,
        5,
        Method::Any,
    );
    let board: Board = "graph:6:0-1,1-2,2-0,2-3,3-4,4-5".parse().unwrap();
    let to = Arrangement::new(vec![1, 2, 3, 0, 4, 0]);
    let a = Generator::new(1).scramble(&board, &to, 50).unwrap();
    assert!(reach(&board, &a, &to).unwrap().is_reachable());
    assert_eq!(a.blank_count(), 2);
}

#[test]
fn uniform_on_a_lollipop() {
    // A triangle with a tail of two: tokens in the tail are stuck in
    // order, so few of the arrangements are reachable.
    check_uniform("graph:5:0-1,1-2,2-0,2-3,3-4", &[0, 1, 2, 3, 4], 200, 3);
}

#[test]
fn uniform_on_a_triangle_with_two_tails() {
    // Most shuffles lock a token in a tail: drawn from the group.
    check_uniform(
        "graph:7:0-1,1-2,2-0,2-3,3-4,0-5,5-6",
        &[0, 1, 2, 3, 4, 5, 6],
        50,
        6,
    );
}

#[test]
fn uniform_on_a_cycle_and_on_a_cycle_with_repeated_tokens() {
    check_uniform(
        "graph:6:0-1,1-2,2-3,3-4,4-5,5-0",
        &[0, 1, 2, 3, 4, 5],
        200,
        7,
    );
    check_uniform(
        "graph:6:0-1,1-2,2-3,3-4,4-5,5-0",
        &[0, 1, 1, 2, 2, 3],
        200,
        8,
    );
}

#[test]
fn the_hdu_board_draws_from_its_group() {
    let board: Board = "hdu4021".parse().unwrap();
    let to = Arrangement::new((0..24).collect());
    let mut generator = Generator::new(11);
    let mut seen = HashSet::new();
    for _ in 0..200 {
        let a = generator.reachable(&board, &to).unwrap();
        assert!(reach(&board, &a, &to).unwrap().is_reachable(), "{a}");
        seen.insert(a);
    }
    assert!(seen.len() > 190, "{} distinct of 200", seen.len());
}

#[test]
fn uniform_with_repeated_tokens() {
    check_uniform("2x3", &[1, 1, 2, 2, 3, 0], 100, 4);
}

#[test]
fn uniform_on_a_3x3_box_with_few_draws() {
    // 181,440 arrangements: each drawn about 4 times on average.
    let board: Board = "3x3".parse().unwrap();
    let to = Arrangement::solved(9);
    let mut generator = Generator::new(5);
    let mut seen = HashSet::new();
    for _ in 0..2000 {
        let a = generator.reachable(&board, &to).unwrap();
        assert!(reach(&board, &a, &to).unwrap().is_reachable());
        seen.insert(a);
    }
    // Birthday bound: 2000 uniform draws among 181,440 nearly never repeat much.
    assert!(seen.len() > 1970, "{} distinct of 2000", seen.len());
}

#[test]
fn scrambles_walk_exactly_and_never_undo() {
    let board: Board = "5x5".parse().unwrap();
    let to = Arrangement::solved(25);
    let mut generator = Generator::new(9);
    for moves in [0, 1, 2, 17, 80] {
        let a = generator.scramble(&board, &to, moves).unwrap();
        assert!(reach(&board, &a, &to).unwrap().is_reachable());
        // The blank moved exactly `moves` steps: its distance has that parity.
        let (b, g) = (a.blank().unwrap() as i64, 24i64);
        let distance = (b / 5 - g / 5).abs() + (b % 5 - g % 5).abs();
        assert_eq!(distance % 2, moves as i64 % 2);
    }
    // A walk of one step after another never comes straight back.
    let two = generator.scramble(&board, &to, 2).unwrap();
    assert_ne!(two, to);
}

#[test]
fn a_dead_end_forces_the_undo() {
    let board: Board = "1x3".parse().unwrap();
    let to: Arrangement = "1 2 0".parse().unwrap();
    let a = Generator::new(1).scramble(&board, &to, 3).unwrap();
    assert_eq!(a.tokens(), &[1, 0, 2]);
}

#[test]
fn cells_the_blank_cannot_reach_keep_their_tokens() {
    let board: Board = "graph:5:0-1,1-2,3-4".parse().unwrap();
    let to: Arrangement = "1 2 0 3 4".parse().unwrap();
    let a = Generator::new(3).reachable(&board, &to).unwrap();
    assert_eq!(&a.tokens()[3..], &[3, 4]);
}

#[test]
fn uniform_on_trees_and_cycles_from_their_structure() {
    // A path, a star (blank on a leaf), a branching tree, a cycle with
    // the blank away from cell 0 and repeated tokens.
    check_uniform("1x6", &[1, 2, 0, 3, 4, 5], 100, 9);
    check_uniform("graph:5:0-1,0-2,0-3,0-4", &[1, 2, 3, 4, 0], 200, 10);
    check_uniform(
        "graph:7:0-1,1-2,1-3,3-4,3-5,5-6",
        &[1, 2, 0, 3, 4, 5, 6],
        100,
        11,
    );
    check_uniform("graph:5:0-1,1-2,2-3,3-4,4-0", &[1, 2, 0, 1, 3], 200, 12);
}

/// A graph: a path of `n` cells.
fn path_graph(n: usize) -> Board {
    let edges: Vec<String> = (1..n).map(|c| format!("{}-{c}", c - 1)).collect();
    format!("graph:{n}:{}", edges.join(",")).parse().unwrap()
}

#[test]
fn thin_boards_of_any_size_are_drawn_at_once() {
    let mut generator = Generator::new(1);
    let boxes = ["1x65", "1x65536", "2x1"].map(|spec| spec.parse::<Board>().unwrap());
    for board in boxes.into_iter().chain([path_graph(4096)]) {
        let to = Arrangement::solved(board.cell_count());
        let a = generator.reachable(&board, &to).unwrap();
        // A path keeps its tokens' order.
        let tiles: Vec<u32> = a.tokens().iter().copied().filter(|&t| t != 0).collect();
        assert!(tiles.windows(2).all(|w| w[0] < w[1]), "{board}");
    }
    let leaves = 1000;
    let edges: Vec<String> = (1..=leaves).map(|c| format!("0-{c}")).collect();
    let star: Board = format!("graph:{}:{}", leaves + 1, edges.join(","))
        .parse()
        .unwrap();
    let to = Arrangement::solved(leaves + 1);
    let a = generator.reachable(&star, &to).unwrap();
    assert!(reach(&star, &a, &to).unwrap().is_reachable());
}

/// A triangle, a bridge and a 2×3 box hanging from its cut cell, and a
/// 4-cycle hanging from the box: a cycle, a bipartite 2-connected block
/// and a bridge, drawn block by block, with the box's group known
/// outright (even permutations) or built, distinct and repeated tokens.
#[test]
fn uniform_block_by_block() {
    let spec = "graph:13:0-1,1-2,2-0,2-3,3-4,4-5,6-7,7-8,3-6,4-7,5-8,8-9,9-10,10-11,11-8,12-0";
    let distinct = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
    let repeated = [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6];
    for to in [distinct, repeated] {
        check_draws(spec, &to, 10, 5, Method::Blocks(0));
        check_draws(spec, &to, 10, 6, Method::Blocks(64));
    }
}

#[test]
fn triangles_joined_by_bridges_are_drawn_at_once() {
    // 3,000 triangles: rejection would take hours.
    let count = 3000;
    let mut edges = Vec::new();
    for t in 0..count as Cell {
        let c = 3 * t;
        edges.extend([(c, c + 1), (c + 1, c + 2), (c + 2, c)]);
        if t + 1 < count as Cell {
            edges.push((c + 2, c + 3));
        }
    }
    let board = Board::graph(3 * count, &edges).unwrap();
    let to = Arrangement::solved(3 * count);
    let mut generator = Generator::new(1);
    let started = std::time::Instant::now();
    for _ in 0..5 {
        let a = generator.reachable(&board, &to).unwrap();
        assert!(reach(&board, &a, &to).unwrap().is_reachable());
    }
    assert!(started.elapsed() < std::time::Duration::from_secs(20));
}
