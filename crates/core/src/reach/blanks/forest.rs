//! One depth-first search over every connected part of a board at once:
//! a spanning tree of each part (parents, preorder, subtree sizes) and
//! which tree edges are bridges. Every question the several-blanks
//! decision asks of the board's shape is answered from these arrays:
//! bridges separate the corridors from the junctions, and the subtree
//! sizes give, for any bridge, how many cells and how many blanks lie on
//! each side of it, in O(1) after one O(N) pass per arrangement.
//!
//! Iterative, O(N + E), so boards of millions of cells do not overflow
//! the stack.

use std::ops::Range;

use crate::arrangement::{BLANK, Token};
use crate::board::{Board, Cell};

/// No cell: the parent of a tree's root.
pub(super) const NONE: u32 = u32::MAX;

/// The spanning forest of a board.
pub(super) struct Forest {
    /// The connected part each cell belongs to, numbered from 0.
    pub part: Vec<u32>,
    /// Each cell's parent on its part's tree ([`NONE`] for a root).
    pub parent: Vec<u32>,
    /// The cells in preorder, each part's cells together.
    pub order: Vec<Cell>,
    /// Each part's cells, as a range of [`order`](Self::order).
    pub parts: Vec<Range<usize>>,
    /// The number of cells in each cell's subtree (the cell included).
    pub size: Vec<u32>,
    /// Whether the edge from a cell up to its parent is a bridge.
    pub bridge_up: Vec<bool>,
}

impl Forest {
    /// Searches the whole board.
    pub(super) fn new(board: &Board) -> Self {
        let n = board.cell_count();
        let mut forest = Self {
            part: vec![NONE; n],
            parent: vec![NONE; n],
            order: Vec::with_capacity(n),
            parts: Vec::new(),
            size: vec![1; n],
            bridge_up: vec![false; n],
        };
        // Preorder number of each cell and the lowest one reachable from
        // its subtree by one edge that is not its tree edge up.
        let mut disc = vec![NONE; n];
        let mut low = vec![NONE; n];
        let mut frames: Vec<(Cell, usize)> = Vec::new();
        for root in 0..n as Cell {
            if disc[root as usize] != NONE {
                continue;
            }
            let start = forest.order.len();
            let part = forest.parts.len() as u32;
            forest.enter(root, part, &mut disc, &mut low);
            frames.push((root, 0));
            while let Some(frame) = frames.last_mut() {
                let v = frame.0;
                let list = board.neighbours(v);
                if let Some(&w) = list.get(frame.1) {
                    frame.1 += 1;
                    let (vi, wi) = (v as usize, w as usize);
                    if disc[wi] == NONE {
                        forest.parent[wi] = v;
                        forest.enter(w, part, &mut disc, &mut low);
                        frames.push((w, 0));
                    } else if w != forest.parent[vi] {
                        low[vi] = low[vi].min(disc[wi]);
                    }
                    continue;
                }
                frames.pop();
                let p = forest.parent[v as usize];
                if p != NONE {
                    let (vi, pi) = (v as usize, p as usize);
                    low[pi] = low[pi].min(low[vi]);
                    forest.bridge_up[vi] = low[vi] > disc[pi];
                    forest.size[pi] += forest.size[vi];
                }
            }
            forest.parts.push(start..forest.order.len());
        }
        forest
    }

    fn enter(&mut self, v: Cell, part: u32, disc: &mut [u32], low: &mut [u32]) {
        let time = self.order.len() as u32;
        disc[v as usize] = time;
        low[v as usize] = time;
        self.part[v as usize] = part;
        self.order.push(v);
    }

    /// Whether the edge `u`-`v` (an edge of the board) is a bridge.
    pub(super) fn is_bridge(&self, u: Cell, v: Cell) -> bool {
        if self.parent[v as usize] == u {
            self.bridge_up[v as usize]
        } else {
            self.parent[u as usize] == v && self.bridge_up[u as usize]
        }
    }

    /// The number of cells of a part.
    pub(super) fn part_len(&self, part: u32) -> usize {
        self.parts[part as usize].len()
    }

    /// The number of cells on `u`'s side of the bridge `u`-`v`.
    pub(super) fn side(&self, u: Cell, v: Cell) -> usize {
        self.side_of(u, v, &self.size, self.part_len(self.part[u as usize]))
    }

    /// What `per_subtree` counts on `u`'s side of the bridge `u`-`v`,
    /// `total` being its count over the whole part.
    pub(super) fn side_of(&self, u: Cell, v: Cell, per_subtree: &[u32], total: usize) -> usize {
        if self.parent[v as usize] == u {
            total - per_subtree[v as usize] as usize
        } else {
            per_subtree[u as usize] as usize
        }
    }

    /// The number of blanks of `tokens` in each cell's subtree.
    pub(super) fn blanks_below(&self, tokens: &[Token]) -> Vec<u32> {
        let mut below: Vec<u32> = tokens.iter().map(|&t| u32::from(t == BLANK)).collect();
        for &v in self.order.iter().rev() {
            let p = self.parent[v as usize];
            if p != NONE {
                below[p as usize] += below[v as usize];
            }
        }
        below
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bridges_sides_and_parts() {
        // A triangle 0-1-2, a tail 2-3-4, and a separate edge 5-6.
        let board = Board::graph(7, &[(0, 1), (1, 2), (2, 0), (2, 3), (3, 4), (5, 6)]).unwrap();
        let f = Forest::new(&board);
        assert_eq!(f.parts.len(), 2);
        assert_eq!(f.part_len(0), 5);
        assert!(!f.is_bridge(0, 1) && !f.is_bridge(2, 0));
        assert!(f.is_bridge(2, 3) && f.is_bridge(4, 3) && f.is_bridge(5, 6));
        assert_eq!(f.side(2, 3), 3);
        assert_eq!(f.side(3, 2), 2);
        assert_eq!(f.side(4, 3), 1);
        let below = f.blanks_below(&[0, 1, 2, 0, 3, 0, 4]);
        assert_eq!(f.side_of(3, 2, &below, 2), 1);
        assert_eq!(f.side_of(2, 3, &below, 2), 1);
    }
}
