//! Shortest solutions in multi-tile moves on rectangles of up to 16
//! cells: IDA* where a move is the blank going straight one cell or
//! more, guided by a colored table (`colors`), looked up on the board as
//! it is and, where the blank's goal is on the main diagonal, mirrored.
//!
//! Two moves in a row along one axis are never both in a shortest
//! answer (they would be one move, or none), so a move's axis is never
//! the last one's. Each bound is searched on all cores: the paths of
//! the first two moves are the tasks, and the first in their order to
//! find the goal gives the answer, so it is the same on every machine.

use std::sync::atomic::{AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use crate::solve::error::SolveError;
use crate::solve::progress::{OnProgress, Progress};
use crate::solve::search::colors::{ColorTable, Coloring, straight_ways};
use crate::solve::search::in_order::map_in_order;
use crate::solve::search::pdb::PdbCache;
use crate::solve::search::rectangle::BLANK_MARK;
use crate::stop::{NODE_CHUNK, Stop};

/// The most children a node has: a line's other cells, across and
/// along (8 on 2×8, 6 on 4×4).
const MAX_CHILDREN: usize = 16;

/// Moves from the start whose paths are the tasks of one bound.
const TASK_DEPTH: u32 = 2;

/// The colored tables of this process, each loaded or built once.
static TABLES: Mutex<Vec<(Coloring, Arc<ColorTable>)>> = Mutex::new(Vec::new());

/// The table of `coloring`: from this process's memory, `cache`, or
/// built (announced and followed through `progress` as a table build,
/// then saved to `cache`).
///
/// # Errors
/// [`SolveError::Cancelled`] when `stop` ended the build.
pub(crate) fn table(
    coloring: &Coloring,
    cache: Option<&PdbCache>,
    progress: OnProgress,
    stop: Stop,
) -> Result<Arc<ColorTable>, SolveError> {
    // Held while building: two searches wanting one table build it once.
    let mut tables = TABLES.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some((_, t)) = tables.iter().find(|(c, _)| c == coloring) {
        return Ok(t.clone());
    }
    let name = ColorTable::file_name(coloring);
    let path = cache.map(|c| c.file(&name));
    let loaded = cache
        .zip(path.as_ref())
        .and_then(|(c, path)| ColorTable::load(path, coloring, c.is_mapped()).ok());
    let table = match loaded {
        Some(table) => table,
        None => {
            let name = name.trim_end_matches(".bin").to_string();
            let total = ColorTable::entries(coloring);
            let report = |done| {
                progress(&Progress::Building {
                    table: name.clone(),
                    done,
                    total,
                });
            };
            report(0);
            let built = ColorTable::build(coloring, &report, stop).ok_or(SolveError::Cancelled)?;
            if let Some(Err(error)) = path.map(|path| built.save(&path)) {
                progress(&Progress::NotSaved { table: name, error });
            }
            built
        }
    };
    let table = Arc::new(table);
    tables.push((coloring.clone(), table.clone()));
    Ok(table)
}

/// Whether the table of `coloring` is in this process's memory.
pub(crate) fn in_memory(coloring: &Coloring) -> bool {
    let tables = TABLES.lock().unwrap_or_else(PoisonError::into_inner);
    tables.iter().any(|(c, _)| c == coloring)
}

/// What every task of a search shares.
struct Search<'a> {
    table: &'a ColorTable,
    ways: Vec<[u8; 4]>,
    /// Each cell mirrored, where the table is looked up mirrored too.
    mirror: Option<Vec<u8>>,
    stop: Stop<'a>,
    /// The lowest task index that found the goal (`usize::MAX`: none).
    found: AtomicUsize,
    /// The least f above the bound met (the next bound).
    next_bound: AtomicU32,
    nodes: AtomicU64,
}

/// One task's counts, kept apart from the other tasks' until it ends
/// (a shared counter written at every node bounced between the cores).
struct Run {
    task: usize,
    nodes: u64,
    /// The least f above the bound met.
    next_bound: u32,
}

