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

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering};

use rayon::prelude::*;

use crate::solve::error::SolveError;
use crate::solve::pdb::{self, OnProgress, Pattern, PatternDb, PdbCache};
use crate::solve::{Found, Move};

/// The blank's mark in a relabelled state.
const BLANK_MARK: u8 = u8::MAX;
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

/// How the patterns of a board are chosen. On the 5×5 board with the
/// blank's goal top left and 6-tile patterns: Korf & Felner's four compact
/// blocks. Otherwise the goal cells other than the blank's, in reading
/// order, cut into the fewest groups of at most `max_tiles`, as even as
/// can be with the smaller groups first (4×4 with 8: rows 1-2 and rows
/// 3-4, the 7-8 partition); a lone tile left over is kept last and left
/// to Manhattan distance (4×4 with 7: 7-7-1).
pub fn partition(rect: &Rect, blank_goal: u8, max_tiles: usize) -> Vec<Vec<u8>> {
    if (rect.rows, rect.cols, blank_goal, max_tiles) == (5, 5, 0, 6) {
        return vec![
            vec![1, 2, 5, 6, 7, 12],
            vec![3, 4, 8, 9, 13, 14],
            vec![10, 11, 15, 16, 20, 21],
            vec![17, 18, 19, 22, 23, 24],
        ];
    }
    let tiles: Vec<u8> = (0..rect.cells() as u8)
        .filter(|&c| c != blank_goal)
        .collect();
    let max = max_tiles.max(1);
    if tiles.len() % max == 1 {
        return tiles[..tiles.len() - 1]
            .chunks(max)
            .filter(|g| g.len() > 1)
            .map(<[u8]>::to_vec)
            .collect();
    }
    let groups = tiles.len().div_ceil(max);
    let mut out = Vec::with_capacity(groups);
    let mut at = 0;
    for g in 0..groups {
        // Sizes differ by at most one, the larger ones last.
        let size = tiles.len() / groups + usize::from(g >= groups - tiles.len() % groups);
        out.push(tiles[at..at + size].to_vec());
        at += size;
    }
    out.retain(|g| g.len() > 1);
    out
}

/// The default largest pattern for a board: 7 tiles on 4×4 (two 57.7M
/// entry databases, built in about two minutes; 8 gives the 7-8 partition,
/// a 519M entry database), 6 on 3×4, 5×4 and 5×5 (four 127.5M entry
/// databases on 5×5).
pub fn default_max_tiles(rect: &Rect) -> usize {
    match rect.cells() {
        13..=16 => 7,
        _ => 6,
    }
}

/// The small tables built in seconds when the strong ones are not at
/// hand: 5 tiles on boards of 13 to 16 cells (5-5-5 on 4×4, three 524k
/// entry databases), the default elsewhere.
pub fn small_max_tiles(rect: &Rect) -> usize {
    match rect.cells() {
        13..=16 => 5,
        _ => default_max_tiles(rect),
    }
}

/// The heuristic: pattern databases (with Manhattan distance for the
/// tiles outside them), or Manhattan distance with linear conflicts.
pub struct Heuristic {
    rect: Rect,
    blank_goal: u8,
    dbs: Vec<Arc<PatternDb>>,
    /// For each goal cell: (pattern, index in it), normal and reflected.
    slot: Vec<Option<(u8, u8)>>,
    reflected_slot: Vec<Option<(u8, u8)>>,
    reflect: bool,
}

impl Heuristic {
    /// Manhattan distance plus linear conflicts.
    pub fn manhattan(rect: &Rect, blank_goal: u8) -> Heuristic {
        Heuristic {
            rect: rect.clone(),
            blank_goal,
            dbs: Vec::new(),
            slot: vec![None; rect.cells()],
            reflected_slot: vec![None; rect.cells()],
            reflect: false,
        }
    }

