//! Arrangements remembered by hash, for the beams (`beam`,
//! `beam_any`): Zobrist keys, one per cell and token, whose
//! exclusive-or over an arrangement is its hash and changes by four
//! keys a move; and a lossy table of the arrangements a beam kept
//! lately.

use crate::solve::search::prefetch::prefetch;

/// `count` Zobrist keys (one per cell and token a board may hold), the
/// same in every run: a beam's answer does not depend on the run.
pub(crate) fn zobrist_keys(count: usize) -> Vec<u64> {
    (0..count)
        .map(|i| {
            let mut x = (i as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            x ^= x >> 31;
            x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
            x ^ (x >> 29)
        })
        .collect()
}

/// The arrangements a beam kept lately, by hash: a table indexed by
/// the hash's low bits, each slot holding the last hash put there, of
/// at least 2^20 slots and 256 layers of the beam. A hash found was
/// kept (its slot and 32 more bits match: a false match, which drops a
/// child, comes once in 4 × 10^9 looks); one not found may have been
/// overwritten since, and only an arrangement kept
/// many layers ago comes back that way (a cycle of the puzzle is 12
/// moves at least, most repeats undo the last move; a beam that wanders
/// is stopped by the caller's length). One look, one miss of the cache
/// at most: a set of every child ever made grew to hundreds of MB on
/// 7×7 and its looks took a third of the time; one of the arrangements
/// kept took 60% more time and 200 MB more than this table.
pub(crate) struct Recent {
    /// The hash's high half (its low bits are the slot).
    slots: Vec<u32>,
    mask: usize,
}

impl Recent {
    pub(crate) fn new(width: usize) -> Self {
        let size = Self::slots(width);
        Self {
            slots: vec![0; size],
            mask: size - 1,
        }
    }

    fn slots(width: usize) -> usize {
        (width.saturating_mul(256))
            .clamp(1 << 20, 1 << 26)
            .next_power_of_two()
    }

    /// The bytes of a beam's table of `width`.
    pub(crate) fn bytes(width: usize) -> usize {
        Self::slots(width) * size_of::<u32>()
    }

    pub(crate) fn insert(&mut self, hash: u64) {
        self.slots[hash as usize & self.mask] = (hash >> 32) as u32;
    }

    pub(crate) fn contains(&self, hash: u64) -> bool {
        self.slots[hash as usize & self.mask] == (hash >> 32) as u32
    }

    pub(crate) fn prefetch(&self, hash: u64) {
        prefetch(&self.slots, hash as usize & self.mask);
    }
}
