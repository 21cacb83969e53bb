//! The heuristic of the shortest search, and the state it is kept on
//! incrementally: pattern database values (normal and reflected) or
//! Manhattan distance with linear conflicts, updated one move at a time.

use std::sync::Arc;

use super::{BLANK_MARK, NONE, Rectangle};
use crate::solve::error::SolveError;
use crate::solve::progress::OnProgress;
use crate::solve::search::pdb::{self, Pattern, PatternDb, PdbCache};
use crate::stop::Stop;

/// The heuristic: pattern databases (with Manhattan distance for the
/// tiles outside them), or Manhattan distance with linear conflicts.
pub(crate) struct Heuristic {
    pub(crate) rect: Rectangle,
    pub(crate) blank_goal: u8,
    pub(crate) dbs: Vec<Arc<PatternDb>>,
    /// For each goal cell: (pattern, index in it), normal and reflected.
    pub(crate) slot: Vec<Option<(u8, u8)>>,
    pub(crate) reflected_slot: Vec<Option<(u8, u8)>>,
    pub(crate) reflect: bool,
}

impl Heuristic {
    /// Manhattan distance plus linear conflicts.
    pub(crate) fn manhattan(rect: &Rectangle, blank_goal: u8) -> Self {
        Self {
            rect: rect.clone(),
            blank_goal,
            dbs: Vec::new(),
            slot: vec![None; rect.cell_count()],
            reflected_slot: vec![None; rect.cell_count()],
            reflect: false,
        }
    }

    /// Additive pattern databases for `patterns`, from memory, `cache` or
    /// built; `progress` hears about builds, which stop when `cancel` is
    /// set.
    pub(crate) fn with_databases(
        rect: &Rectangle,
        blank_goal: u8,
        patterns: &[Vec<u8>],
        cache: Option<&PdbCache>,
        progress: OnProgress,
        stop: Stop,
    ) -> Result<Self, SolveError> {
        let mut dbs = Vec::new();
        for cells in patterns {
            let pattern = Pattern {
                rows: rect.rows,
                cols: rect.cols,
                cells: cells.clone(),
                blank: blank_goal,
            };
            dbs.push(pdb::shared(&pattern, cache, progress, stop)?);
        }
        Ok(Self::from_databases(rect, blank_goal, dbs))
    }

    /// Additive pattern databases already at hand (their patterns must be
    /// disjoint, leave out the blank's goal cell and have it as their
    /// blank's goal).
    pub(crate) fn from_databases(
        rect: &Rectangle,
        blank_goal: u8,
        dbs: Vec<Arc<PatternDb>>,
    ) -> Self {
        let n = rect.cell_count();
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
        Self {
            rect: rect.clone(),
            blank_goal,
            dbs,
            slot,
            reflected_slot,
            reflect,
        }
    }

    /// This heuristic, looked up on the board as it is only (not also
    /// reflected): lower, as cheap again.
    pub(crate) fn without_reflection(mut self) -> Self {
        self.reflect = false;
        self
    }

    /// Each cell's neighbours on the rectangle.
    pub(crate) fn neighbours(&self) -> &[Vec<u8>] {
        &self.rect.neighbours
    }

    /// The heuristic's value on a state (`tiles[cell]` = goal cell of the
    /// token there, `BLANK_MARK` for the blank), computed from scratch
    /// without allocating: for searches that keep no state per node.
    pub(crate) fn value(&self, tiles: &[u8]) -> u32 {
        let rect = &self.rect;
        if self.dbs.is_empty() {
            let moves: u32 = tiles
                .iter()
                .enumerate()
                .filter(|&(_, &t)| t != BLANK_MARK)
                .map(|(cell, &t)| rect.distance(cell as u8, t))
                .sum();
            let rows: u32 = (0..rect.rows)
                .map(|r| line_conflicts(rect, tiles, true, r))
                .sum();
            let cols: u32 = (0..rect.cols)
                .map(|c| line_conflicts(rect, tiles, false, c))
                .sum();
            return moves + rows + cols;
        }
        let mut place = [0u8; 64];
        super::places(tiles, self.blank_goal, &mut place);
        let place = &place[..tiles.len()];
        let normal = self.databases_value(tiles, place, false);
        if self.reflect {
            normal.max(self.databases_value(tiles, place, true))
        } else {
            normal
        }
    }

    /// The databases' sum plus the Manhattan distance of the other tiles,
    /// on the board as it is or reflected about its main diagonal.
    fn databases_value(&self, tiles: &[u8], place: &[u8], reflected: bool) -> u32 {
        let slot = if reflected {
            &self.reflected_slot
        } else {
            &self.slot
        };
        let rest: u32 = tiles
            .iter()
            .enumerate()
            .filter(|&(_, &t)| t != BLANK_MARK && slot[t as usize].is_none())
            .map(|(cell, &t)| self.rect.distance(cell as u8, t))
            .sum();
        let blank = place[self.blank_goal as usize];
        let databases: u32 = (0..self.dbs.len())
            .map(|p| self.pattern_value(p, place, blank, None, reflected) as u32)
            .sum();
        rest + databases
    }
}