/// A state along one task's path: tiles by goal cell, the blank, and the
/// packed colors as they are and mirrored.
#[derive(Clone)]
struct State {
    tiles: Vec<u8>,
    blank: usize,
    packed: u64,
    mirrored: u64,
}

impl Search<'_> {
    fn state(&self, tiles: &[u8]) -> State {
        let coloring = &self.table.coloring;
        let blank = tiles
            .iter()
            .position(|&t| t == BLANK_MARK)
            .expect("a blank");
        let mirrored = match &self.mirror {
            Some(m) => {
                let mut flipped = vec![BLANK_MARK; tiles.len()];
                for (c, &g) in tiles.iter().enumerate() {
                    flipped[m[c] as usize] = if g == BLANK_MARK { g } else { m[g as usize] };
                }
                ColorTable::pack(coloring, &flipped)
            }
            None => 0,
        };
        State {
            tiles: tiles.to_vec(),
            blank,
            packed: ColorTable::pack(coloring, tiles),
            mirrored,
        }
    }

    #[inline]
    fn h(&self, s: &State) -> u32 {
        let normal = self.table.value(s.packed) as u32;
        match &self.mirror {
            Some(_) => normal.max(self.table.value(s.mirrored) as u32),
            None => normal,
        }
    }

    /// The blank takes one step to `from` (the tile there slides back).
    #[inline]
    fn step(&self, s: &mut State, from: usize) {
        let at = s.blank;
        s.tiles[at] = s.tiles[from];
        s.tiles[from] = BLANK_MARK;
        s.blank = from;
        s.packed = slide(s.packed, at, from);
        if let Some(m) = &self.mirror {
            s.mirrored = slide(s.mirrored, m[at] as usize, m[from] as usize);
        }
    }

    fn solved(s: &State) -> bool {
        s.tiles
            .iter()
            .enumerate()
            .all(|(c, &t)| t == BLANK_MARK || t as usize == c)
    }

    /// Every path of `depth` moves from `s` (never two along one axis in
    /// a row), as the blank's cells, with the axis of its last move.
    fn paths(&self, s: &State, depth: u32) -> Vec<(Vec<u8>, Option<usize>)> {
        let mut out = Vec::new();
        let mut path = vec![s.blank as u8];
        self.collect(&mut s.clone(), depth, None, &mut path, &mut out);
        out
    }

    fn collect(
        &self,
        s: &mut State,
        depth: u32,
        axis: Option<usize>,
        path: &mut Vec<u8>,
        out: &mut Vec<(Vec<u8>, Option<usize>)>,
    ) {
        if depth == 0 || Self::solved(s) {
            out.push((path.clone(), axis));
            return;
        }
        for way in 0..4 {
            if axis == Some(way / 2) {
                continue;
            }
            let (saved, len) = (s.clone(), path.len());
            while self.ways[s.blank][way] != u8::MAX {
                let from = self.ways[s.blank][way] as usize;
                self.step(s, from);
                path.push(from as u8);
                self.collect(&mut s.clone(), depth - 1, Some(way / 2), path, out);
            }
            *s = saved;
            path.truncate(len);
        }
    }

    /// The heuristic's value of each child of `s` (the moves along an
    /// axis other than `axis`, in the order `dfs` takes them), or any
    /// value above `limit` where it is above it. All the children's
    /// entries are asked for before any is read, so that their cache
    /// misses (most lookups are) overlap instead of queueing; the
    /// mirrored ones only for the children the others do not prune.
    #[inline]
    fn children(&self, s: &State, axis: Option<usize>, limit: u32) -> [u32; MAX_CHILDREN] {
        let mut normal = [0usize; MAX_CHILDREN];
        let mut mirrored = [0u64; MAX_CHILDREN];
        let mut count = 0;
        for way in 0..4 {
            if axis == Some(way / 2) {
                continue;
            }
            let (mut cell, mut packed, mut flipped) = (s.blank, s.packed, s.mirrored);
            while self.ways[cell][way] != u8::MAX {
                let from = self.ways[cell][way] as usize;
                packed = slide(packed, cell, from);
                normal[count] = self.table.index(packed);
                self.table.prefetch(normal[count]);
                if let Some(m) = &self.mirror {
                    flipped = slide(flipped, m[cell] as usize, m[from] as usize);
                    mirrored[count] = flipped;
                }
                count += 1;
                cell = from;
            }
        }
        let mut values = [0u32; MAX_CHILDREN];
        for (v, &i) in values.iter_mut().zip(&normal[..count]) {
            *v = self.table.at(i) as u32;
        }
        if self.mirror.is_some() {
            let mut again = [usize::MAX; MAX_CHILDREN];
            for k in 0..count {
                if values[k] <= limit {
                    again[k] = self.table.index(mirrored[k]);
                    self.table.prefetch(again[k]);
                }
            }
            for k in 0..count {
                if again[k] != usize::MAX {
                    values[k] = values[k].max(self.table.at(again[k]) as u32);
                }
            }
        }
        values
    }

    /// Depth-first search below `s` (whose heuristic value is `h`) within
    /// `bound` moves in all, `g` made; true when the goal is found
    /// (`path` then leads there).
    fn dfs(
        &self,
        s: &mut State,
        (g, h): (u32, u32),
        bound: u32,
        axis: Option<usize>,
        path: &mut Vec<u8>,
        run: &mut Run,
    ) -> bool {
        if g + h > bound {
            run.next_bound = run.next_bound.min(g + h);
            return false;
        }
        if h == 0 && Self::solved(s) {
            return true;
        }
        run.nodes += 1;
        if run.nodes.is_multiple_of(NODE_CHUNK)
            && (self.found.load(Ordering::Relaxed) < run.task
                || self.stop.flagged()
                || self.stop.nodes.is_some_and(|b| !b.charge(NODE_CHUNK)))
        {
            return false;
        }
        // A child's bound left: what its value may be without a prune.
        let values = self.children(s, axis, bound.saturating_sub(g + 1));
        let mut child = 0;
        for way in 0..4 {
            if axis == Some(way / 2) {
                continue;
            }
            let (blank, len) = (s.blank, path.len());
            while self.ways[s.blank][way] != u8::MAX {
                let from = self.ways[s.blank][way] as usize;
                self.step(s, from);
                path.push(from as u8);
                let h = values[child];
                child += 1;
                if g + 1 + h > bound {
                    // Pruned here: the step along the line goes on.
                    run.next_bound = run.next_bound.min(g + 1 + h);
                    continue;
                }
                if self.dfs(s, (g + 1, h), bound, Some(way / 2), path, run) {
                    return true;
                }
            }
            // Back along the line to where the blank was.
            while s.blank != blank {
                let back = path[path.len() - 2] as usize;
                self.step(s, back);
                path.pop();
            }
            debug_assert_eq!(path.len(), len);
        }
        false
    }
}

