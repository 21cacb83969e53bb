//! Colored tables: exact distances in multi-tile moves in an abstraction
//! of a rectangle of up to 16 cells where the tiles come in a few
//! colors, those of one color interchangeable (the blank keeps its own).
//! The multi-tile search's heuristic (`ida_multi_tile`).
//!
//! Additive pattern databases are no lower bound in multi-tile moves:
//! one move slides tiles of several patterns at once. A table over the
//! whole board, every tile colored by its goal cell, is: each move of
//! the puzzle is a move of its abstraction, so the abstraction's
//! distance (found by breadth-first search backwards from the goal, a
//! multi-tile move costing one) never exceeds the puzzle's. On 4×4 the
//! colors are blocks of 2, 4, 5 and 4 goal cells (slidy's choice: 151 M
//! abstract states, a byte each), turned with the blank's goal corner;
//! where the blank's goal is on the main diagonal the table is also
//! looked up on the board mirrored about it, which colors the tiles
//! differently (the larger value counts). Elsewhere the goal cells far
//! from the blank's goal are colored apart and the near ones shared, as
//! many apart as keep the table within 2^24 entries.
//!
//! A state is packed 4 bits a cell (its tile's color, 0 the blank);
//! its index is the blank's cell, then each color's cells among those
//! left as a combination (the combinatorial number system).

use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

use rayon::prelude::*;

use std::path::Path;

use crate::solve::error::PdbError;
use crate::solve::search::pdb::{Bytes, colored_header, load_table, save_table};
use crate::solve::search::rectangle::BLANK_MARK;
use crate::stop::Stop;

/// The most entries of a table this module makes off 4×4: 16.8 M, built
/// in seconds (3×4's whole state space is 239 M).
const MAX_ENTRIES: u64 = 1 << 24;
/// Not yet reached, in a table being built.
const UNSEEN: u8 = u8::MAX;
/// States expanded between two looks at the stop flag.
const CHUNK: usize = 4096;

/// The four straight ways from each cell (up, down, left, right), as the
/// next cell that way: `u8::MAX` at the edge.
pub(crate) fn straight_ways(rows: usize, cols: usize) -> Vec<[u8; 4]> {
    (0..rows * cols)
        .map(|c| {
            let (r, k) = (c / cols, c % cols);
            let step = |ok: bool, to: usize| if ok { to as u8 } else { u8::MAX };
            [
                step(r > 0, c.wrapping_sub(cols)),
                step(r + 1 < rows, c + cols),
                step(k > 0, c.wrapping_sub(1)),
                step(k + 1 < cols, c + 1),
            ]
        })
        .collect()
}

/// Which tiles share a color: per goal cell, its color (1, 2, …; 0 for
/// the blank's goal cell).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Coloring {
    pub(crate) rows: usize,
    pub(crate) cols: usize,
    pub(crate) blank: u8,
    pub(crate) color: Vec<u8>,
}

impl Coloring {
    /// The coloring a search on `rows` × `cols` (at most 16 cells) with
    /// the blank's goal on `blank` uses (see the module's notes).
    pub(crate) fn for_rectangle(rows: usize, cols: usize, blank: u8) -> Self {
        Self::within(rows, cols, blank, MAX_ENTRIES)
    }