/// The incrementally kept parts of the heuristic for one state.
#[derive(Clone)]
pub(crate) struct SearchState {
    pub(crate) tiles: Vec<u8>,
    pub(crate) blank: u8,
    /// Pattern databases: positions and values per pattern, normal and
    /// reflected, and the Manhattan distance of the tiles outside them.
    pub(crate) pos: Vec<Vec<u8>>,
    pub(crate) value: Vec<u32>,
    pub(crate) rpos: Vec<Vec<u8>>,
    pub(crate) rvalue: Vec<u32>,
    /// The reflected pattern whose value is stale (`NONE`): reflected
    /// lookups wait until the normal value alone does not prune the node.
    pub(crate) stale: u8,
    pub(crate) rest: u32,
    pub(crate) rrest: u32,
    /// Manhattan mode: conflicts per row and per column.
    pub(crate) row_conflicts: Vec<u32>,
    pub(crate) col_conflicts: Vec<u32>,
}

impl SearchState {
    pub(crate) fn new(h: &Heuristic, tiles: &[u8]) -> Self {
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
        let mut s = Self {
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
    pub(crate) fn h_normal(&self, h: &Heuristic) -> u32 {
        if h.dbs.is_empty() {
            return self.rest
                + self.row_conflicts.iter().sum::<u32>()
                + self.col_conflicts.iter().sum::<u32>();
        }
        self.rest + self.value.iter().sum::<u32>()
    }

    /// The heuristic, bringing the reflected value up to date.
    #[inline]
    pub(crate) fn h(&mut self, h: &Heuristic) -> u32 {
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

    fn line_conflicts(&self, rect: &Rectangle, row: bool, line: usize) -> u32 {
        line_conflicts(rect, &self.tiles, row, line)
    }

    /// The database values that sliding each token on `froms` into the
    /// blank would give its pattern (`u32::MAX` for a token in none, and
    /// for `skip`). All the children's ranks are found and their entries
    /// fetched before any is read, so that their cache misses (most
    /// lookups are) overlap instead of queueing.
    #[inline]
    pub(crate) fn values_after(&self, h: &Heuristic, froms: &[u8], skip: u8) -> [u32; 4] {
        let mut moved = [[0u8; 32]; 4];
        let mut ranked = [None; 4];
        for (k, &from) in froms.iter().enumerate().take(4) {
            let t = self.tiles[from as usize];
            if from == skip {
                continue;
            }
            let Some((p, i)) = h.slot[t as usize] else {
                continue;
            };
            let pos = &self.pos[p as usize];
            moved[k][..pos.len()].copy_from_slice(pos);
            moved[k][i as usize] = self.blank;
            let db = &h.dbs[p as usize];
            let r = db.rank(&moved[k][..pos.len()]);
            db.prefetch(r);
            ranked[k] = Some((p as usize, r));
            // The child's reflected lookup, where the normal value alone
            // does not prune it: fetched now too.
            if h.reflect
                && let Some((p, i)) = h.reflected_slot[t as usize]
            {
                let pos = &self.rpos[p as usize];
                let mut mirrored = [0u8; 32];
                mirrored[..pos.len()].copy_from_slice(pos);
                mirrored[i as usize] = h.rect.transpose(self.blank);
                let db = &h.dbs[p as usize];
                db.prefetch(db.rank(&mirrored[..pos.len()]));
            }
        }
        let mut values = [u32::MAX; 4];
        for (k, &from) in froms.iter().enumerate().take(4) {
            if let Some((p, r)) = ranked[k] {
                let len = self.pos[p].len();
                // The blank ends where the token was.
                values[k] = h.dbs[p].lookup_ranked(r, &moved[k][..len], from) as u32;
            }
        }
        values
    }

    /// Slides the token on `from` into the blank; returns what undo needs.
    /// `ahead`: the value [`Self::values_after`] gave, if known.
    #[inline]
    pub(crate) fn apply(&mut self, h: &Heuristic, from: u8, ahead: u32) -> Undo {
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
    pub(crate) fn undo(&mut self, h: &Heuristic, u: &Undo) {
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
pub(crate) struct Undo {
    pub(crate) to: u8,
    pub(crate) value: u32,
    pub(crate) rvalue: u32,
    pub(crate) rest: u32,
    pub(crate) rrest: u32,
    pub(crate) lines: [u32; 2],
}

/// Linear conflicts on one row (or column) of `tiles`: twice the fewest
/// tiles to take out of the line so that the tiles whose goal is in it
/// are in goal order (a longest increasing subsequence).
pub(crate) fn line_conflicts(rect: &Rectangle, tiles: &[u8], row: bool, line: usize) -> u32 {
    let (len, at) = if row {
        (rect.cols, line * rect.cols)
    } else {
        (rect.rows, line)
    };
    let step = if row { 1 } else { rect.cols };
    let mut tails = [0u8; 64];
    let (mut lis, mut count) = (0usize, 0u32);
    for k in 0..len {
        let t = tiles[at + k * step];
        if t == BLANK_MARK {
            continue;
        }
        let (goal_line, goal_place) = if row {
            (rect.row(t), rect.col(t))
        } else {
            (rect.col(t), rect.row(t))
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
