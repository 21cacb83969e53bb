//! A lower bound of any answer's length, cheap on every board: each
//! tile's distance in moves to the nearest goal cell of its kind, summed
//! (a move takes one tile one step). By coordinates on boxes with
//! distinct tiles (the Manhattan distance, in any dimension), by
//! breadth-first search from each kind's goal cells elsewhere, where
//! that work is small. The bound beside constructive answers and the
//! beams' on other boards.

use std::collections::VecDeque;

use crate::arrangement::{BLANK, Token, TokenIds};
use crate::board::{Board, Cell};

/// The most work (kinds times cells and edges) the breadth-first
/// searches may take: about a tenth of a second. Past it no bound is
/// given (0).
const MOST_WORK: usize = 50_000_000;

/// No goal cell (yet) for a kind.
const NONE: u32 = u32::MAX;

/// Each tile's distance on `board` from its cell in `a` to the nearest
/// cell holding its token in `b`, summed; 0 (no bound known) where that
/// would take more than [`MOST_WORK`]. `a` reaches `b` (every token has
/// a goal cell in its part of the board). On boxes with distinct tiles
/// it takes a word a kind besides the arrangements (as the reach check
/// does), and one pass.
pub(crate) fn lower_bound(board: &Board, a: &[Token], b: &[Token]) -> u64 {
    let ids = TokenIds::new(b);
    let id = |t: Token| ids.id(t).expect("a token of b") as usize;
    // A goal cell of each kind, and whether any kind has two.
    let mut goal = vec![NONE; ids.len()];
    let (mut kinds, mut distinct) = (0usize, true);
    for (c, &t) in b.iter().enumerate().filter(|&(_, &t)| t != BLANK) {
        let g = &mut goal[id(t)];
        if *g == NONE {
            (*g, kinds) = (c as u32, kinds + 1);
        } else {
            distinct = false;
        }
    }
    if let Some(dims) = board.box_dims().filter(|_| distinct) {
        return (0..a.len())
            .filter(|&c| a[c] != BLANK)
            .map(|c| box_distance(dims, c, goal[id(a[c])] as usize))
            .sum();
    }
    let work = kinds.saturating_mul(board.cell_count() + 2 * board.edge_count());
    if work > MOST_WORK {
        return 0;
    }
    // Each cell's kind (NONE for a blank).
    let kind_of = |tokens: &[Token]| -> Vec<u32> {
        let kind = |t: Token| if t == BLANK { NONE } else { id(t) as u32 };
        tokens.iter().map(|&t| kind(t)).collect()
    };
    let (starts, goals) = (kind_of(a), kind_of(b));
    let mut distance = vec![u32::MAX; board.cell_count()];
    let mut queue = VecDeque::new();
    let mut sum = 0;
    for kind in (0..goal.len() as u32).filter(|&k| goal[k as usize] != NONE) {
        distance.fill(u32::MAX);
        for g in (0..goals.len()).filter(|&g| goals[g] == kind) {
            distance[g] = 0;
            queue.push_back(g);
        }
        while let Some(c) = queue.pop_front() {
            for &d in board.neighbours(c as Cell) {
                if distance[d as usize] == u32::MAX {
                    distance[d as usize] = distance[c] + 1;
                    queue.push_back(d as usize);
                }
            }
        }
        sum += (0..starts.len())
            .filter(|&c| starts[c] == kind)
            .map(|c| u64::from(distance[c]))
            .sum::<u64>();
    }
    sum
}

/// The Manhattan distance between cells `c` and `d` of a box with sides
/// `dims` (the last the fastest).
fn box_distance(dims: &[usize], mut c: usize, mut d: usize) -> u64 {
    let mut sum = 0;
    for &side in dims.iter().rev() {
        sum += (c % side).abs_diff(d % side) as u64;
        (c, d) = (c / side, d / side);
    }
    sum
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arrangement::Arrangement;
    use crate::generate::Generator;
    use crate::solve::search::bfs;

    /// On every board family, the bound is at most the shortest length
    /// (breadth-first search), equals it where each tile has one step to
    /// go, and boxes by coordinates agree with the searches on the same
    /// board written as a graph.
    #[test]
    fn below_the_shortest_and_the_same_either_way() {
        let boards = [
            ("3x3", vec![1, 2, 3, 4, 5, 6, 7, 8, 0]),
            ("2x2x2", vec![1, 2, 3, 4, 5, 6, 7, 0]),
            ("2x4", vec![1, 1, 2, 2, 3, 3, 0, 0]),
            ("mask:###/#.#/###", vec![1, 2, 3, 4, 5, 6, 7, 0]),
            (
                "graph:7:0-1,1-2,2-0,2-3,3-4,4-5,5-6",
                vec![1, 2, 3, 4, 0, 5, 0],
            ),
        ];
        for (spec, goal) in boards {
            let board: Board = spec.parse().unwrap();
            let edges: Vec<(Cell, Cell)> = board.edges().collect();
            let graph = Board::graph(board.cell_count(), &edges).unwrap();
            let b = Arrangement::new(goal);
            for seed in 0..20 {
                let a = Generator::new(seed).reachable(&board, &b).unwrap();
                let (a, b) = (a.tokens(), b.tokens());
                let bound = lower_bound(&board, a, b);
                let shortest = bfs::shortest(&board, a, b).unwrap().moves.len() as u64;
                assert!(bound <= shortest, "{spec}: {a:?}: {bound} > {shortest}");
                assert_eq!(bound, lower_bound(&graph, a, b), "{spec}: {a:?}");
                assert_eq!(bound == 0, a == b, "{spec}: {a:?}");
            }
        }
        // 1 2 3 / 4 5 6 / 7 0 8: one step.
        let board: Board = "3x3".parse().unwrap();
        let a = [1, 2, 3, 4, 5, 6, 7, 0, 8];
        assert_eq!(lower_bound(&board, &a, &[1, 2, 3, 4, 5, 6, 7, 8, 0]), 1);
    }

    #[test]
    fn past_its_work_no_bound_is_given() {
        // A path of 20,000 cells with distinct tiles: 20,000 searches of
        // the whole board, past the work allowed.
        let n = 20_000;
        let edges: Vec<(Cell, Cell)> = (1..n as Cell).map(|c| (c - 1, c)).collect();
        let board = Board::graph(n, &edges).unwrap();
        let b: Vec<Token> = (1..n as Token).chain([0]).collect();
        let mut a = b.clone();
        a.swap(n - 1, n - 2);
        assert_eq!(lower_bound(&board, &a, &b), 0);
        // The same tokens on a 100×200 box: by coordinates.
        let board: Board = "100x200".parse().unwrap();
        assert_eq!(lower_bound(&board, &a, &b), 1);
    }
}