    /// [`for_rectangle`](Self::for_rectangle) with at most `max_entries`
    /// off 4×4 (tests make coarse tables this way).
    pub(crate) fn within(rows: usize, cols: usize, blank: u8, max_entries: u64) -> Self {
        let n = rows * cols;
        assert!((2..=16).contains(&n) && (blank as usize) < n);
        let corner = [0, cols - 1, n - cols, n - 1].contains(&(blank as usize));
        if (rows, cols) == (4, 4) && corner {
            // Blank's goal bottom right; turned to the blank's corner.
            const LAST: [u8; 16] = [1, 1, 2, 2, 3, 3, 2, 2, 3, 3, 4, 4, 3, 4, 4, 0];
            let turn = |c: usize| match blank {
                0 => 15 - c,
                3 => (3 - c / 4) * 4 + c % 4,
                12 => (c / 4) * 4 + 3 - c % 4,
                _ => c,
            };
            let mut color = vec![0; 16];
            for (c, &k) in LAST.iter().enumerate() {
                color[turn(c)] = k;
            }
            return Self {
                rows,
                cols,
                blank,
                color,
            };
        }
        // Farthest from the blank's goal first; ties in cell order.
        let distance = |c: usize| {
            let b = blank as usize;
            (c / cols).abs_diff(b / cols) + (c % cols).abs_diff(b % cols)
        };
        let mut order: Vec<usize> = (0..n).filter(|&c| c != blank as usize).collect();
        order.sort_by_key(|&c| std::cmp::Reverse(distance(c)));
        let sizes = class_sizes(n, max_entries);
        let mut color = vec![0; n];
        let mut at = 0;
        for (k, &size) in sizes.iter().enumerate() {
            for &c in &order[at..at + size] {
                color[c] = k as u8 + 1;
            }
            at += size;
        }
        Self {
            rows,
            cols,
            blank,
            color,
        }
    }

    /// The colors: how many there are (not counting the blank).
    fn colors(&self) -> usize {
        *self.color.iter().max().expect("cells") as usize
    }

    /// How many goal cells each color has, color 1 first.
    fn sizes(&self) -> Vec<usize> {
        let mut sizes = vec![0; self.colors()];
        for &k in self.color.iter().filter(|&&k| k > 0) {
            sizes[k as usize - 1] += 1;
        }
        sizes
    }

    /// Whether the board mirrored about its main diagonal keeps the
    /// blank's goal: then a state and its mirror image (each tile moved
    /// to the mirrored cell and given the mirrored goal) are as far from
    /// the goal, and the table may be looked up on both.
    pub(crate) fn mirrors(&self) -> bool {
        self.rows == self.cols && self.mirror(self.blank as usize) == self.blank as usize
    }

    /// The cell mirrored about the main diagonal (square boards).
    pub(crate) fn mirror(&self, c: usize) -> usize {
        (c % self.cols) * self.cols + c / self.cols
    }
}

/// Sizes of the colors for `n` cells (the blank apart), the smaller ones
/// first (they go to the goal cells far from the blank's), as many
/// colors as keep the table within `max_entries`: classes of s and s + 1
/// cells, the arrangement with the most entries that fits.
fn class_sizes(n: usize, max_entries: u64) -> Vec<usize> {
    let tiles = n - 1;
    let mut best: Option<(u64, Vec<usize>)> = None;
    for s in 1..=tiles {
        for big in 0..=tiles / (s + 1) {
            let rest = tiles - big * (s + 1);
            let mut sizes = vec![s; rest / s];
            if !rest.is_multiple_of(s) {
                sizes.insert(0, rest % s);
            }
            sizes.extend(std::iter::repeat_n(s + 1, big));
            let entries = entries_of(n, &sizes);
            if entries.is_some_and(|e| e <= max_entries)
                && best.as_ref().is_none_or(|(b, _)| entries > Some(*b))
            {
                best = Some((entries.expect("checked"), sizes));
            }
        }
    }
    best.expect("one color always fits").1
}

/// Binomial coefficients up to 16.
fn binomials() -> [[u64; 17]; 17] {
    let mut b = [[0u64; 17]; 17];
    for n in 0..17 {
        b[n][0] = 1;
        for k in 1..=n {
            b[n][k] = b[n - 1][k - 1] + if k < n { b[n - 1][k] } else { 0 };
        }
    }
    b
}

/// The abstract states of `n` cells with colors of `sizes`: the blank's
/// cell, then each color's cells among those left.
fn entries_of(n: usize, sizes: &[usize]) -> Option<u64> {
    let b = binomials();
    let mut left = n - 1;
    let mut total = n as u64;
    for &s in sizes {
        total = total.checked_mul(b[left][s])?;
        left -= s;
    }
    Some(total)
}

