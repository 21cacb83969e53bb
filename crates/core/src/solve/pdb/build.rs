//! Building a database: breadth-first search backwards from the goal over
//! (placement, blank region) states, layer by layer on all cores.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};

use rayon::prelude::*;

use super::geometry::Geometry;
use super::table::{Bytes, Table};
use super::{
    BuildProgress, ENTRY, MAX_CELLS, MAX_HALF_EXCESS, Pattern, PatternDb, SLOT_BITS, SLOTS, rank,
};
use crate::solve::error::PdbError;

impl PatternDb {
    /// Builds the database by breadth-first search on all cores, calling
    /// `progress` after each layer; `None` when `cancel` was set (it is
    /// looked at every 4,096 states).
    ///
    /// # Errors
    /// [`PdbError::OutOfMemory`] when the table's memory cannot be had.
    ///
    /// # Panics
    /// When the pattern does not fit its board (see [`Pattern::check_size`]).
    pub fn build(
        pattern: &Pattern,
        progress: &(dyn Fn(BuildProgress) + Sync),
        cancel: Option<&AtomicBool>,
    ) -> Result<Option<PatternDb>, PdbError> {
        let n = pattern.rows * pattern.cols;
        let k = pattern.cells.len();
        assert!(
            n <= MAX_CELLS && k <= 11 && n > k,
            "pattern too large for this board"
        );
        assert!(
            (pattern.blank as usize) < n && !pattern.cells.contains(&pattern.blank),
            "the blank's goal is a free cell"
        );
        let geo = Geometry::new(pattern.rows, pattern.cols);
        let size = pattern.placements();
        // Per placement: the blank cells already reached (as regions), and
        // the entry being made, in place in the table's memory.
        let seen: Vec<AtomicU32> = (0..size).map(|_| AtomicU32::new(0)).collect();
        let mut table = Table::zeroed(size * ENTRY).map_err(|error| PdbError::OutOfMemory {
            bytes: size * ENTRY,
            error,
        })?;
        // Not reached yet: least value 0xFF, every slot all ones.
        table.fill(0xFF);
        let entries: &[AtomicU32] = table.as_atomics(size);
        let found_placements = AtomicU64::new(0);
        // A state: positions packed 5 bits each, and one cell of its region.
        let pack = |pos: &[u8], cell: u8| -> u64 {
            let mut v = cell as u64;
            for &p in pos {
                v = (v << 5) | p as u64;
            }
            v
        };
        let unpack = |mut v: u64, pos: &mut [u8]| -> u8 {
            for p in pos.iter_mut().rev() {
                *p = (v & 31) as u8;
                v >>= 5;
            }
            v as u8
        };
        let occupied = |pos: &[u8]| pos.iter().fold(0u64, |m, &p| m | 1 << p);
        // A region of placement r first reached at `depth`: the first
        // region of a placement sets the least value (all regions reached
        // in one layer have the same depth, so whichever thread comes
        // first sets it right), each its own slot's excess.
        let record = |r: usize, slot: usize, depth: u32| {
            let _ = entries[r].fetch_update(Ordering::Relaxed, Ordering::Relaxed, |e| {
                let least = if e & 0xFF == 0xFF { depth } else { e & 0xFF };
                let shift = 8 + SLOT_BITS * slot;
                let half = ((depth - least) / 2)
                    .min(MAX_HALF_EXCESS)
                    .min((e >> shift) & MAX_HALF_EXCESS);
                Some((e & !0xFF & !(MAX_HALF_EXCESS << shift)) | least | half << shift)
            });
        };
        // Layer 0: the goal placement, with the blank's region.
        let goal = pattern.cells.clone();
        let free = geo.all & !occupied(&goal);
        let r0 = rank(&goal, n);
        let region0 = geo.region(1 << pattern.blank, free);
        seen[r0].store(region0 as u32, Ordering::Relaxed);
        record(r0, geo.slot(region0, free), 0);
        // Layers are kept as the chunks their expansion made, never copied.
        let mut frontier: Vec<Vec<u64>> = vec![vec![pack(&goal, pattern.blank)]];
        found_placements.fetch_add(1, Ordering::Relaxed);
        let mut depth = 0u32;
        let cancelled = || cancel.is_some_and(|c| c.load(Ordering::Relaxed));
        while frontier.iter().any(|c| !c.is_empty()) {
            let next_depth = (depth + 1).min(254);
            let next: Vec<Vec<u64>> = frontier
                .par_iter()
                .flat_map(|layer| layer.par_chunks(4096))
                .map(|chunk| {
                    let mut out = Vec::new();
                    if cancelled() {
                        return out;
                    }
                    let mut pos = vec![0u8; k];
                    for &state in chunk {
                        let cell = unpack(state, &mut pos);
                        let taken = occupied(&pos);
                        let free = geo.all & !taken;
                        let region = geo.region(1 << cell, free);
                        for i in 0..k {
                            let from = pos[i];
                            for &to in &geo.neighbours[from as usize] {
                                if region & (1 << to) == 0 {
                                    continue;
                                }
                                // Tile i slides into the blank on `to`; the
                                // blank is now on `from`.
                                pos[i] = to;
                                let free2 = (free & !(1u64 << to)) | (1u64 << from);
                                let region2 = geo.region(1 << from, free2);
                                let r = rank(&pos, n);
                                let bits = region2 as u32;
                                // Most successors were seen before: a plain
                                // load spares the locked read-modify-write.
                                let old = if seen[r].load(Ordering::Relaxed) & bits != 0 {
                                    bits
                                } else {
                                    seen[r].fetch_or(bits, Ordering::Relaxed)
                                };
                                if old & bits == 0 {
                                    if old == 0 {
                                        found_placements.fetch_add(1, Ordering::Relaxed);
                                    }
                                    record(r, geo.slot(region2, free2), next_depth);
                                    out.push(pack(&pos, from));
                                }
                                pos[i] = from;
                            }
                        }
                    }
                    out
                })
                .collect();
            if cancelled() {
                return Ok(None);
            }
            frontier = next;
            progress(BuildProgress {
                placements: found_placements.load(Ordering::Relaxed),
            });
            depth += 1;
        }
        drop(seen);
        // Slots no region fell in: no excess (a slot kept at the largest
        // excess loses it too, which only lowers it). Entries to
        // little-endian.
        for e in entries {
            let mut v = e.load(Ordering::Relaxed);
            for slot in 0..SLOTS {
                let shift = 8 + SLOT_BITS * slot;
                if (v >> shift) & MAX_HALF_EXCESS == MAX_HALF_EXCESS {
                    v &= !(MAX_HALF_EXCESS << shift);
                }
            }
            e.store(v.to_le(), Ordering::Relaxed);
        }
        Ok(Some(PatternDb {
            pattern: pattern.clone(),
            geo,
            table: Bytes::Owned(table),
        }))
    }
}