    /// Additive pattern databases for `patterns`, from memory, `cache` or
    /// built; `progress` hears about builds.
    pub fn with_databases(
        rect: &Rect,
        blank_goal: u8,
        patterns: &[Vec<u8>],
        cache: Option<&PdbCache>,
        progress: OnProgress,
    ) -> Result<Heuristic, SolveError> {
        let mut dbs = Vec::new();
        for cells in patterns {
            let pattern = Pattern {
                rows: rect.rows,
                cols: rect.cols,
                cells: cells.clone(),
                blank: blank_goal,
            };
            dbs.push(pdb::shared(&pattern, cache, progress)?);
        }
        Ok(Heuristic::from_databases(rect, blank_goal, dbs))
    }

    /// Additive pattern databases already at hand (their patterns must be
    /// disjoint, leave out the blank's goal cell and have it as their
    /// blank's goal).
    pub fn from_databases(rect: &Rect, blank_goal: u8, dbs: Vec<Arc<PatternDb>>) -> Heuristic {
        let n = rect.cells();
        let mut slot = vec![None; n];
        for (p, db) in dbs.iter().enumerate() {
            assert_eq!(db.pattern.blank, blank_goal, "the databases' blank goal");
            for (i, &c) in db.pattern.cells.iter().enumerate() {
                assert!(c != blank_goal && slot[c as usize].is_none());
                slot[c as usize] = Some((p as u8, i as u8));
            }
        }
        // Reflection keeps the goal's shape when the blank's goal cell is
        // on the diagonal: then the same databases bound the mirrored state.
        let reflect =
            !dbs.is_empty() && rect.rows == rect.cols && rect.transpose(blank_goal) == blank_goal;
        let reflected_slot = if rect.rows == rect.cols {
            (0..n as u8)
                .map(|c| slot[rect.transpose(c) as usize])
                .collect()
        } else {
            vec![None; n]
        };
        Heuristic {
            rect: rect.clone(),
            blank_goal,
            dbs,
            slot,
            reflected_slot,
            reflect,
        }
    }

    /// The heuristic's value on a state (`tiles[cell]` = goal cell of the
    /// token there, `BLANK_MARK` for the blank), computed from scratch.
    #[cfg(test)]
    pub fn value(&self, tiles: &[u8]) -> u32 {
        SearchState::new(self, tiles).h(self)
    }
}

/// The incrementally kept parts of the heuristic for one state.
#[derive(Clone)]
struct SearchState {
    tiles: Vec<u8>,
    blank: u8,
    /// Pattern databases: positions and values per pattern, normal and
    /// reflected, and the Manhattan distance of the tiles outside them.
    pos: Vec<Vec<u8>>,
    value: Vec<u32>,
    rpos: Vec<Vec<u8>>,
    rvalue: Vec<u32>,
    /// The reflected pattern whose value is stale (`NONE`): reflected
    /// lookups wait until the normal value alone does not prune the node.
    stale: u8,
    rest: u32,
    rrest: u32,
    /// Manhattan mode: conflicts per row and per column.
    row_conflicts: Vec<u32>,
    col_conflicts: Vec<u32>,
}

