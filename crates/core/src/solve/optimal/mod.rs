//! Shortest solutions on rectangles: IDA* with an admissible heuristic, any
//! start and any goal.
//!
//! Heuristics, all admissible and consistent: Manhattan distance plus
//! linear conflicts where no pattern database fits, additive disjoint
//! pattern databases otherwise (4×4: two 7-tile databases and the last
//! tile by Manhattan distance, or 7-8 on request; 5×5: Korf & Felner's
//! 6-6-6-6; each valued by the placement and the blank's region), looked up
//! also on the board reflected about its main diagonal when the goal
//! allows it (Felner, Korf & Hanan 2004). Tiles are relabelled by their
//! goal cells, so one database serves every goal with the blank on the
//! same cell.
//!
//! The search updates the heuristic incrementally (one pattern per move,
//! the lookups of a node's children made together so that their cache
//! misses overlap), allocates nothing per node, never undoes the previous
//! move, and splits each iteration over all cores from a frontier a few
//! moves deep.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering};

use rayon::prelude::*;

use crate::solve::pdb;
use crate::solve::{Found, Move};

/// The blank's mark in a relabelled state.
pub(crate) const BLANK_MARK: u8 = u8::MAX;
/// No pattern.
const NONE: u8 = u8::MAX;

/// A rectangle and its distance table.
#[derive(Clone, Debug)]
pub struct Rect {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    neighbours: Vec<Vec<u8>>,
}

impl Rect {
    /// A rectangle of `rows` × `cols` cells (at most 64).
    pub fn new(rows: usize, cols: usize) -> Rect {
        assert!((2..=64).contains(&(rows * cols)));
        Rect {
            rows,
            cols,
            neighbours: pdb::grid_neighbours(rows, cols),
        }
    }

    fn cells(&self) -> usize {
        self.rows * self.cols
    }

    fn distance(&self, a: u8, b: u8) -> u32 {
        let (a, b) = (a as usize, b as usize);
        ((a / self.cols).abs_diff(b / self.cols) + (a % self.cols).abs_diff(b % self.cols)) as u32
    }

    /// The cell mirrored about the main diagonal (square boards).
    fn transpose(&self, c: u8) -> u8 {
        let c = c as usize;
        ((c % self.cols) * self.cols + c / self.cols) as u8
    }
}

/// The shared state of one search.
struct Shared {
    /// Workers of a rank above this stop (`usize::MAX`: none do): a
    /// solution found sets it to 0, so that every worker stops.
    stop: AtomicUsize,
    next_bound: AtomicU32,
    nodes: AtomicU64,
}

/// The depth below which the single search
/// ([`Solver::solve`](crate::Solver::solve)) splits each iteration (when
/// the bound is deeper): every path of this many moves without an undo is
/// a subtree, searched on any core.
pub const FRONTIER: u32 = 6;

/// Limits on one search, looked at every [`LIMIT_CHUNK`] nodes a worker
/// expands: the nodes counted so far against the most allowed, and the
/// clock against a deadline. When either is passed, `reached` is set and
/// every worker stops at its next node.
#[derive(Debug)]
pub struct SearchLimit {
    max_nodes: u64,
    deadline: Option<std::time::Instant>,
    counted: AtomicU64,
    reached: AtomicBool,
}

/// Nodes a worker expands between two looks at a [`SearchLimit`].
const LIMIT_CHUNK: u64 = 1 << 14;

impl SearchLimit {
    /// At most `max_nodes` nodes (`None`: any number) and, when given,
    /// until `deadline`.
    pub(crate) fn new(max_nodes: Option<u64>, deadline: Option<std::time::Instant>) -> SearchLimit {
        SearchLimit {
            max_nodes: max_nodes.unwrap_or(u64::MAX),
            deadline,
            counted: AtomicU64::new(0),
            reached: AtomicBool::new(false),
        }
    }

    /// Counts `nodes` more; false (and the limit marked reached) when a
    /// limit is passed.
    fn charge(&self, nodes: u64) -> bool {
        let total = self.counted.fetch_add(nodes, Ordering::Relaxed) + nodes;
        let late = self
            .deadline
            .is_some_and(|d| std::time::Instant::now() >= d);
        if total > self.max_nodes || late {
            self.reached.store(true, Ordering::Relaxed);
        }
        !self.is_reached()
    }

    /// Nodes counted so far (in whole chunks).
    pub(crate) fn counted(&self) -> u64 {
        self.counted.load(Ordering::Relaxed)
    }

    /// Whether a limit was passed.
    pub(crate) fn is_reached(&self) -> bool {
        self.reached.load(Ordering::Relaxed)
    }
}

/// No cut: a search that goes as deep as its bound.
const NO_CUT: u32 = u32::MAX;

