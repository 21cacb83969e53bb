//! Additive disjoint pattern databases (Korf & Felner 2002) for
//! rectangular boards.
//!
//! A pattern is a set of goal cells: the tiles that belong there. Its
//! database holds, for every placement of those tiles and every region of
//! the other cells the blank can be in, the fewest moves *of pattern
//! tiles* that bring them home, the other tiles being interchangeable and
//! free to move. Those are exact distances in an abstraction of the
//! puzzle, so databases of disjoint patterns add up to a heuristic that is
//! admissible and consistent (a move changes at most one pattern's value,
//! by at most one).
//!
//! An entry is 32 bits: the least value over the placement's regions
//! (8 bits) and, for each region in the order of its lowest cell, its
//! excess over that least, halved (3 bits each, eight regions). The
//! excesses are even (a region's value has the parity of the others'),
//! and the shipped partitions never need more: their placements have at
//! most 7, 8 and 5 regions (4×4 with 7 or 8 tiles, 5×5 with 6), their
//! excesses reach 10. Elsewhere a ninth region shares the eighth slot and
//! an excess above 14 is kept at 14: both only lower values (admissible
//! still, consistency may break there). A table whose entries all but
//! a few fit 16 bits is kept in 16 (see [`entry`]). A lookup finds the blank's region
//! only where the placement's regions differ.
//!
//! They are built by breadth-first search backwards from the goal over
//! (placement, blank region) states: the blank moves for free inside the
//! region of non-pattern cells it is in, so a region stands for all its
//! cells. The search starts from the goal's blank cell only: where the
//! pattern's tiles wall that cell off (tiles 1 and 5 around the blank's
//! corner on 5×5), bringing the blank home costs pattern moves, and a
//! database that started from every region would not count them. Layers
//! are expanded on all cores. Databases are written to a cache folder
//! the caller chooses, in a versioned format with a CRC-32, and rebuilt
//! when missing or damaged.
//!
//! The files of this folder: [`build`](mod@build) (the search), [`entry`]
//! (how an entry packs its values), [`table`] (the table's memory and its
//! two `unsafe`s), [`geometry`] (bit masks of
//! the rectangle), [`file`] (the file format), [`cache`] (the folder)
//! and [`registry`] (the tables shared in memory, and the memory
//! reserved for builds).

mod build;
mod cache;
mod entry;
mod file;
mod geometry;
mod page_cache;
mod registry;
mod table;

pub use cache::PdbCache;
pub(crate) use cache::{Save, load_or_build};
pub(crate) use file::{colored_header, load as load_table, save as save_table};
pub(crate) use geometry::grid_neighbours;
pub(crate) use registry::{
    Reservation, at_hand, in_memory, in_memory_or_resident, reserve, shared,
};
pub(crate) use table::Bytes;

pub(crate) use entry::Width;
use entry::{MAX_HALF_EXCESS, SLOT_BITS, SLOTS};
use geometry::Geometry;

use crate::solve::error::Limit;

/// Boards of up to 64 cells: blank regions are 64-bit masks (32-bit
/// ones while a database of a board of up to 32 cells is built, which
/// halves what the build marks).
pub(crate) const MAX_TABLE_CELLS: usize = 64;
/// The largest database built: 2^29 entries, enough for 8 tiles on 4×4
/// (519M entries, 4 bytes each and 4 more while building).
pub(crate) const MAX_PLACEMENTS: usize = 1 << 29;
/// Bytes per entry while a table is built, and at most once it is.
const ENTRY: usize = Width::Wide.bytes();

/// The memory that building `patterns` one after another takes at its
/// peak, in bytes: every table kept (an entry each) and, while the
/// largest is built, a mask per entry of the regions reached (4 bytes,
/// 8 past 32 cells; the layers' states come on top, a few per cent).
pub(crate) fn build_memory(patterns: &[Pattern]) -> u64 {
    let tables: u64 = patterns.iter().map(table_bytes).sum();
    let marks = patterns
        .iter()
        .map(|p| (p.placements() as u64).saturating_mul(build::mark_bytes(p.rows * p.cols)))
        .max()
        .unwrap_or(0);
    tables.saturating_add(marks)
}

/// The placements of `tiles` distinct tiles on `cells` cells:
/// cells! / (cells − tiles)!; `None` past `usize`.
pub(crate) fn placements(cells: usize, tiles: usize) -> Option<usize> {
    (0..tiles).try_fold(1usize, |acc, i| acc.checked_mul(cells.checked_sub(i)?))
}

/// The bytes the table of `pattern` takes in memory, at most (a table
/// kept narrow takes half).
pub(crate) fn table_bytes(pattern: &Pattern) -> u64 {
    (pattern.placements() as u64).saturating_mul(ENTRY as u64)
}

/// A pattern: a rectangle and the goal cells of the pattern's tiles.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Pattern {
    /// Rows of the board.
    pub rows: usize,
    /// Columns of the board.
    pub cols: usize,
    /// Goal cells of the pattern's tiles, in a fixed order.
    pub cells: Vec<u8>,
    /// Goal cell of the blank (not one of `cells`).
    pub blank: u8,
}

impl Pattern {
    /// The number of placements of the pattern's tiles: N!/(N-k)!
    /// (`usize::MAX` past it: [`check_size`](Self::check_size) refuses
    /// such patterns).
    pub(crate) fn placements(&self) -> usize {
        placements(self.rows * self.cols, self.cells.len()).unwrap_or(usize::MAX)
    }