impl SearchState {
    fn new(h: &Heuristic, tiles: &[u8]) -> SearchState {
        let rect = &h.rect;
        let blank = tiles
            .iter()
            .position(|&t| t == BLANK_MARK)
            .expect("a blank") as u8;
        let mut pos: Vec<Vec<u8>> = h
            .dbs
            .iter()
            .map(|d| vec![0; d.pattern.cells.len()])
            .collect();
        let mut rpos = pos.clone();
        let (mut rest, mut rrest) = (0, 0);
        for (cell, &t) in tiles.iter().enumerate() {
            if t == BLANK_MARK {
                continue;
            }
            let cell = cell as u8;
            match h.slot[t as usize] {
                Some((p, i)) => pos[p as usize][i as usize] = cell,
                None => rest += rect.distance(cell, t),
            }
            match h.reflected_slot[t as usize] {
                Some((p, i)) => rpos[p as usize][i as usize] = rect.transpose(cell),
                None => rrest += rect.distance(cell, t),
            }
        }
        let value = pos
            .iter()
            .zip(&h.dbs)
            .map(|(p, d)| d.lookup(p, blank) as u32)
            .collect();
        let rvalue = if h.reflect {
            rpos.iter()
                .zip(&h.dbs)
                .map(|(p, d)| d.lookup(p, rect.transpose(blank)) as u32)
                .collect()
        } else {
            Vec::new()
        };
        let mut s = SearchState {
            tiles: tiles.to_vec(),
            blank,
            pos,
            value,
            rpos,
            rvalue,
            stale: NONE,
            rest,
            rrest,
            row_conflicts: vec![0; rect.rows],
            col_conflicts: vec![0; rect.cols],
        };
        if h.dbs.is_empty() {
            for r in 0..rect.rows {
                s.row_conflicts[r] = s.line_conflicts(rect, true, r);
            }
            for c in 0..rect.cols {
                s.col_conflicts[c] = s.line_conflicts(rect, false, c);
            }
        }
        s
    }

    /// The heuristic without the reflected lookups: a lower bound of `h`
    /// that costs one database lookup per move.
    #[inline]
    fn h_normal(&self, h: &Heuristic) -> u32 {
        if h.dbs.is_empty() {
            return self.rest
                + self.row_conflicts.iter().sum::<u32>()
                + self.col_conflicts.iter().sum::<u32>();
        }
        self.rest + self.value.iter().sum::<u32>()
    }

    /// The heuristic, bringing the reflected value up to date.
    #[inline]
    fn h(&mut self, h: &Heuristic) -> u32 {
        let normal = self.h_normal(h);
        if !h.reflect {
            return normal;
        }
        if self.stale != NONE {
            let p = self.stale as usize;
            self.rvalue[p] = h.dbs[p].lookup(&self.rpos[p], h.rect.transpose(self.blank)) as u32;
            self.stale = NONE;
        }
        normal.max(self.rrest + self.rvalue.iter().sum::<u32>())
    }

    /// Linear conflicts on one row (or column): twice the fewest tiles to
    /// take out of the line so that the tiles whose goal is in it are in
    /// goal order (a longest increasing subsequence).
    fn line_conflicts(&self, rect: &Rect, row: bool, line: usize) -> u32 {
        let (len, at) = if row {
            (rect.cols, line * rect.cols)
        } else {
            (rect.rows, line)
        };
        let step = if row { 1 } else { rect.cols };
        let mut tails = [0u8; 64];
        let (mut lis, mut count) = (0usize, 0u32);
        for k in 0..len {
            let t = self.tiles[at + k * step];
            if t == BLANK_MARK {
                continue;
            }
            let (goal_line, goal_place) = if row {
                (t as usize / rect.cols, t as usize % rect.cols)
            } else {
                (t as usize % rect.cols, t as usize / rect.cols)
            };
            if goal_line != line {
                continue;
            }
            count += 1;
            let g = goal_place as u8;
            let i = tails[..lis].partition_point(|&x| x < g);
            tails[i] = g;
            if i == lis {
                lis += 1;
            }
        }
        2 * (count - lis as u32)
    }

    /// The database value that sliding the token on `from` into the blank
    /// would give its pattern, or `u32::MAX` when the token is in none.
    /// Looked up for all of a node's children before any is entered, these
    /// lookups (cache misses, mostly) overlap instead of queueing.
    #[inline]
    fn value_after(&self, h: &Heuristic, from: u8) -> u32 {
        let t = self.tiles[from as usize];
        let Some((p, i)) = h.slot[t as usize] else {
            return u32::MAX;
        };
        let pos = &self.pos[p as usize];
        let mut moved = [0u8; 32];
        moved[..pos.len()].copy_from_slice(pos);
        moved[i as usize] = self.blank;
        // The blank ends where the token was.
        h.dbs[p as usize].lookup(&moved[..pos.len()], from) as u32
    }

