//! One thread's depth-first search below a node, the inner loop of
//! every IDA* driver (the single search and the split search): the
//! bound checked incrementally, the children's lookups made together,
//! never a move that undoes the one before nor one that ends a redundant
//! move string (see `redundant`).

use std::sync::atomic::{AtomicUsize, Ordering};

use super::redundant::{RedundantMoves, START};
use crate::solve::search::rectangle::{Heuristic, SearchState};
use crate::stop::{NODE_CHUNK, Stop};

/// No cut: a search that goes as deep as its bound.
const NO_CUT: u32 = u32::MAX;

/// One thread's depth-first search below a node.
///
/// Above depth `from` every path is followed without a look at the
/// heuristic (the frontier of [`ida_star_until`]); from `from` on, nodes are
/// checked against the bound and counted when expanded. At depth `cut`
/// the search records the node as a leaf of a frontier and goes no
/// deeper.
pub(super) struct Dfs<'a> {
    pub(super) h: &'a Heuristic,
    /// The move strings not followed (see `redundant`), where the board
    /// has them.
    redundant: Option<&'a RedundantMoves>,
    /// The state of `redundant` at the root (`None`: the path to the root
    /// ends a redundant string, and the subtree is not searched).
    root_moves: Option<u32>,
    /// The search stops when this holds a number below `rank` (a
    /// solution found elsewhere).
    pub(super) found: &'a AtomicUsize,
    pub(super) rank: usize,
    /// The caller's flag and node budget (opt-in).
    pub(super) stop: Stop<'a>,
    pub(super) state: SearchState,
    /// Blank cells visited, root first.
    pub(super) path: Vec<u8>,
    pub(super) nodes: u64,
    pub(super) next_bound: u32,
    pub(super) from: u32,
    pub(super) cut: u32,
    /// Leaves at depth `cut`: their paths, and the nodes counted since
    /// the leaf before (in depth-first order).
    pub(super) leaves: Vec<(Vec<u8>, u64)>,
    pub(super) nodes_at_last_leaf: u64,
}

impl<'a> Dfs<'a> {
    /// A search of the subtree below `state`, reached by `path`.
    pub(super) fn new(
        (h, redundant): (&'a Heuristic, Option<&'a RedundantMoves>),
        found: &'a AtomicUsize,
        state: SearchState,
        path: Vec<u8>,
    ) -> Self {
        let root_moves = match redundant {
            Some(r) => r.walk(&path),
            None => Some(START),
        };
        Dfs {
            h,
            redundant,
            root_moves,
            found,
            rank: 1,
            stop: Stop::default(),
            state,
            path,
            nodes: 0,
            next_bound: u32::MAX,
            from: 0,
            cut: NO_CUT,
            leaves: Vec::new(),
            nodes_at_last_leaf: 0,
        }
    }

    /// Counts against the node budget the nodes expanded since the last
    /// whole chunk: every subtree's search ends with this.
    pub(super) fn charge_rest(&self) {
        if let Some(budget) = self.stop.nodes {
            budget.charge(self.nodes % NODE_CHUNK);
        }
    }

    fn leaf(&mut self) {
        self.leaves
            .push((self.path.clone(), self.nodes - self.nodes_at_last_leaf));
        self.nodes_at_last_leaf = self.nodes;
    }

    /// Searches for a goal within `bound` moves in all; `g` moves made
    /// (to the root), `previous` the blank's cell before the last.
    pub(super) fn search(&mut self, g: u32, bound: u32, previous: u8) -> bool {
        match self.root_moves {
            Some(moves) => self.search_below(g, bound, previous, moves),
            None => false,
        }
    }

    /// The automaton's state after the blank moves from `blank` to
    /// `from` in state `moves`; `None` when the move ends a redundant
    /// string.
    #[inline]
    fn moves_after(&self, moves: u32, blank: u8, from: u8) -> Option<u32> {
        match self.redundant {
            Some(r) => r.step(moves, blank, from),
            None => Some(moves),
        }
    }

    /// [`search`](Self::search) below a node whose path left the
    /// automaton in state `moves`.
    fn search_below(&mut self, g: u32, bound: u32, previous: u8, moves: u32) -> bool {
        if g < self.from {
            // The frontier: every path, unchecked and uncounted.
            if g == self.cut {
                self.leaf();
                return false;
            }
            let blank = self.state.blank;
            let h = self.h;
            for &from in &h.rect.neighbours[blank as usize] {
                if from == previous {
                    continue;
                }
                let Some(after) = self.moves_after(moves, blank, from) else {
                    continue;
                };
                let undo = self.state.apply(h, from, u32::MAX);
                self.path.push(from);
                if self.search_below(g + 1, bound, blank, after) {
                    return true;
                }
                self.path.pop();
                self.state.undo(h, &undo);
            }
            return false;
        }
        // The cheap bound first: most nodes are cut by it alone.
        let normal = self.state.h_normal(self.h);
        if g + normal > bound {
            self.next_bound = self.next_bound.min(g + normal);
            return false;
        }
        let h = self.state.h_within(self.h, bound - g);
        debug_assert!(
            {
                let whole = SearchState::new(self.h, &self.state.tiles).h(self.h);
                h <= whole && (g + h > bound) == (g + whole > bound)
            },
            "incremental h"
        );
        if g + h > bound {
            self.next_bound = self.next_bound.min(g + h);
            return false;
        }
        if g == self.cut {
            self.leaf();
            return false;
        }
        if h == 0 {
            // All tiles home (the heuristics are 0 only on the goal).
            return true;
        }
        if self.found.load(Ordering::Relaxed) < self.rank || self.stop.flagged() {
            return false;
        }
        self.nodes += 1;
        if self.nodes.is_multiple_of(NODE_CHUNK)
            && let Some(budget) = self.stop.nodes
            && !budget.charge(NODE_CHUNK)
        {
            return false;
        }
        let blank = self.state.blank;
        let h = self.h;
        let neighbours = &h.rect.neighbours[blank as usize];
        let ahead = if h.first.dbs.is_empty() {
            [u32::MAX; 4]
        } else {
            self.state.values_after(h, neighbours, previous, bound - g)
        };
        for (k, &from) in neighbours.iter().enumerate() {
            if from == previous {
                continue;
            }
            let Some(after) = self.moves_after(moves, blank, from) else {
                continue;
            };
            if !h.first.dbs.is_empty() {
                // The child's cheap bound, before the move is made.
                let child = g + 1 + self.state.normal_after(h, normal, from, ahead[k]);
                if child > bound {
                    self.next_bound = self.next_bound.min(child);
                    continue;
                }
            }
            let undo = self.state.apply(h, from, ahead[k]);
            self.path.push(from);
            if self.search_below(g + 1, bound, blank, after) {
                return true;
            }
            self.path.pop();
            self.state.undo(self.h, &undo);
        }
        false
    }
}

/// The blank's cell before the last move of `path` (`u8::MAX` at the
/// root): the one move that would undo it.
pub(super) fn previous_blank(path: &[u8]) -> u8 {
    match path.len() {
        0 | 1 => u8::MAX,
        k => path[k - 2],
    }
}
