//! Shortest solutions in multi-tile moves by breadth-first search, on
//! 2-D boards (boxes and masks) with one blank whose state space is
//! small (see `bfs`). A multi-tile move slides one or more tiles of the
//! blank's row or column toward it together: the blank goes straight on
//! one cell or more. Speedsolvers count moves this way; a shortest
//! answer in single-tile moves may need more of them (the 8-puzzle's
//! `8 2 0/4 6 1/3 7 5`: 24 single-tile moves that are 20 multi-tile
//! ones, where 18 multi-tile moves do).

use std::collections::HashMap;
use std::collections::VecDeque;
use std::collections::hash_map::Entry;

use crate::arrangement::Token;
use crate::board::{Board, Cell};
use crate::moves::Move;
use crate::solve::Found;

use super::bfs::{blank_of, dense_ids, pack};

/// The four straight directions as (row, column) steps.
const STEPS: [(isize, isize); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];

/// For each cell and each of [`STEPS`], the neighbour straight on that
/// way, if there is one. `None` when the board is not 2-D.
fn straight_on(board: &Board) -> Option<Vec<[Option<Cell>; 4]>> {
    (0..board.cell_count() as Cell)
        .map(|c| {
            let (row, col) = board.row_col(c)?;
            let mut next = [None; 4];
            for &w in board.neighbours(c) {
                let (r, k) = board.row_col(w)?;
                let step = (r as isize - row as isize, k as isize - col as isize);
                if let Some(d) = STEPS.iter().position(|&s| s == step) {
                    next[d] = Some(w);
                }
            }
            Some(next)
        })
        .collect()
}

/// The blank's steps going straight from `from` the `way` of [`STEPS`]
/// to the board's edge: each step's cell and the next one. Every prefix
/// is one multi-tile move.
fn line(
    straight: &[[Option<Cell>; 4]],
    from: usize,
    way: usize,
) -> impl Iterator<Item = (usize, usize)> + '_ {
    let mut at = from;
    std::iter::from_fn(move || {
        let next = straight[at][way]? as usize;
        let step = (at, next);
        at = next;
        Some(step)
    })
}

/// A sequence from `from` to `to` (both checked, with the same tokens and
/// one blank) with the fewest multi-tile moves, as single-tile moves;
/// `None` when `to` is unreachable or the board is not 2-D.
pub(crate) fn shortest(board: &Board, from: &[Token], to: &[Token]) -> Option<Found> {
    let straight = straight_on(board)?;
    let n = board.cell_count();
    let (from_ids, to_ids, _) = dense_ids(from, to);
    let (start, goal) = (pack(&from_ids), pack(&to_ids));
    // Each state seen, with the state it was first reached from.
    let mut parent: HashMap<u64, u64> = HashMap::from([(start, start)]);
    let mut queue = VecDeque::from([start]);
    let mut nodes = 0u64;
    while let Some(code) = queue.pop_front() {
        if code == goal {
            break;
        }
        nodes += 1;
        let blank = blank_of(code, n);
        for way in 0..STEPS.len() {
            // The blank goes on straight, one cell more each time: each
            // stop is one multi-tile move from `code`.
            let mut next = code;
            for (at, w) in line(&straight, blank, way) {
                let token = (next >> (4 * w)) & 15;
                next = (next & !(15 << (4 * w))) | (token << (4 * at));
                if let Entry::Vacant(slot) = parent.entry(next) {
                    slot.insert(code);
                    queue.push_back(next);
                }
            }
        }
    }
    parent.contains_key(&goal).then(|| Found {
        moves: moves_along(&parent, &straight, n, start, goal),
        optimal: true,
        nodes,
    })
}