    /// Slides the token on `from` into the blank; returns what undo needs.
    /// `ahead`: the value [`Self::value_after`] gave, if known.
    #[inline]
    fn apply(&mut self, h: &Heuristic, from: u8, ahead: u32) -> Undo {
        if self.stale != NONE {
            // Two moves in a row without a look at the heuristic (the
            // frontier): bring the reflected value up to date first.
            self.h(h);
        }
        let rect = &h.rect;
        let to = self.blank;
        let t = self.tiles[from as usize];
        self.tiles[to as usize] = t;
        self.tiles[from as usize] = BLANK_MARK;
        self.blank = from;
        let mut undo = Undo {
            to,
            value: u32::MAX,
            rvalue: u32::MAX,
            rest: self.rest,
            rrest: self.rrest,
            lines: [u32::MAX; 2],
        };
        if h.dbs.is_empty() {
            self.rest = self.rest + rect.distance(to, t) - rect.distance(from, t);
            // A move along a row changes the token's column: only the two
            // columns' conflicts change (and likewise for rows).
            let horizontal = from as usize / rect.cols == to as usize / rect.cols;
            let (a, b) = if horizontal {
                (from as usize % rect.cols, to as usize % rect.cols)
            } else {
                (from as usize / rect.cols, to as usize / rect.cols)
            };
            let lines = if horizontal {
                &self.col_conflicts
            } else {
                &self.row_conflicts
            };
            undo.lines = [lines[a], lines[b]];
            let (ca, cb) = (
                self.line_conflicts(rect, !horizontal, a),
                self.line_conflicts(rect, !horizontal, b),
            );
            let lines = if horizontal {
                &mut self.col_conflicts
            } else {
                &mut self.row_conflicts
            };
            lines[a] = ca;
            lines[b] = cb;
            return undo;
        }
        match h.slot[t as usize] {
            Some((p, i)) => {
                let (p, i) = (p as usize, i as usize);
                self.pos[p][i] = to;
                undo.value = self.value[p];
                self.value[p] = if ahead != u32::MAX {
                    ahead
                } else {
                    h.dbs[p].lookup(&self.pos[p], self.blank) as u32
                };
            }
            None => self.rest = self.rest + rect.distance(to, t) - rect.distance(from, t),
        }
        if h.reflect {
            match h.reflected_slot[t as usize] {
                Some((p, i)) => {
                    let (p, i) = (p as usize, i as usize);
                    self.rpos[p][i] = rect.transpose(to);
                    undo.rvalue = self.rvalue[p];
                    self.stale = p as u8;
                }
                None => self.rrest = self.rrest + rect.distance(to, t) - rect.distance(from, t),
            }
        }
        undo
    }

    /// Takes back the last move.
    #[inline]
    fn undo(&mut self, h: &Heuristic, u: &Undo) {
        let rect = &h.rect;
        // The token went from `from` (now the blank) to `u.to`.
        let from = self.blank;
        let t = self.tiles[u.to as usize];
        self.tiles[from as usize] = t;
        self.tiles[u.to as usize] = BLANK_MARK;
        self.blank = u.to;
        self.rest = u.rest;
        self.rrest = u.rrest;
        if h.dbs.is_empty() {
            let horizontal = from as usize / rect.cols == u.to as usize / rect.cols;
            let (a, b) = if horizontal {
                (from as usize % rect.cols, u.to as usize % rect.cols)
            } else {
                (from as usize / rect.cols, u.to as usize / rect.cols)
            };
            let lines = if horizontal {
                &mut self.col_conflicts
            } else {
                &mut self.row_conflicts
            };
            lines[a] = u.lines[0];
            lines[b] = u.lines[1];
            return;
        }
        if let Some((p, i)) = h.slot[t as usize] {
            self.pos[p as usize][i as usize] = from;
            self.value[p as usize] = u.value;
        }
        if h.reflect
            && let Some((p, i)) = h.reflected_slot[t as usize]
        {
            self.rpos[p as usize][i as usize] = rect.transpose(from);
            self.rvalue[p as usize] = u.rvalue;
        }
        self.stale = NONE;
    }
}