    /// Checks that the database can be built here: the blank's goal is a
    /// free cell of the board, and there are at most [`MAX_PLACEMENTS`]
    /// entries (the build takes about 8 bytes each).
    ///
    /// # Errors
    /// [`Limit::BlankGoal`] or [`Limit::PatternTooBig`] when it cannot.
    pub(crate) fn check_size(&self) -> Result<(), Limit> {
        let n = self.rows * self.cols;
        if self.blank as usize >= n || self.cells.contains(&self.blank) {
            return Err(Limit::BlankGoal(self.blank.into()));
        }
        let size = placements(n, self.cells.len()).filter(|&s| {
            s <= MAX_PLACEMENTS
                && n <= MAX_TABLE_CELLS
                && self.cells.len() < n
                && build::packs(n, self.cells.len())
        });
        match size {
            Some(_) => Ok(()),
            None => Err(Limit::PatternTooBig {
                tiles: self.cells.len(),
                cells: n,
                max: MAX_PLACEMENTS,
            }),
        }
    }

    /// The file name of this pattern's database in the cache.
    pub(crate) fn file_name(&self) -> String {
        let cells: Vec<String> = self.cells.iter().map(u8::to_string).collect();
        format!(
            "pdb-{}x{}-b{}-{}.bin",
            self.rows,
            self.cols,
            self.blank,
            cells.join(".")
        )
    }
}

/// Perfect rank of a placement (distinct cells `positions` of a board of
/// `n` cells): mixed radix n, n-1, …, n-k+1.
#[inline]
pub(crate) fn rank(positions: &[u8], n: usize) -> usize {
    let mut used = 0u64;
    let mut r = 0usize;
    for (i, &p) in positions.iter().enumerate() {
        let below = (used & ((1u64 << p) - 1)).count_ones() as usize;
        r = r * (n - i) + p as usize - below;
        used |= 1 << p;
    }
    r
}

/// The cells a placement's tiles hold, a bit each.
#[inline]
fn occupied(positions: &[u8]) -> u64 {
    positions.iter().fold(0u64, |m, &p| m | 1 << p)
}

/// A pattern database: for each placement rank, the distance.
pub(crate) struct PatternDb {
    /// The pattern.
    pub pattern: Pattern,
    geo: Geometry,
    /// The placements, as many as entries.
    entries: usize,
    width: Width,
    table: Bytes,
}

impl std::fmt::Debug for PatternDb {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PatternDb")
            .field("pattern", &self.pattern)
            .field("entries", &self.len())
            .field("width", &self.width)
            .finish()
    }
}

/// Progress of a build, after each layer.
#[derive(Clone, Copy, Debug)]
pub(crate) struct BuildProgress {
    /// Placements found so far, out of `Pattern::placements`.
    pub placements: u64,
}

impl PatternDb {
    /// The fewest pattern-tile moves for pattern tiles on `positions` (in
    /// pattern order) with the blank on `blank`.
    #[inline]
    pub(crate) fn lookup(&self, positions: &[u8], blank: u8) -> u8 {
        self.lookup_ranked(self.rank(positions), positions, blank)
    }

    /// The rank of the placement `positions` (pattern order): where its
    /// entry is.
    #[inline]
    pub(crate) fn rank(&self, positions: &[u8]) -> usize {
        rank(positions, self.pattern.rows * self.pattern.cols)
    }

    /// Asks the processor to fetch the entry of rank `r` from memory
    /// ahead of its lookup: a search that knows all its children's ranks
    /// first has their cache misses in flight together.
    #[inline]
    pub(crate) fn prefetch(&self, r: usize) {
        crate::solve::search::prefetch::prefetch(&self.table, r * self.width.bytes());
    }

    /// [`lookup`](Self::lookup) with the placement's rank already known.
    #[inline]
    pub(crate) fn lookup_ranked(&self, r: usize, positions: &[u8], blank: u8) -> u8 {
        let (least, excesses, width) = self.width.read(&self.table, r, self.entries);
        if excesses == 0 {
            // One region, or all alike: no need to find the blank's.
            return least;
        }
        let free = self.geo.all & !occupied(positions);
        let slot = self.geo.slot(self.geo.region(1 << blank, free), free);
        least.wrapping_add(2 * width.half_excess(excesses, slot) as u8)
    }

    /// The number of entries.
    #[allow(clippy::len_without_is_empty)] // never empty, once built
    pub(crate) fn len(&self) -> usize {
        self.entries
    }

    /// How wide its entries are.
    #[cfg(test)]
    pub(crate) fn width(&self) -> Width {
        self.width
    }

    /// The bytes its table takes in memory.
    pub(crate) fn bytes(&self) -> u64 {
        self.table.len() as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_is_a_bijection() {
        let n = 6;
        let mut seen = std::collections::HashSet::new();
        for a in 0..n as u8 {
            for b in 0..n as u8 {
                for c in 0..n as u8 {
                    if a != b && b != c && a != c {
                        let r = rank(&[a, b, c], n);
                        assert!(r < 6 * 5 * 4);
                        assert!(seen.insert(r));
                    }
                }
            }
        }
        assert_eq!(seen.len(), 120);
    }

    #[test]
    fn oversized_patterns_are_refused_before_any_memory_is_taken() {
        let pattern = Pattern {
            rows: 4,
            cols: 4,
            cells: (0..9).collect(),
            blank: 15,
        };
        assert!(matches!(
            pattern.check_size(),
            Err(Limit::PatternTooBig { tiles: 9, .. })
        ));
        let walled = Pattern {
            cells: vec![1, 2],
            blank: 2,
            ..pattern
        };
        assert_eq!(walled.check_size(), Err(Limit::BlankGoal(2)));
    }
}
