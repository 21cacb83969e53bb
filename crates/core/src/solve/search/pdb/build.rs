//! Building a database: breadth-first search backwards from the goal over
//! (placement, blank region) states, layer by layer on all cores.
//!
//! A state is the tiles' positions packed 5 bits each (6 past 32 cells),
//! with one cell of the blank's region. Each placement's entry is made in
//! place in the table's memory (the least depth and, per region slot, its
//! excess), and the regions already reached are marked in a mask of the
//! board's cells per placement: 32 bits up to 32 cells, 64 past them.

use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};

use rayon::prelude::*;

use super::geometry::Geometry;
use super::table::{Bytes, Table};
use super::{
    BuildProgress, ENTRY, MAX_HALF_EXCESS, MAX_TABLE_CELLS, Pattern, PatternDb, SLOT_BITS, SLOTS,
    Width, occupied, rank,
};
use crate::solve::error::PdbError;
use crate::stop::Stop;

/// States are expanded in chunks of this many; the cancel flag is looked
/// at before each.
const CHUNK: usize = 4096;

/// Boards of up to this many cells are built with 5-bit positions and
/// 32-bit masks of reached regions; bigger ones with 6-bit positions and
/// 64-bit masks.
const NARROW_UP_TO: usize = 32;

/// The bits of one position in a packed state on a board of `n` cells.
fn position_bits(n: usize) -> u32 {
    if n <= NARROW_UP_TO { 5 } else { 6 }
}

/// The bytes a build marks reached regions in, per placement, on a board
/// of `n` cells.
pub(super) fn mark_bytes(n: usize) -> u64 {
    let bytes = if n <= NARROW_UP_TO {
        size_of::<AtomicU32>()
    } else {
        size_of::<AtomicU64>()
    };
    bytes as u64
}

/// Whether a state of `tiles` tiles on a board of `n` cells packs into a
/// word (the blank's cell and each tile's).
pub(super) fn packs(n: usize, tiles: usize) -> bool {
    (tiles + 1) * position_bits(n) as usize <= 64
}

/// The regions of a placement already reached, as a mask of the cells
/// they cover, marked by all threads at once.
trait Reached: Send + Sync {
    fn none() -> Self;
    fn get(&self) -> u64;
    /// Adds `bits`; what was there before.
    fn add(&self, bits: u64) -> u64;
}

impl Reached for AtomicU32 {
    fn none() -> Self {
        Self::new(0)
    }
    #[inline]
    fn get(&self) -> u64 {
        self.load(Ordering::Relaxed).into()
    }
    #[inline]
    fn add(&self, bits: u64) -> u64 {
        // Up to 32 cells: every mask fits.
        self.fetch_or(bits as u32, Ordering::Relaxed).into()
    }
}

impl Reached for AtomicU64 {
    fn none() -> Self {
        Self::new(0)
    }
    #[inline]
    fn get(&self) -> u64 {
        self.load(Ordering::Relaxed)
    }
    #[inline]
    fn add(&self, bits: u64) -> u64 {
        self.fetch_or(bits, Ordering::Relaxed)
    }
}

impl PatternDb {
    /// Builds the database by breadth-first search on all cores, calling
    /// `progress` after each layer; `None` when `stop` ended it (it is
    /// looked at every 4,096 states).
    ///
    /// # Errors
    /// [`PdbError::OutOfMemory`] when the table's memory cannot be had.
    ///
    /// # Panics
    /// When the pattern does not fit its board (see [`Pattern::check_size`]).
    pub(crate) fn build(
        pattern: &Pattern,
        progress: &(dyn Fn(BuildProgress) + Sync),
        stop: Stop,
    ) -> Result<Option<Self>, PdbError> {
        let n = pattern.rows * pattern.cols;
        assert!(
            n <= MAX_TABLE_CELLS && packs(n, pattern.cells.len()) && n > pattern.cells.len(),
            "pattern too large for this board"
        );
        assert!(
            (pattern.blank as usize) < n && !pattern.cells.contains(&pattern.blank),
            "the blank's goal is a free cell"
        );
        let geo = Geometry::new(pattern.rows, pattern.cols);
        let size = pattern.placements();
        let mut table = Table::zeroed(size * ENTRY).map_err(|error| PdbError::OutOfMemory {
            bytes: size * ENTRY,
            error,
        })?;
        // Not reached yet: least value 0xFF, every slot all ones.
        table.fill(0xFF);
        let entries = table.as_atomics(size);
        let done = if n <= NARROW_UP_TO {
            Search::<AtomicU32>::new(pattern, &geo, entries)?.run(pattern, progress, stop)?
        } else {
            Search::<AtomicU64>::new(pattern, &geo, entries)?.run(pattern, progress, stop)?
        };
        if !done {
            return Ok(None);
        }
        // Kept narrow where all but a few entries fit: half the memory.
        let (width, table) = match super::entry::narrow(&table) {
            Some(narrow) => (Width::Narrow, narrow),
            None => (Width::Wide, table),
        };
        Ok(Some(Self {
            pattern: pattern.clone(),
            geo,
            entries: size,
            width,
            table: Bytes::Owned(table),
        }))
    }
}

