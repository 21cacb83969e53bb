//! An arrangement being solved, with the moves made so far, and the two
//! moves of tokens without names that the planner is built from: clear a
//! cell by carrying the nearest blank to it, and carry a blank along a
//! path without changing which cells between are blank.

use std::collections::VecDeque;

use crate::arrangement::{BLANK, Token};
use crate::board::{Board, Cell};
use crate::moves::Move;
use crate::solve::construct::budget;

/// Tokens on cells and the moves that led there.
#[derive(Clone)]
pub(super) struct Work<'b> {
    pub board: &'b Board,
    pub tokens: Vec<Token>,
    pub moves: Vec<Move>,
}

impl<'b> Work<'b> {
    pub(super) fn new(board: &'b Board, tokens: &[Token]) -> Self {
        Work {
            board,
            tokens: tokens.to_vec(),
            moves: Vec::new(),
        }
    }

    fn blank(&self, c: Cell) -> bool {
        self.tokens[c as usize] == BLANK
    }

    /// Slides the token on `from` into the blank on `to`.
    pub(super) fn slide(&mut self, from: Cell, to: Cell) {
        debug_assert!(self.blank(to) && !self.blank(from));
        debug_assert!(self.board.adjacent(from, to));
        self.tokens.swap(from as usize, to as usize);
        self.moves.push(Move { from, to });
        budget::spend(1);
    }

    /// Along `path` (neighbours in turn, the first cell blank, the last a
    /// token): the last cell becomes blank and the first holds a token;
    /// every cell between is blank or not as before. Each token moves at
    /// most one step.
    pub(super) fn carry(&mut self, path: &[Cell]) {
        let mut end = path.len() - 1;
        while end > 0 {
            let j = (0..end)
                .rev()
                .find(|&i| self.blank(path[i]))
                .expect("the path starts on a blank");
            for i in j + 1..=end {
                self.slide(path[i], path[i - 1]);
            }
            end = j;
        }
    }

    /// Breadth-first search from `from` through cells where `allowed`
    /// holds: the parent of each cell reached.
    pub(super) fn search(&self, from: Cell, allowed: impl Fn(Cell) -> bool) -> Vec<u32> {
        let mut parent = vec![u32::MAX; self.tokens.len()];
        parent[from as usize] = from;
        let mut queue = VecDeque::from([from]);
        while let Some(v) = queue.pop_front() {
            for &w in self.board.neighbours(v) {
                if parent[w as usize] == u32::MAX && allowed(w) {
                    parent[w as usize] = v;
                    queue.push_back(w);
                }
            }
        }
        parent
    }

    /// Makes `q` blank by carrying the blank nearest to it through cells
    /// where `allowed` holds; false when none is reachable.
    pub(super) fn clear(&mut self, q: Cell, allowed: impl Fn(Cell) -> bool) -> bool {
        if self.blank(q) {
            return true;
        }
        let parent = self.search(q, allowed);
        let Some(x) = self.nearest(q, &parent, |c| self.blank(c)) else {
            return false;
        };
        let path = walk_up(&parent, x);
        self.carry(&path);
        true
    }

    /// The cell nearest to `root` (by the search that gave `parent`)
    /// where `wanted` holds, `root` excluded.
    pub(super) fn nearest(
        &self,
        root: Cell,
        parent: &[u32],
        wanted: impl Fn(Cell) -> bool,
    ) -> Option<Cell> {
        // Cells in the order the search met them: by distance.
        let mut queue = VecDeque::from([root]);
        let mut seen = vec![false; parent.len()];
        seen[root as usize] = true;
        while let Some(v) = queue.pop_front() {
            if v != root && wanted(v) {
                return Some(v);
            }
            for &w in self.board.neighbours(v) {
                if !seen[w as usize] && parent[w as usize] == v {
                    seen[w as usize] = true;
                    queue.push_back(w);
                }
            }
        }
        None
    }
}

/// The path from `x` up the search tree `parent` to its root.
pub(super) fn walk_up(parent: &[u32], x: Cell) -> Vec<Cell> {
    let mut path = vec![x];
    let mut c = x;
    while parent[c as usize] != c {
        c = parent[c as usize];
        path.push(c);
    }
    path
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn carrying_keeps_the_blanks_between() {
        let board = Board::graph(6, &[(0, 1), (1, 2), (2, 3), (3, 4), (4, 5)]).unwrap();
        let mut w = Work::new(&board, &[0, 1, 0, 2, 3, 4]);
        w.carry(&[0, 1, 2, 3, 4, 5]);
        assert_eq!(w.tokens, vec![1, 2, 0, 3, 4, 0]);
        let mut w = Work::new(&board, &[1, 2, 3, 0, 4, 5]);
        assert!(w.clear(0, |_| true));
        assert_eq!(w.tokens, vec![0, 1, 2, 3, 4, 5]);
        assert_eq!(w.moves.len(), 3);
    }
}