/// What `undo` needs to take a move back: the blank's cell before the
/// move, and the heuristic parts the move changed.
struct Undo {
    to: u8,
    value: u32,
    rvalue: u32,
    rest: u32,
    rrest: u32,
    lines: [u32; 2],
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
        {
            return false;
        }
        self.nodes += 1;
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
fn path_moves(path: &[u8]) -> Vec<Move> {
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
    ida_star_logged(heuristic, tiles, cancel, &mut |_, _| {})
}

/// [`ida_star_until`], telling `log` each iteration's bound and nodes.
pub(crate) fn ida_star_logged(
    heuristic: &Heuristic,
    tiles: &[u8],
    cancel: Option<&AtomicBool>,
    log: &mut dyn FnMut(u32, u64),
) -> Option<Found> {
    let mut root = SearchState::new(heuristic, tiles);
    let start_blank = root.blank;
    let shared = Shared {
        stop: AtomicUsize::new(usize::MAX),
        next_bound: AtomicU32::new(u32::MAX),
        nodes: AtomicU64::new(0),
    };
    // The frontier: every path of FRONTIER moves without an undo.
    let mut frontier: Vec<(SearchState, Vec<u8>)> = vec![(root.clone(), vec![start_blank])];
    for _ in 0..FRONTIER {
        let mut next = Vec::new();
        for (state, path) in &frontier {
            let previous = if path.len() >= 2 {
                path[path.len() - 2]
            } else {
                u8::MAX
            };
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
    // Every solution has the parity of the permutation (each move is a
    // transposition), so bounds of the other parity are skipped.
    let parity = solution_parity(heuristic, tiles);
    let with_parity = |b: u32| if b % 2 == parity { b } else { b + 1 };
    let mut bound = with_parity(root.h(heuristic));
    let cancelled = || cancel.is_some_and(|c| c.load(Ordering::Relaxed));
    loop {
        shared.next_bound.store(u32::MAX, Ordering::Relaxed);
        let before = shared.nodes.load(Ordering::Relaxed);
        let solution = if bound <= FRONTIER {
            // Short solutions: one plain search from the root.
            let mut dfs = Dfs::new(heuristic, &shared.stop, root.clone(), vec![start_blank]);
            dfs.cancel = cancel;
            let found = dfs.search(0, bound, u8::MAX);
            shared.nodes.fetch_add(dfs.nodes, Ordering::Relaxed);
            shared
                .next_bound
                .fetch_min(dfs.next_bound, Ordering::Relaxed);
            found.then_some(dfs.path)
        } else {
            frontier
                .par_iter()
                .filter_map(|(state, path)| {
                    if shared.stop.load(Ordering::Relaxed) == 0 {
                        return None;
                    }
                    let previous = path[path.len() - 2];
                    let mut dfs = Dfs::new(heuristic, &shared.stop, state.clone(), path.clone());
                    dfs.cancel = cancel;
                    let found = dfs.search(FRONTIER, bound, previous);
                    shared.nodes.fetch_add(dfs.nodes, Ordering::Relaxed);
                    shared
                        .next_bound
                        .fetch_min(dfs.next_bound, Ordering::Relaxed);
                    if found {
                        shared.stop.store(0, Ordering::Relaxed);
                        Some(dfs.path)
                    } else {
                        None
                    }
                })
                .find_any(|_| true)
        };
        // An iteration the flag cut short is not logged: `log` hears only
        // of bounds searched through.
        if solution.is_none() && cancelled() {
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

pub mod split;

#[cfg(test)]
mod tests;