/// The lexicographic rank of an arrangement of colors (the blank a color
/// of its own, the lowest) as two lookups, slidy's way: the rank is
/// what the first half's cells add, which depends on them alone, plus
/// the rank of the second half among the arrangements of its own
/// colors. Each half is read as a number in base colors + 1, four cells
/// at a time through a table of every 16-bit nibble quadruple.
struct Halves {
    /// Cells in the first half.
    first: usize,
    /// Four nibbles as a number in base colors + 1 (below 16^4).
    base: Vec<u16>,
    /// (colors + 1)^4.
    quad: usize,
    /// What the first half adds, by its number; the second half's rank.
    high: Vec<u32>,
    low: Vec<u32>,
}

impl Halves {
    fn new(coloring: &Coloring) -> Self {
        let n = coloring.color.len();
        let radix = coloring.colors() + 1;
        // How many cells of each color (the blank's first).
        let mut tally = vec![1usize];
        tally.extend(coloring.sizes());
        let first = n / 2;
        let base = (0..1usize << 16)
            .map(|v| {
                (0..4).rev().fold(0u16, |acc, i| {
                    let d = (v >> (4 * i)) & 15;
                    acc * radix as u16 + d.min(radix - 1) as u16
                })
            })
            .collect();
        let facts: Vec<u64> = (0..=16u64)
            .scan(1u64, |f, i| {
                let out = *f;
                *f *= i + 1;
                Some(out)
            })
            .collect();
        // Arrangements of a multiset of `left` counts.
        let arrangements = |left: &[usize]| {
            let n: usize = left.iter().sum();
            left.iter().fold(facts[n], |acc, &c| acc / facts[c])
        };
        // The rank of `digits` read from a multiset of `left` counts
        // (those after it excluded from nothing: a prefix's share).
        let share = |digits: &[usize], left: &mut Vec<usize>| -> Option<u64> {
            let mut rank = 0;
            for &d in digits {
                if left[d] == 0 {
                    return None;
                }
                for v in 0..d {
                    if left[v] > 0 {
                        left[v] -= 1;
                        rank += arrangements(left);
                        left[v] += 1;
                    }
                }
                left[d] -= 1;
            }
            Some(rank)
        };
        let table = |len: usize, of_own: bool| -> Vec<u32> {
            let size = radix.pow(len as u32);
            (0..size)
                .map(|code| {
                    let digits: Vec<usize> = (0..len)
                        .map(|i| code / radix.pow(i as u32) % radix)
                        .collect();
                    let mut left = if of_own {
                        let mut own = vec![0; radix];
                        for &d in &digits {
                            own[d] += 1;
                        }
                        own
                    } else {
                        tally.clone()
                    };
                    if of_own && left.iter().zip(&tally).any(|(o, t)| o > t) {
                        return 0;
                    }
                    share(&digits, &mut left).map_or(0, |r| r as u32)
                })
                .collect()
        };
        Self {
            first,
            base,
            quad: radix.pow(4),
            high: table(first, false),
            low: table(n - first, true),
        }
    }

    /// The number of up to eight nibbles, in base colors + 1.
    #[inline]
    fn number(&self, nibbles: u64) -> usize {
        self.base[(nibbles & 0xFFFF) as usize] as usize
            + self.quad * self.base[((nibbles >> 16) & 0xFFFF) as usize] as usize
    }

    #[inline]
    fn rank(&self, packed: u64) -> usize {
        let bits = 4 * self.first;
        let head = packed & ((1u64 << bits) - 1);
        self.high[self.number(head)] as usize + self.low[self.number(packed >> bits)] as usize
    }
}

/// A colored table: each abstract state's fewest multi-tile moves to the
/// goal's.
pub(crate) struct ColorTable {
    pub(crate) coloring: Coloring,
    /// The index's two halves.
    halves: Halves,
    table: Entries,
}