/// One thread's depth-first search below a node.
///
/// Above depth `from` every path is followed without a look at the
/// heuristic (the frontier of [`ida_star_until`]); from `from` on, nodes are
/// checked against the bound and counted when expanded. At depth `cut`
/// the search records the node as a leaf of a frontier and goes no
/// deeper.
struct Dfs<'a> {
    h: &'a Heuristic,
    /// The search stops when this holds a number below `rank`.
    stop: &'a AtomicUsize,
    rank: usize,
    /// Set by the caller to stop the search (opt-in).
    cancel: Option<&'a AtomicBool>,
    /// The solver's limits (opt-in).
    limit: Option<&'a SearchLimit>,
    state: SearchState,
    /// Blank cells visited, root first.
    path: Vec<u8>,
    nodes: u64,
    next_bound: u32,
    from: u32,
    cut: u32,
    /// Leaves at depth `cut`: their paths, and the nodes counted since
    /// the leaf before (in depth-first order).
    leaves: Vec<(Vec<u8>, u64)>,
    nodes_at_last_leaf: u64,
}

impl<'a> Dfs<'a> {
    /// A search of the subtree below `state`, reached by `path`.
    fn new(h: &'a Heuristic, stop: &'a AtomicUsize, state: SearchState, path: Vec<u8>) -> Dfs<'a> {
        Dfs {
            h,
            stop,
            rank: 1,
            cancel: None,
            limit: None,
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

    /// Counts against the limit the nodes expanded since the last whole
    /// chunk: every subtree's search ends with this.
    fn charge_rest(&self) {
        if let Some(limit) = self.limit {
            limit.charge(self.nodes % LIMIT_CHUNK);
        }
    }

    fn leaf(&mut self) {
        self.leaves
            .push((self.path.clone(), self.nodes - self.nodes_at_last_leaf));
        self.nodes_at_last_leaf = self.nodes;
    }

    /// Searches for a goal within `bound` moves in all; `g` moves made.
    fn search(&mut self, g: u32, bound: u32, previous: u8) -> bool {
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
                let undo = self.state.apply(h, from, u32::MAX);
                self.path.push(from);
                if self.search(g + 1, bound, blank) {
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
        let h = self.state.h(self.h);
        debug_assert_eq!(
            h,
            SearchState::new(self.h, &self.state.tiles).h(self.h),
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
        if self.stop.load(Ordering::Relaxed) < self.rank
            || self.cancel.is_some_and(|c| c.load(Ordering::Relaxed))
            || self.limit.is_some_and(SearchLimit::is_reached)
        {
            return false;
        }
        self.nodes += 1;
        if self.nodes.is_multiple_of(LIMIT_CHUNK)
            && let Some(limit) = self.limit
            && !limit.charge(LIMIT_CHUNK)
        {
            return false;
        }
        let blank = self.state.blank;
        let h = self.h;
        let neighbours = &h.rect.neighbours[blank as usize];
        let mut ahead = [u32::MAX; 4];
        if !h.dbs.is_empty() {
            for (k, &from) in neighbours.iter().enumerate() {
                if from != previous {
                    ahead[k] = self.state.value_after(h, from);
                }
            }
        }
        for (k, &from) in neighbours.iter().enumerate() {
            if from == previous {
                continue;
            }
            let undo = self.state.apply(h, from, ahead[k]);
            self.path.push(from);
            if self.search(g + 1, bound, blank) {
                return true;
            }
            self.path.pop();
            self.state.undo(self.h, &undo);
        }
        false
    }
}

/// A shortest move sequence from `tiles` (relabelled: goal cells, the
/// blank `BLANK_MARK`) to the goal (every tile on its cell, the blank on
/// `heuristic`'s blank goal cell), found by IDA* on all cores.
#[cfg(test)]
pub fn ida_star(heuristic: &Heuristic, tiles: &[u8]) -> Found {
    ida_star_until(heuristic, tiles, None).expect("not cancelled")
}

/// The moves along a path of blank cells.
pub(crate) fn path_moves(path: &[u8]) -> Vec<Move> {
    path.windows(2)
        .map(|w| Move {
            from: w[1] as u32,
            to: w[0] as u32,
        })
        .collect()
}

/// The parity of every solution's length from `tiles` (each move is a
/// transposition of the blank with a tile).
fn solution_parity(heuristic: &Heuristic, tiles: &[u8]) -> u32 {
    let blank_goal = heuristic.blank_goal;
    let permutation: Vec<u32> = tiles
        .iter()
        .map(|&t| {
            if t == BLANK_MARK {
                blank_goal as u32
            } else {
                t as u32
            }
        })
        .collect();
    crate::reach::permutation_parity(&permutation).expect("a permutation") as u32
}

/// IDA* (the search of [`Solver::solve`](crate::Solver::solve)), stopped when `cancel` is set (checked at every node):
/// `None` then.
///
/// Each iteration with a bound above [`FRONTIER`] moves is split into
/// the subtrees below every path of [`FRONTIER`] moves without an undo,
/// searched on all cores; nodes are counted when expanded, those of the
/// frontier itself not. Iterations with a bound of at most [`FRONTIER`]
/// are one plain search from the root, every expanded node counted. The
/// split searches of [`split`] count the same way.
#[cfg(test)]
pub fn ida_star_until(
    heuristic: &Heuristic,
    tiles: &[u8],
    cancel: Option<&AtomicBool>,
) -> Option<Found> {
    ida_star_logged(heuristic, tiles, cancel, None, &mut |_, _| {})
}

/// [`ida_star_until`] within `limit`, telling `log` each iteration's
/// bound and nodes. `None` when cancelled or the limit was reached.
pub(crate) fn ida_star_logged(
    heuristic: &Heuristic,
    tiles: &[u8],
    cancel: Option<&AtomicBool>,
    limit: Option<&SearchLimit>,
    log: &mut dyn FnMut(u32, u64),
) -> Option<Found> {
    let mut root = SearchState::new(heuristic, tiles);
    let shared = Shared {
        stop: AtomicUsize::new(usize::MAX),
        next_bound: AtomicU32::new(u32::MAX),
        nodes: AtomicU64::new(0),
    };
    let frontier = frontier_below(heuristic, &root);
    // Every solution has the parity of the permutation (each move is a
    // transposition), so bounds of the other parity are skipped.
    let parity = solution_parity(heuristic, tiles);
    let with_parity = |b: u32| if b % 2 == parity { b } else { b + 1 };
    let mut bound = with_parity(root.h(heuristic));
    let cancelled = || cancel.is_some_and(|c| c.load(Ordering::Relaxed));
    let subtree = |state: &SearchState, path: &[u8], bound: u32| {
        let mut dfs = Dfs::new(heuristic, &shared.stop, state.clone(), path.to_vec());
        dfs.cancel = cancel;
        dfs.limit = limit;
        let found = dfs.search(path.len() as u32 - 1, bound, previous_blank(path));
        shared.nodes.fetch_add(dfs.nodes, Ordering::Relaxed);
        dfs.charge_rest();
        shared
            .next_bound
            .fetch_min(dfs.next_bound, Ordering::Relaxed);
        found.then_some(dfs.path)
    };
    loop {
        shared.next_bound.store(u32::MAX, Ordering::Relaxed);
        let before = shared.nodes.load(Ordering::Relaxed);
        let solution = if bound <= FRONTIER {
            // Short solutions: one plain search from the root.
            subtree(&root, &[root.blank], bound)
        } else {
            frontier
                .par_iter()
                .filter_map(|(state, path)| {
                    if shared.stop.load(Ordering::Relaxed) == 0 {
                        return None;
                    }
                    let found = subtree(state, path, bound);
                    if found.is_some() {
                        shared.stop.store(0, Ordering::Relaxed);
                    }
                    found
                })
                .find_any(|_| true)
        };
        // An iteration the flag cut short is not logged: `log` hears only
        // of bounds searched through.
        if solution.is_none() && (cancelled() || limit.is_some_and(SearchLimit::is_reached)) {
            return None;
        }
        log(bound, shared.nodes.load(Ordering::Relaxed) - before);
        if let Some(path) = solution {
            return Some(Found {
                moves: path_moves(&path),
                optimal: true,
                nodes: shared.nodes.load(Ordering::Relaxed),
            });
        }
        let next = shared.next_bound.load(Ordering::Relaxed);
        assert!(
            next != u32::MAX,
            "the goal is reachable, so the search ends"
        );
        bound = with_parity(next);
    }
}

/// Every path of [`FRONTIER`] moves from `root` without an undo, with the
/// state at its end: the subtrees the single search hands out to its
/// threads.
fn frontier_below(heuristic: &Heuristic, root: &SearchState) -> Vec<(SearchState, Vec<u8>)> {
    let mut frontier = vec![(root.clone(), vec![root.blank])];
    for _ in 0..FRONTIER {
        let mut next = Vec::new();
        for (state, path) in &frontier {
            let previous = previous_blank(path);
            for &from in &heuristic.rect.neighbours[state.blank as usize] {
                if from == previous {
                    continue;
                }
                let mut s = state.clone();
                s.apply(heuristic, from, u32::MAX);
                let mut p = path.clone();
                p.push(from);
                next.push((s, p));
            }
        }
        frontier = next;
    }
    frontier
}

/// The blank's cell before the last move of `path` (`u8::MAX` at the
/// root): the one move that would undo it.
fn previous_blank(path: &[u8]) -> u8 {
    match path.len() {
        0 | 1 => u8::MAX,
        k => path[k - 2],
    }
}

/// Relabels an arrangement pair for the search: `tiles[cell]` is the goal
/// cell of the token on `cell` (`BLANK_MARK` for the blank). Tokens must
/// be distinct.
pub fn relabel(from: &[u32], to: &[u32]) -> (Vec<u8>, u8) {
    let mut goal_of = std::collections::HashMap::new();
    for (cell, &t) in to.iter().enumerate() {
        goal_of.insert(t, cell as u8);
    }
    let tiles = from
        .iter()
        .map(|&t| if t == 0 { BLANK_MARK } else { goal_of[&t] })
        .collect();
    let blank_goal = goal_of[&0];
    (tiles, blank_goal)
}

mod heuristic;
mod partition;
mod parts;
pub mod split;

pub use heuristic::Heuristic;
use heuristic::SearchState;
pub use partition::{compact_partition, default_max_tiles, partition, small_max_tiles};
pub(crate) use parts::Parts;

#[cfg(test)]
mod tests;