/// One build's shared state, written by all threads at once.
struct Search<'a, R> {
    geo: &'a Geometry,
    n: usize,
    tiles: usize,
    bits: u32,
    /// Per placement: the blank's regions already reached.
    seen: Vec<R>,
    /// Per placement: the entry being made.
    entries: &'a [AtomicU32],
    /// Placements reached so far.
    placements: AtomicU64,
}

impl<'a, R: Reached> Search<'a, R> {
    /// A search that makes `entries`, with its marks' memory.
    ///
    /// # Errors
    /// [`PdbError::OutOfMemory`] when the marks' memory cannot be had.
    fn new(
        pattern: &Pattern,
        geo: &'a Geometry,
        entries: &'a [AtomicU32],
    ) -> Result<Self, PdbError> {
        let size = entries.len();
        // Asked for as a fallible reservation: a refusal is an error, not
        // an abort of the whole process.
        let mut seen = Vec::new();
        seen.try_reserve_exact(size)
            .map_err(|e| PdbError::OutOfMemory {
                bytes: size * size_of::<R>(),
                error: std::io::Error::new(std::io::ErrorKind::OutOfMemory, e),
            })?;
        seen.extend((0..size).map(|_| R::none()));
        let n = pattern.rows * pattern.cols;
        Ok(Search {
            geo,
            n,
            tiles: pattern.cells.len(),
            bits: position_bits(n),
            seen,
            entries,
            placements: AtomicU64::new(0),
        })
    }

    /// Every layer, on all cores; false when `stop` ended it.
    ///
    /// # Errors
    /// [`PdbError::OutOfMemory`] when a layer's states cannot be held
    /// (asked for as fallible reservations: a refusal, not an abort).
    fn run(
        self,
        pattern: &Pattern,
        progress: &(dyn Fn(BuildProgress) + Sync),
        stop: Stop,
    ) -> Result<bool, PdbError> {
        // Layers are kept as the chunks their expansion made, never copied.
        let mut frontier = vec![vec![self.start(pattern)]];
        let mut depth = 0u32;
        while frontier.iter().any(|c| !c.is_empty()) {
            let next_depth = (depth + 1).min(254);
            frontier = frontier
                .par_iter()
                .flat_map(|layer| layer.par_chunks(CHUNK))
                .map(|chunk| match stop.now() {
                    true => Ok(Vec::new()),
                    false => self.expand(chunk, next_depth),
                })
                .collect::<Result<_, _>>()?;
            if stop.now() {
                return Ok(false);
            }
            progress(BuildProgress {
                placements: self.placements.load(Ordering::Relaxed),
            });
            depth += 1;
        }
        self.finish();
        Ok(true)
    }

    /// Layer 0: the goal placement with the blank's region, recorded;
    /// returns its state.
    fn start(&self, pattern: &Pattern) -> u64 {
        let goal = &pattern.cells;
        let free = self.geo.all & !occupied(goal);
        let r0 = rank(goal, self.n);
        let region0 = self.geo.region(1 << pattern.blank, free);
        self.seen[r0].add(region0);
        self.record(r0, self.geo.slot(region0, free), 0);
        self.placements.fetch_add(1, Ordering::Relaxed);
        pack(goal, pattern.blank, self.bits)
    }