/// A table's bytes: built here, or from a file (read or mapped).
enum Entries {
    Built(Vec<u8>),
    Loaded(Bytes),
}

impl std::ops::Deref for Entries {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match self {
            Self::Built(v) => v,
            Self::Loaded(b) => b,
        }
    }
}

impl std::fmt::Debug for ColorTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ColorTable")
            .field("coloring", &self.coloring)
            .field("entries", &self.table.len())
            .finish()
    }
}

impl ColorTable {
    /// The table's entries.
    pub(crate) fn entries(coloring: &Coloring) -> u64 {
        entries_of(coloring.color.len(), &coloring.sizes()).expect("checked when made")
    }

    /// The state packed: each cell's tile's color (`tiles[cell]` its goal
    /// cell, [`BLANK_MARK`] the blank), 4 bits a cell.
    pub(crate) fn pack(coloring: &Coloring, tiles: &[u8]) -> u64 {
        tiles.iter().enumerate().fold(0, |v, (cell, &t)| {
            let k = if t == BLANK_MARK {
                0
            } else {
                coloring.color[t as usize]
            };
            v | u64::from(k) << (4 * cell)
        })
    }

    /// Where the packed state's entry is: its rank among the
    /// arrangements of the goal's colors in lexicographic order (the
    /// blank the lowest), the sum of two table lookups (see [`Halves`]).
    #[inline]
    pub(crate) fn index(&self, packed: u64) -> usize {
        self.halves.rank(packed)
    }

    /// The packed state's value.
    #[inline]
    pub(crate) fn value(&self, packed: u64) -> u8 {
        self.table[self.index(packed)]
    }

    /// The value at `index`.
    #[inline]
    pub(crate) fn at(&self, index: usize) -> u8 {
        self.table[index]
    }

    /// Asks the processor to fetch the entry at `index` ahead of its
    /// lookup.
    #[inline]
    pub(crate) fn prefetch(&self, index: usize) {
        crate::solve::search::prefetch::prefetch(&self.table, index);
    }

    /// Builds the table by breadth-first search backwards from the goal
    /// on all cores, calling `progress` with the states reached after
    /// each layer; `None` when `stop` ended it.
    pub(crate) fn build(
        coloring: &Coloring,
        progress: &(dyn Fn(u64) + Sync),
        stop: Stop,
    ) -> Option<Self> {
        let size = Self::entries(coloring) as usize;
        let mut this = Self {
            coloring: coloring.clone(),
            halves: Halves::new(coloring),
            table: Entries::Built(Vec::new()),
        };
        let seen: Vec<AtomicU8> = (0..size).map(|_| AtomicU8::new(UNSEEN)).collect();
        let ways = straight_ways(coloring.rows, coloring.cols);
        let goal: Vec<u8> = (0..coloring.color.len() as u8)
            .map(|c| if c == coloring.blank { BLANK_MARK } else { c })
            .collect();
        let start = Self::pack(coloring, &goal);
        seen[this.index(start)].store(0, Ordering::Relaxed);
        let reached = AtomicU64::new(1);
        let mut frontier = vec![vec![start]];
        let mut depth = 0u8;
        while frontier.iter().any(|layer| !layer.is_empty()) {
            depth += 1;
            frontier = frontier
                .par_iter()
                .flat_map(|layer| layer.par_chunks(CHUNK))
                .map(|chunk| {
                    let mut next = Vec::new();
                    if stop.now() {
                        return next;
                    }
                    for &state in chunk {
                        for_each_move(state, &ways, |child| {
                            let slot = &seen[this.index(child)];
                            if slot.load(Ordering::Relaxed) == UNSEEN
                                && slot
                                    .compare_exchange(
                                        UNSEEN,
                                        depth,
                                        Ordering::Relaxed,
                                        Ordering::Relaxed,
                                    )
                                    .is_ok()
                            {
                                next.push(child);
                            }
                        });
                    }
                    reached.fetch_add(next.len() as u64, Ordering::Relaxed);
                    next
                })
                .collect();
            if stop.now() {
                return None;
            }
            progress(reached.load(Ordering::Relaxed));
        }
        this.table = Entries::Built(seen.into_iter().map(AtomicU8::into_inner).collect());
        Some(this)
    }

