//! Shortest solutions with several blanks on small boards of any shape
//! (rectangles, masks such as the Eleven Puzzle's diamond, graphs): IDA*
//! (Korf 1985) scored by each tile's distance, in moves of the board, to
//! the nearest goal cell of its kind (on a rectangle, the Manhattan
//! distance). A move shifts one tile one step, so the sum falls by at
//! most one a move: the bound is admissible and consistent.
//!
//! With several blanks, moves far apart commute and a plain search would
//! meet the same arrangement by every order of them; two moves in a row
//! that touch no common cell are taken only in one order (by the cell
//! filled), which keeps a shortest solution of every length (any
//! sequence can be sorted so by swapping such neighbours). A move is
//! never followed by its undo.

use std::collections::VecDeque;

use crate::arrangement::Token;
use crate::board::{Board, Cell};
use crate::moves::Move;
use crate::solve::Found;
use crate::solve::search::bfs::dense_ids;

struct Search {
    neighbours: Vec<Vec<usize>>,
    /// `near[c][k]`: distance from cell `c` to the nearest goal cell of
    /// kind `k`.
    near: Vec<Vec<u32>>,
    tiles: Vec<u8>,
    goal: Vec<u8>,
    path: Vec<Move>,
    nodes: u64,
}

/// The most cells a board may have for this search: its heuristic is
/// weak, so bigger boards would take too long.
pub(crate) const MAX_CELLS_SEARCHED: usize = 64;

/// A shortest move sequence from `from` to `to` (reachable) on `board`.
pub(crate) fn shortest(board: &Board, from: &[Token], to: &[Token]) -> Found {
    let (tiles, goal, kinds) = dense_ids(from, to);
    let (neighbours, near) = distances_to_goals(board, &goal, kinds);
    let mut search = Search {
        neighbours,
        near,
        tiles,
        goal,
        path: Vec::new(),
        nodes: 0,
    };
    let mut bound = search.h();
    loop {
        match search.dfs(0, bound, None) {
            None => {
                return Found {
                    moves: search.path,
                    optimal: true,
                    nodes: search.nodes,
                };
            }
            Some(next) => bound = next,
        }
    }
}

/// Each cell's neighbours, and `near[c][k]`: the distance in moves of
/// `board` from cell `c` to the nearest cell of `goal` (dense ids, see
/// [`dense_ids`]) that holds kind `k` (`kinds` kinds besides the blank),
/// found breadth first from every goal cell. The estimate of
/// arrangements with several blanks: here, and in `beam_any`.
pub(crate) fn distances_to_goals(
    board: &Board,
    goal: &[u8],
    kinds: usize,
) -> (Vec<Vec<usize>>, Vec<Vec<u32>>) {
    let n = board.cell_count();
    let neighbours: Vec<Vec<usize>> = (0..n)
        .map(|c| {
            board
                .neighbours(c as Cell)
                .iter()
                .map(|&d| d as usize)
                .collect()
        })
        .collect();
    let mut near = vec![vec![u32::MAX; kinds + 1]; n];
    let mut distance = vec![u32::MAX; n];
    for (g, &k) in goal.iter().enumerate() {
        distance.fill(u32::MAX);
        distance[g] = 0;
        let mut queue = VecDeque::from([g]);
        while let Some(c) = queue.pop_front() {
            for &d in &neighbours[c] {
                if distance[d] == u32::MAX {
                    distance[d] = distance[c] + 1;
                    queue.push_back(d);
                }
            }
        }
        for (row, &d) in near.iter_mut().zip(&distance) {
            row[k as usize] = row[k as usize].min(d);
        }
    }
    (neighbours, near)
}

/// Each tile's distance to the nearest goal cell of its kind, summed, with
/// `near` from [`distances_to_goals`]: a lower bound of the moves left (a
/// move takes one tile one step). Here, and in `beam_any`.
pub(crate) fn distance_sum(tokens: &[u8], near: &[Vec<u32>]) -> u32 {
    tokens
        .iter()
        .zip(near)
        .filter(|&(&t, _)| t != 0)
        .map(|(&t, row)| row[usize::from(t)])
        .fold(0, u32::saturating_add)
}

impl Search {
    fn h(&self) -> u32 {
        distance_sum(&self.tiles, &self.near)
    }

    /// Searches below the current path with `g` moves made; `None` when
    /// the goal was found (the path is the solution), else the least
    /// bound above `bound` met.
    fn dfs(&mut self, g: u32, bound: u32, last: Option<Move>) -> Option<u32> {
        let h = self.h();
        if g + h > bound {
            return Some(g + h);
        }
        if h == 0 && self.tiles == self.goal {
            return None;
        }
        self.nodes += 1;
        let mut next = u32::MAX;
        for b in 0..self.tiles.len() {
            if self.tiles[b] != 0 {
                continue;
            }
            for i in 0..self.neighbours[b].len() {
                let w = self.neighbours[b][i];
                if self.tiles[w] == 0 {
                    continue;
                }
                let m = Move {
                    from: w as Cell,
                    to: b as Cell,
                };
                if let Some(l) = last {
                    let apart =
                        ![l.from, l.to].contains(&m.from) && ![l.from, l.to].contains(&m.to);
                    if m == l.undo() || (apart && m.to < l.to) {
                        continue;
                    }
                }
                self.tiles.swap(w, b);
                self.path.push(m);
                match self.dfs(g + 1, bound, Some(m)) {
                    None => return None,
                    Some(t) => next = next.min(t),
                }
                self.path.pop();
                self.tiles.swap(w, b);
            }
        }
        Some(next)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::moves::replay;
    use crate::solve::search::bfs;

    #[test]
    fn as_short_as_breadth_first_search() {
        let board = Board::new_box(&[3, 3]).unwrap();
        for (a, b) in [
            ([0, 7, 6, 5, 4, 3, 2, 0, 1], [1, 2, 3, 4, 5, 6, 7, 0, 0]),
            ([1, 1, 2, 0, 2, 0, 3, 3, 0], [0, 3, 3, 2, 0, 2, 1, 1, 0]),
        ] {
            let found = shortest(&board, &a, &b);
            replay(&board, &a, &b, &found.moves).unwrap();
            assert_eq!(
                found.moves.len(),
                bfs::shortest(&board, &a, &b).unwrap().moves.len()
            );
        }
    }

    #[test]
    fn masks_and_graphs_are_searched_too() {
        // The Eleven Puzzle's diamond: two blanks, 13 cells.
        let board: Board = "mask:..#../.###./#####/.###./..#..".parse().unwrap();
        let a = [2, 1, 0, 3, 4, 5, 6, 7, 8, 9, 0, 11, 10];
        let b = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0];
        let found = shortest(&board, &a, &b);
        replay(&board, &a, &b, &found.moves).unwrap();
        assert_eq!(found.moves.len(), 2);
        // A ring of six with a chord, against breadth-first search.
        let ring: Board = "graph:6:0-1,1-2,2-3,3-4,4-5,5-0,0-3".parse().unwrap();
        let (a, b) = ([0, 1, 2, 0, 3, 4], [4, 0, 3, 2, 0, 1]);
        let found = shortest(&ring, &a, &b);
        replay(&ring, &a, &b, &found.moves).unwrap();
        assert_eq!(
            found.moves.len(),
            bfs::shortest(&ring, &a, &b).unwrap().moves.len()
        );
    }
}