/// `packed` with the nibble on `from` moved to `to` (the blank's cell,
/// whose nibble is 0) and 0 left on `from`.
#[inline]
fn slide(packed: u64, to: usize, from: usize) -> u64 {
    let k = (packed >> (4 * from)) & 15;
    (packed & !(15 << (4 * from))) | k << (4 * to)
}

/// The number of multi-tile moves along a path of the blank's cells.
fn multi_tile_length(path: &[u8], cols: usize) -> u32 {
    let mut count = 0;
    let mut last = None;
    for w in path.windows(2) {
        let (a, b) = (w[0] as usize, w[1] as usize);
        let way = (b as isize - a as isize, a / cols == b / cols);
        if last != Some(way) {
            count += 1;
        }
        last = Some(way);
    }
    count
}

/// A shortest path in multi-tile moves from `tiles` (goal cells by cell,
/// [`BLANK_MARK`] the blank) to the goal, as the blank's cells (start
/// first), and the nodes expanded; `None` when `stop` ended the search.
/// `on_bound` hears each bound searched through and its nodes.
pub(crate) fn shortest(
    table: &ColorTable,
    tiles: &[u8],
    stop: Stop,
    on_bound: &mut dyn FnMut(u32, u64),
) -> Option<(Vec<u8>, u64)> {
    let coloring = &table.coloring;
    let mirror = coloring.mirrors().then(|| {
        (0..coloring.color.len())
            .map(|c| coloring.mirror(c) as u8)
            .collect()
    });
    let search = Search {
        table,
        ways: straight_ways(coloring.rows, coloring.cols),
        mirror,
        stop,
        found: AtomicUsize::new(usize::MAX),
        next_bound: AtomicU32::new(u32::MAX),
        nodes: AtomicU64::new(0),
    };
    let start = search.state(tiles);
    if Search::solved(&start) {
        return Some((vec![start.blank as u8], 0));
    }
    let tasks = search.paths(&start, TASK_DEPTH);
    let mut bound = search.h(&start);
    loop {
        search.next_bound.store(u32::MAX, Ordering::Relaxed);
        let results = map_in_order(tasks.len(), |task| {
            let (path, axis) = &tasks[task];
            if search.found.load(Ordering::Relaxed) < task {
                return None;
            }
            let mut s = start.clone();
            for &cell in &path[1..] {
                search.step(&mut s, cell as usize);
            }
            let g = multi_tile_length(path, coloring.cols);
            let mut path = path.clone();
            let mut run = Run {
                task,
                nodes: 0,
                next_bound: u32::MAX,
            };
            let h = search.h(&s);
            let found = search.dfs(&mut s, (g, h), bound, *axis, &mut path, &mut run);
            search.nodes.fetch_add(run.nodes, Ordering::Relaxed);
            search
                .next_bound
                .fetch_min(run.next_bound, Ordering::Relaxed);
            if found {
                search.found.fetch_min(task, Ordering::Relaxed);
            }
            found.then_some(path)
        });
        if let Some(path) = results.into_iter().flatten().next() {
            return Some((path, search.nodes.load(Ordering::Relaxed)));
        }
        if stop.now() {
            return None;
        }
        on_bound(bound, search.nodes.load(Ordering::Relaxed));
        bound = search.next_bound.load(Ordering::Relaxed);
        if bound == u32::MAX {
            return None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::search::rectangle::relabel;

    #[test]
    fn answers_are_as_short_as_breadth_first_search_finds() {
        use crate::board::Board;
        use crate::solve::search::bfs_multi_tile;
        let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(7);
        for (rows, cols, blank, max) in [(3, 3, 8, 3_000), (2, 4, 7, 2_000), (3, 3, 0, 1 << 20)] {
            let coloring = Coloring::within(rows, cols, blank, max);
            let table = table(&coloring, None, &|_| {}, Stop::default()).unwrap();
            let board: Board = format!("{rows}x{cols}").parse().unwrap();
            let n = (rows * cols) as u32;
            let goal: Vec<u32> = (0..n)
                .map(|c| if c == blank as u32 { 0 } else { c + 1 })
                .collect();
            for _ in 0..12 {
                // A random arrangement reachable from the goal.
                let mut from = goal.clone();
                for _ in 0..200 {
                    let b = from.iter().position(|&t| t == 0).unwrap();
                    let ways = straight_ways(rows, cols);
                    let w = ways[b][rand::Rng::random_range(&mut rng, 0..4)];
                    if w != u8::MAX {
                        from.swap(b, w as usize);
                    }
                }
                let (tiles, blank_goal) = relabel(&from, &goal);
                assert_eq!(blank_goal, blank);
                let (path, _) = shortest(&table, &tiles, Stop::default(), &mut |_, _| {}).unwrap();
                let best = bfs_multi_tile::shortest(&board, &from, &goal).unwrap();
                let theirs = crate::moves::multi_tile_moves(&board, &best.moves).unwrap();
                assert_eq!(multi_tile_length(&path, cols) as u64, theirs, "{from:?}");
                let moves = crate::solve::search::rectangle::path_moves(&path);
                assert_eq!(crate::solve::search::played(&from, &moves), goal);
            }
        }
    }
}