    /// The file name of `coloring`'s table in a cache.
    pub(crate) fn file_name(coloring: &Coloring) -> String {
        format!(
            "pdb-colors-{}x{}-b{}.bin",
            coloring.rows, coloring.cols, coloring.blank
        )
    }

    fn header(coloring: &Coloring) -> Vec<u8> {
        colored_header(
            coloring.rows,
            coloring.cols,
            coloring.blank,
            &coloring.color,
            Self::entries(coloring),
        )
    }

    /// Writes the table to `path`.
    ///
    /// # Errors
    /// [`PdbError::Io`] when it cannot be written.
    pub(crate) fn save(&self, path: &Path) -> Result<(), PdbError> {
        save_table(path, &Self::header(&self.coloring), &self.table)
    }

    /// Reads (or maps) the table of `coloring` from `path`, checked.
    ///
    /// # Errors
    /// As a pattern database's load: the file missing, damaged or of
    /// another table.
    pub(crate) fn load(path: &Path, coloring: &Coloring, mapped: bool) -> Result<Self, PdbError> {
        let len = Self::entries(coloring) as usize;
        let (bytes, _) = load_table(path, &Self::header(coloring), &|n| n == len, mapped)?;
        Ok(Self {
            coloring: coloring.clone(),
            halves: Halves::new(coloring),
            table: Entries::Loaded(bytes),
        })
    }
}

/// The packed state's blank cell: its one zero nibble.
#[inline]
pub(crate) fn blank_of(packed: u64, cells: usize) -> usize {
    (0..cells)
        .find(|&c| (packed >> (4 * c)) & 15 == 0)
        .expect("a blank")
}