/// The single-tile moves from `start` to `end` along the search's
/// `parent` links: each link, the blank going straight from its cell in
/// the one state to its cell in the other.
fn moves_along(
    parent: &HashMap<u64, u64>,
    straight: &[[Option<Cell>; 4]],
    cells: usize,
    start: u64,
    end: u64,
) -> Vec<Move> {
    let mut links = Vec::new();
    let mut code = end;
    while code != start {
        let prev = parent[&code];
        links.push((blank_of(prev, cells), blank_of(code, cells)));
        code = prev;
    }
    let mut moves = Vec::new();
    for (from, to) in links.into_iter().rev() {
        let way = (0..STEPS.len())
            .find(|&way| line(straight, from, way).any(|(_, next)| next == to))
            .expect("a multi-tile move goes straight");
        let steps = line(straight, from, way).take_while(|&(at, _)| at != to);
        moves.extend(steps.map(|(at, next)| Move {
            from: next as Cell,
            to: at as Cell,
        }));
    }
    moves
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::{multi_tile_moves, replay};

    /// Every arrangement's fewest multi-tile moves to `goal`, by a
    /// breadth-first search of its own over token vectors (not codes).
    fn distances(board: &Board, goal: &[Token]) -> HashMap<Vec<Token>, u32> {
        let straight = straight_on(board).unwrap();
        let mut dist = HashMap::from([(goal.to_vec(), 0)]);
        let mut queue = VecDeque::from([goal.to_vec()]);
        while let Some(state) = queue.pop_front() {
            let d = dist[&state];
            let blank = state.iter().position(|&t| t == 0).unwrap();
            for way in 0..STEPS.len() {
                let mut next = state.clone();
                for (at, w) in line(&straight, blank, way) {
                    next.swap(at, w);
                    if !dist.contains_key(&next) {
                        dist.insert(next.clone(), d + 1);
                        queue.push_back(next.clone());
                    }
                }
            }
        }
        dist
    }

    fn check_board(spec: &str, most: u32, samples: usize) {
        let board: Board = spec.parse().unwrap();
        let n = board.cell_count();
        let goal: Vec<Token> = (1..n as Token).chain([0]).collect();
        let dist = distances(&board, &goal);
        assert_eq!(dist.len(), (1..=n).product::<usize>() / 2, "{spec}");
        assert_eq!(dist.values().max(), Some(&most), "{spec}");
        // The farthest arrangements, and others spread over the space.
        let mut states: Vec<_> = dist
            .iter()
            .filter(|&(_, &d)| d == most)
            .take(samples)
            .collect();
        states.extend(dist.iter().step_by(dist.len() / samples).take(samples));
        for (state, &d) in states {
            let found = shortest(&board, state, &goal).unwrap();
            replay(&board, state, &goal, &found.moves).unwrap();
            assert_eq!(
                multi_tile_moves(&board, &found.moves),
                Some(u64::from(d)),
                "{spec}"
            );
        }
    }

    #[test]
    fn the_8_puzzle_takes_at_most_24_multi_tile_moves() {
        check_board("3x3", 24, 40);
    }

    #[test]
    fn two_by_four_matches_its_own_breadth_first_search() {
        check_board("2x4", 25, 40);
    }

    #[test]
    fn fewer_multi_tile_moves_than_the_single_tile_shortest() {
        let board: Board = "3x3".parse().unwrap();
        let from = [8, 2, 0, 4, 6, 1, 3, 7, 5];
        let to = [1, 2, 3, 4, 5, 6, 7, 8, 0];
        let found = shortest(&board, &from, &to).unwrap();
        replay(&board, &from, &to, &found.moves).unwrap();
        let single = super::super::bfs::shortest(&board, &from, &to).unwrap();
        let (multi, of_single) = (
            multi_tile_moves(&board, &found.moves).unwrap(),
            multi_tile_moves(&board, &single.moves).unwrap(),
        );
        assert!(multi < of_single, "{multi} against {of_single}");
        assert!(found.moves.len() >= single.moves.len());
    }

    #[test]
    fn a_board_that_is_not_2d_has_no_multi_tile_moves() {
        let board: Board = "2x2x2".parse().unwrap();
        let a: Vec<Token> = (1..8).chain([0]).collect();
        assert!(shortest(&board, &a, &a).is_none());
    }
}
