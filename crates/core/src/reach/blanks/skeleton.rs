//! The shape of a board as the several-blanks decision sees it:
//! junctions and corridors.
//!
//! A *junction* cell has three or more neighbours or lies on a cycle
//! (an edge that is not a bridge); the junction cells joined by edges of
//! cycles form *regions* (a block, two blocks sharing a cell, a lone
//! branching cell). Every other cell has at most two neighbours and only
//! bridges, so it lies on a *corridor*: a path `c0 - c1 - … - cL` of
//! bridges from a junction cell `c0` to another junction cell or to a
//! dead end `cL`, its inner cells off the junctions. A dead-end corridor
//! is a *tail*. A single bridge between two junction cells is a corridor
//! of one edge.

use std::collections::HashMap;
use std::ops::Range;

use super::forest::Forest;
use crate::board::{Board, Cell};

/// One corridor: its cells from `c0` to `cL` and the number of cells on
/// each side of it.
#[derive(Clone, Debug)]
pub(super) struct Corridor {
    /// Its cells, as a range of [`Skeleton::corridor_cells`].
    pub cells: Range<usize>,
    /// Cells on `c0`'s side of the bridge `c0`-`c1`, `c0` included.
    pub a: usize,
    /// Cells on `cL`'s side of the bridge `c(L-1)`-`cL`, `cL` included.
    pub b: usize,
    /// Whether `cL` is a dead end (the corridor is a tail).
    pub tail: bool,
}

/// Junctions, regions and corridors of a whole board.
pub(super) struct Skeleton {
    /// Whether each cell is a junction cell.
    pub junction: Vec<bool>,
    /// Union-find over cells: junction cells of one region share a root
    /// (and so do regions merged across corridors, see `classes`).
    region: Vec<u32>,
    /// All corridors.
    pub corridors: Vec<Corridor>,
    /// The corridors' cells, one after the other.
    pub corridor_cells: Vec<Cell>,
    /// For a cell off the junctions: its corridor and its index on it.
    pub on: Vec<(u32, u32)>,
    /// Corridors of one edge, by their two cells (smaller first).
    short: HashMap<(Cell, Cell), u32>,
}

const OFF: (u32, u32) = (u32::MAX, u32::MAX);

impl Skeleton {
    /// Finds the junctions, regions and corridors of the parts of the
    /// board for which `wanted` holds.
    pub(super) fn new(board: &Board, forest: &Forest, wanted: impl Fn(u32) -> bool) -> Self {
        let n = board.cell_count();
        let mut skeleton = Self {
            junction: vec![false; n],
            region: (0..n as u32).collect(),
            corridors: Vec::new(),
            corridor_cells: Vec::new(),
            on: vec![OFF; n],
            short: HashMap::new(),
        };
        let cells = || {
            (0..forest.parts.len() as u32)
                .filter(|&p| wanted(p))
                .flat_map(|p| {
                    forest.order[forest.parts[p as usize].clone()]
                        .iter()
                        .copied()
                })
        };
        for v in cells() {
            let list = board.neighbours(v);
            skeleton.junction[v as usize] =
                list.len() >= 3 || list.iter().any(|&w| !forest.is_bridge(v, w));
        }
        for v in cells() {
            for &w in board.neighbours(v) {
                if v < w && !forest.is_bridge(v, w) {
                    skeleton.union(v, w);
                }
            }
        }
        for v in cells() {
            if skeleton.junction[v as usize] {
                for &w in board.neighbours(v) {
                    if forest.is_bridge(v, w) {
                        skeleton.trace(board, forest, v, w);
                    }
                }
            }
        }
        skeleton
    }

    /// Records the corridor leaving junction cell `c0` towards `c1`,
    /// unless it was recorded from its other end.
    fn trace(&mut self, board: &Board, forest: &Forest, c0: Cell, c1: Cell) {
        let id = self.corridors.len() as u32;
        if self.junction[c1 as usize] {
            if c0 > c1 {
                return;
            }
            self.short.insert((c0, c1), id);
        } else if self.on[c1 as usize] != OFF {
            return;
        }
        let start = self.corridor_cells.len();
        self.corridor_cells.push(c0);
        let (mut prev, mut cur) = (c0, c1);
        loop {
            let index = (self.corridor_cells.len() - start) as u32;
            self.corridor_cells.push(cur);
            if self.junction[cur as usize] {
                break;
            }
            self.on[cur as usize] = (id, index);
            match board.neighbours(cur).iter().find(|&&w| w != prev) {
                Some(&next) => (prev, cur) = (cur, next),
                None => break,
            }
        }
        let cells = start..self.corridor_cells.len();
        let last = self.corridor_cells[cells.end - 1];
        let before = self.corridor_cells[cells.end - 2];
        self.corridors.push(Corridor {
            a: forest.side(c0, c1),
            b: forest.side(last, before),
            tail: !self.junction[last as usize],
            cells,
        });
    }

    /// The cells of corridor `id`, from `c0` to `cL`.
    pub(super) fn cells_of(&self, id: u32) -> &[Cell] {
        &self.corridor_cells[self.corridors[id as usize].cells.clone()]
    }

    /// The corridor that leaves junction cell `v` by the bridge to `w`.
    pub(super) fn corridor_from(&self, v: Cell, w: Cell) -> u32 {
        if self.junction[w as usize] {
            self.short[&(v.min(w), v.max(w))]
        } else {
            self.on[w as usize].0
        }
    }

    /// The root of the region (or merged regions) of junction cell `v`.
    pub(super) fn find(&mut self, v: Cell) -> Cell {
        let mut root = v;
        while self.region[root as usize] != root {
            root = self.region[root as usize];
        }
        let mut c = v;
        while self.region[c as usize] != root {
            let next = self.region[c as usize];
            self.region[c as usize] = root;
            c = next;
        }
        root
    }

    /// Merges the regions of junction cells `u` and `v`.
    pub(super) fn union(&mut self, u: Cell, v: Cell) {
        let (ru, rv) = (self.find(u), self.find(v));
        if ru != rv {
            self.region[ru.max(rv) as usize] = ru.min(rv);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_triangles_a_corridor_and_a_tail() {
        // Triangles 0-1-2 and 5-6-7, corridor 2-3-4-5, tail 7-8.
        let board = Board::graph(
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
        )
        .unwrap();
        let forest = Forest::new(&board);
        let mut s = Skeleton::new(&board, &forest, |_| true);
        assert_eq!(s.corridors.len(), 2);
        let middle = s.corridor_from(2, 3);
        assert_eq!(s.cells_of(middle), &[2, 3, 4, 5]);
        assert_eq!(s.corridor_from(5, 4), middle);
        let c = &s.corridors[middle as usize];
        assert_eq!((c.a, c.b, c.tail), (3, 4, false));
        let tail = s.corridor_from(7, 8);
        assert_eq!(s.cells_of(tail), &[7, 8]);
        assert!(s.corridors[tail as usize].tail);
        assert_eq!(s.on[3], (middle, 1));
        assert_eq!(s.find(1), s.find(2));
        assert_ne!(s.find(2), s.find(5));
    }
}