/// Calls `visit` with each state one multi-tile move from `state`.
#[inline]
#[allow(clippy::needless_range_loop)] // `way` picks a column of rows that change
fn for_each_move(state: u64, ways: &[[u8; 4]], mut visit: impl FnMut(u64)) {
    let blank = blank_of(state, ways.len());
    for way in 0..4 {
        let (mut at, mut next) = (blank, state);
        while ways[at][way] != u8::MAX {
            let from = ways[at][way] as usize;
            let k = (next >> (4 * from)) & 15;
            next = (next & !(15 << (4 * from))) | k << (4 * at);
            at = from;
            visit(next);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::{HashMap, VecDeque};

    /// Every arrangement's fewest multi-tile moves to `goal` (a vector of
    /// labels, `blank` the blank's), by breadth-first search over whole
    /// vectors moved by swaps.
    #[allow(clippy::needless_range_loop)] // `way` picks a column of rows that change
    fn distances(rows: usize, cols: usize, goal: Vec<u8>, blank: u8) -> HashMap<Vec<u8>, u8> {
        let ways = straight_ways(rows, cols);
        let mut dist = HashMap::from([(goal.clone(), 0u8)]);
        let mut queue = VecDeque::from([goal]);
        while let Some(s) = queue.pop_front() {
            let d = dist[&s];
            let b = s.iter().position(|&t| t == blank).unwrap();
            for way in 0..4 {
                let (mut at, mut next) = (b, s.clone());
                while ways[at][way] != u8::MAX {
                    let from = ways[at][way] as usize;
                    next.swap(at, from);
                    at = from;
                    if !dist.contains_key(&next) {
                        dist.insert(next.clone(), d + 1);
                        queue.push_back(next.clone());
                    }
                }
            }
        }
        dist
    }

    /// [`distances`] of the arrangements of distinct tiles (goal cells,
    /// [`BLANK_MARK`] the blank) to the tiles on their goal cells.
    fn exact(rows: usize, cols: usize, blank: u8) -> HashMap<Vec<u8>, u8> {
        let goal = (0..(rows * cols) as u8)
            .map(|c| if c == blank { BLANK_MARK } else { c })
            .collect();
        distances(rows, cols, goal, BLANK_MARK)
    }

    #[test]
    fn coarse_tables_bound_every_state_of_small_boards() {
        for (rows, cols, blank, max) in [(3, 3, 8, 2_000), (3, 3, 4, 500), (2, 4, 0, 1_000)] {
            let coloring = Coloring::within(rows, cols, blank, max);
            assert!(coloring.colors() >= 2, "{coloring:?}");
            let table = ColorTable::build(&coloring, &|_| {}, Stop::default()).unwrap();
            assert!(
                table.table.iter().all(|&d| d != UNSEEN),
                "every abstract state reached"
            );
            let mut exact_somewhere = false;
            for (state, &d) in &exact(rows, cols, blank) {
                let v = table.value(ColorTable::pack(&coloring, state));
                assert!(v <= d, "{state:?}: {v} > {d}");
                exact_somewhere |= v == d && d > 3;
            }
            assert!(exact_somewhere);
        }
    }

    #[test]
    fn entries_are_the_abstraction_s_own_distances() {
        // Breadth-first search over the colored arrangements themselves
        // (vectors of colors, moved by swaps), against every entry.
        for (rows, cols, blank, max) in [(3, 3, 8, 2_000), (2, 4, 5, 1_000)] {
            let coloring = Coloring::within(rows, cols, blank, max);
            let table = ColorTable::build(&coloring, &|_| {}, Stop::default()).unwrap();
            let dist = distances(rows, cols, coloring.color.clone(), 0);
            assert_eq!(dist.len() as u64, ColorTable::entries(&coloring));
            for (colors, &d) in &dist {
                let packed = colors
                    .iter()
                    .enumerate()
                    .fold(0u64, |v, (c, &k)| v | u64::from(k) << (4 * c));
                assert_eq!(table.value(packed), d, "{colors:?}");
            }
        }
    }

    #[test]
    fn the_index_is_a_bijection() {
        let coloring = Coloring::within(2, 4, 3, 300);
        let table = ColorTable {
            halves: Halves::new(&coloring),
            coloring: coloring.clone(),
            table: Entries::Built(Vec::new()),
        };
        let size = ColorTable::entries(&coloring) as usize;
        let mut seen = vec![false; size];
        let mut count = 0;
        // Every placement of the colors: permutations of the goal's.
        let goal: Vec<u8> = (0..8).map(|c| coloring.color[c]).collect();
        let mut perm = goal.clone();
        perm.sort_unstable();
        loop {
            let packed = perm
                .iter()
                .enumerate()
                .fold(0u64, |v, (c, &k)| v | u64::from(k) << (4 * c));
            let i = table.index(packed);
            assert!(i < size && !seen[i]);
            seen[i] = true;
            count += 1;
            if !next_permutation(&mut perm) {
                break;
            }
        }
        assert_eq!(count, size);
    }

    fn next_permutation(v: &mut [u8]) -> bool {
        let Some(i) = (1..v.len()).rev().find(|&i| v[i - 1] < v[i]) else {
            return false;
        };
        let j = (i..v.len()).rev().find(|&j| v[j] > v[i - 1]).unwrap();
        v.swap(i - 1, j);
        v[i..].reverse();
        true
    }

    #[test]
    fn four_by_four_takes_slidy_s_blocks_turned_to_the_blank() {
        let last = Coloring::for_rectangle(4, 4, 15);
        assert_eq!(ColorTable::entries(&last), 151_351_200);
        assert!(last.mirrors());
        let first = Coloring::for_rectangle(4, 4, 0);
        assert_eq!(first.color[0], 0);
        assert_eq!(first.color[15], 1);
        assert!(!Coloring::for_rectangle(4, 4, 3).mirrors());
        let wide = Coloring::for_rectangle(3, 4, 11);
        assert!(ColorTable::entries(&wide) <= MAX_ENTRIES);
    }
}