    /// The states first reached from `chunk`, recorded at `depth`.
    ///
    /// # Errors
    /// [`PdbError::OutOfMemory`] when they cannot be held.
    fn expand(&self, chunk: &[u64], depth: u32) -> Result<Vec<u64>, PdbError> {
        // Read once: the atomic writes below would make the compiler load
        // fields again at every step.
        let (geo, n, bits) = (self.geo, self.n, self.bits);
        let mut out = Vec::new();
        let mut pos = vec![0u8; self.tiles];
        for &state in chunk {
            let cell = unpack(state, &mut pos, bits);
            let free = geo.all & !occupied(&pos);
            let region = geo.region(1 << cell, free);
            for i in 0..pos.len() {
                let from = pos[i];
                for &to in &geo.neighbours[from as usize] {
                    if region & (1 << to) == 0 {
                        continue;
                    }
                    // Tile i slides into the blank on `to`; the blank is
                    // now on `from`.
                    pos[i] = to;
                    let free2 = (free & !(1u64 << to)) | (1u64 << from);
                    let region2 = geo.region(1 << from, free2);
                    let r = rank(&pos, n);
                    if self.first_visit(r, region2) {
                        self.record(r, geo.slot(region2, free2), depth);
                        if out.len() == out.capacity() {
                            let more = out.capacity().max(256);
                            out.try_reserve(more).map_err(|e| PdbError::OutOfMemory {
                                bytes: (out.len() + more) * size_of::<u64>(),
                                error: std::io::Error::new(std::io::ErrorKind::OutOfMemory, e),
                            })?;
                        }
                        out.push(pack(&pos, from, bits));
                    }
                    pos[i] = from;
                }
            }
        }
        Ok(out)
    }

    /// Marks the region `bits` of placement `r` reached; true if it was
    /// not before (counting the placement when it is new).
    #[inline]
    fn first_visit(&self, r: usize, bits: u64) -> bool {
        // Most successors were seen before: a plain load spares the locked
        // read-modify-write.
        if self.seen[r].get() & bits != 0 {
            return false;
        }
        let old = self.seen[r].add(bits);
        if old == 0 {
            self.placements.fetch_add(1, Ordering::Relaxed);
        }
        old & bits == 0
    }

    /// A region of placement `r` first reached at `depth`: the first
    /// region of a placement sets the least value (all regions reached in
    /// one layer have the same depth, so whichever thread comes first sets
    /// it right), each its own slot's excess.
    #[inline]
    fn record(&self, r: usize, slot: usize, depth: u32) {
        let _ = self.entries[r].fetch_update(Ordering::Relaxed, Ordering::Relaxed, |e| {
            let least = if e & 0xFF == 0xFF { depth } else { e & 0xFF };
            let shift = 8 + SLOT_BITS * slot;
            let half = ((depth - least) / 2)
                .min(MAX_HALF_EXCESS)
                .min((e >> shift) & MAX_HALF_EXCESS);
            Some((e & !0xFF & !(MAX_HALF_EXCESS << shift)) | least | half << shift)
        });
    }

    /// Slots no region fell in get no excess (a slot kept at the largest
    /// excess loses it too, which only lowers it); entries to
    /// little-endian.
    fn finish(self) {
        for e in self.entries {
            let mut v = e.load(Ordering::Relaxed);
            for slot in 0..SLOTS {
                let shift = 8 + SLOT_BITS * slot;
                if (v >> shift) & MAX_HALF_EXCESS == MAX_HALF_EXCESS {
                    v &= !(MAX_HALF_EXCESS << shift);
                }
            }
            e.store(v.to_le(), Ordering::Relaxed);
        }
    }
}

/// A state: the positions packed `bits` bits each, after one cell of the
/// blank's region.
fn pack(pos: &[u8], cell: u8, bits: u32) -> u64 {
    pos.iter().fold(cell as u64, |v, &p| (v << bits) | p as u64)
}

/// The positions of a packed state into `pos`; returns its blank cell.
fn unpack(mut v: u64, pos: &mut [u8], bits: u32) -> u8 {
    let mask = (1 << bits) - 1;
    for p in pos.iter_mut().rev() {
        *p = (v & mask) as u8;
        v >>= bits;
    }
    v as u8
}
