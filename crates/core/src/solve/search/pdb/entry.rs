//! An entry: one placement's values, one per region of the free cells
//! the blank may be in, packed as the least of them and each region's
//! excess over it, halved (the excesses are even: a region's value has
//! the parity of the others').
//!
//! Two widths. **Wide** (32 bits, every build makes it): the least value
//! in 8 bits, then eight slots of 3 bits, a region's slot counting the
//! regions whose lowest cell is lower. **Narrow** (16 bits): the least
//! value in 6 bits and five slots of 2 bits; the few entries that do not
//! fit are marked (least value 63) and kept whole in records aside,
//! after the narrow entries. A table is kept narrow when at most one
//! entry in 256 is aside, so the values are the same and the memory
//! about half: the 6-tile tables of 5×5 are (least values up to 36, five
//! regions, halved excesses up to 3 but for one entry of one table), and
//! the 7-tile ones of 4×4 (one entry in 604 aside: a sixth region or an
//! excess past 6).

use rayon::prelude::*;

use super::table::Table;

/// Region slots of a wide entry, the bits of each, and the largest
/// halved excess it keeps.
pub(super) const SLOTS: usize = 8;
pub(super) const SLOT_BITS: usize = 3;
pub(super) const MAX_HALF_EXCESS: u32 = 7;

/// Narrow entries: the least value's bits, then five slots of two.
const NARROW_LEAST_BITS: u32 = 6;
const NARROW_SLOTS: usize = 5;
const NARROW_SLOT_BITS: usize = 2;

/// How wide a table's entries are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Width {
    /// 32 bits: least value 8, eight slots of 3.
    Wide,
    /// 16 bits: least value 6, five slots of 2.
    Narrow,
}

impl Width {
    /// Bytes an entry takes.
    pub(crate) const fn bytes(self) -> usize {
        match self {
            Self::Wide => 4,
            Self::Narrow => 2,
        }
    }

    /// Entry `r` of `table` (of `entries` entries): its least value, its
    /// halved excesses with slot `s` in bits `s * SLOT_BITS` (`s * 2`)
    /// up, all zero where the regions' values are alike (the common
    /// case), and the width they are in (wide for an entry a narrow table
    /// keeps aside).
    #[inline]
    pub(super) fn read(self, table: &[u8], r: usize, entries: usize) -> (u8, u32, Self) {
        match self {
            Self::Wide => {
                let e = u32::from_le_bytes(table[r * 4..r * 4 + 4].try_into().expect("4 bytes"));
                (e as u8, e >> 8, Self::Wide)
            }
            Self::Narrow => {
                let e = u32::from(u16::from_le_bytes(
                    table[r * 2..r * 2 + 2].try_into().expect("2 bytes"),
                ));
                match e & ASIDE {
                    ASIDE => aside(&table[entries * 2..], r),
                    least => (least as u8, e >> NARROW_LEAST_BITS, Self::Narrow),
                }
            }
        }
    }

    /// The halved excess of `slot` in `excesses` (as [`read`](Self::read)
    /// gives them); zero for a slot a narrow entry does not have (no
    /// region of a narrow entry falls there).
    #[inline]
    pub(super) fn half_excess(self, excesses: u32, slot: usize) -> u32 {
        match self {
            Self::Wide => (excesses >> (SLOT_BITS * slot)) & MAX_HALF_EXCESS,
            Self::Narrow => (excesses >> (NARROW_SLOT_BITS * slot)) & 3,
        }
    }

    /// The width of a file's body of `bytes` bytes for `entries` entries:
    /// wide, or narrow with at most [`MAX_ASIDE`] of its entries' worth
    /// of records aside.
    pub(super) fn of_body(bytes: u64, entries: u64) -> Option<Self> {
        let aside = bytes.checked_sub(entries.checked_mul(2)?);
        if entries.checked_mul(4) == Some(bytes) {
            Some(Self::Wide)
        } else if aside
            .is_some_and(|a| a % ASIDE_RECORD == 0 && a / ASIDE_RECORD <= max_aside(entries))
        {
            Some(Self::Narrow)
        } else {
            None
        }
    }
}

/// A narrow entry's least value that says the entry is kept aside, whole
/// (a least value this large, an excess past 6 or a sixth region).
const ASIDE: u32 = (1 << NARROW_LEAST_BITS) - 1;
/// Bytes of a record aside: the entry's rank and its wide entry.
const ASIDE_RECORD: u64 = 8;
/// The most entries a narrow table keeps aside, a fraction of all: of the
/// catalogue's fourteen 6-tile tables, one has one entry that does not
/// fit (a halved excess of 4), the others none; of a 7-tile table of
/// 4×4, one in 604. The records then take 1/32 of the narrow entries'
/// memory at most, and a lookup that needs one (binary search) is rare.
const MAX_ASIDE: u64 = 256;

fn max_aside(entries: u64) -> u64 {
    entries / MAX_ASIDE
}

/// The wide entry of rank `r` from a narrow table's records aside
/// (`records`: ranks and entries, by rank).
#[cold]
fn aside(records: &[u8], r: usize) -> (u8, u32, Width) {
    let word =
        |i: usize| u32::from_le_bytes(records[i * 4..i * 4 + 4].try_into().expect("4 bytes"));
    let count = records.len() / ASIDE_RECORD as usize;
    let (mut lo, mut hi) = (0, count);
    while lo < hi {
        let mid = (lo + hi) / 2;
        if (word(2 * mid) as usize) < r {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    if lo == count || word(2 * lo) as usize != r {
        // Only a file made by hand has a mark without its record: 0 is
        // still a lower bound.
        return (0, 0, Width::Wide);
    }
    let e = word(2 * lo + 1);
    (e as u8, e >> 8, Width::Wide)
}

/// A wide entry as a narrow one, if it fits.
fn narrowed(e: u32) -> Option<u16> {
    let least = e & 0xFF;
    let mut narrow = least;
    if least >= ASIDE {
        return None;
    }
    for slot in 0..SLOTS {
        let half = (e >> (8 + SLOT_BITS * slot)) & MAX_HALF_EXCESS;
        if half == 0 {
            continue;
        }
        if slot >= NARROW_SLOTS || half > 3 {
            return None;
        }
        narrow |= half << (NARROW_LEAST_BITS as usize + NARROW_SLOT_BITS * slot);
    }
    Some(narrow as u16)
}

/// The wide `table` as a narrow one, where all but a few entries fit
/// (and the memory can be had): the same values in about half the
/// bytes. The entries that do not fit are kept aside, whole, after the
/// narrow ones, by rank.
pub(super) fn narrow(table: &[u8]) -> Option<Table> {
    let wide = |i: usize| u32::from_le_bytes(table[i * 4..i * 4 + 4].try_into().expect("4 bytes"));
    let entries = table.len() / 4;
    let misfit = |&i: &usize| narrowed(wide(i)).is_none();
    // Counted before they are gathered: a table that stays wide may have
    // hundreds of millions.
    if (0..entries).into_par_iter().filter(misfit).count() as u64 > max_aside(entries as u64) {
        return None;
    }
    let aside: Vec<usize> = (0..entries).into_par_iter().filter(misfit).collect();
    let mut out = Table::zeroed(entries * 2 + aside.len() * ASIDE_RECORD as usize).ok()?;
    let (narrow, records) = out.split_at_mut(entries * 2);
    narrow
        .par_chunks_mut(2 << 16)
        .enumerate()
        .for_each(|(chunk, bytes)| {
            for (j, pair) in bytes.chunks_exact_mut(2).enumerate() {
                let e = narrowed(wide((chunk << 16) + j)).unwrap_or(ASIDE as u16);
                pair.copy_from_slice(&e.to_le_bytes());
            }
        });
    for (record, &r) in records.chunks_exact_mut(ASIDE_RECORD as usize).zip(&aside) {
        record[..4].copy_from_slice(&(r as u32).to_le_bytes());
        record[4..].copy_from_slice(&wide(r).to_le_bytes());
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn narrow_entries_keep_every_value() {
        // Least 34, slot 0 excess 6, slot 4 excess 2.
        let e = 34 | (3 << 8) | (1 << (8 + 3 * 4));
        let n = narrowed(e).unwrap();
        let table = n.to_le_bytes();
        let (least, ex, width) = Width::Narrow.read(&table, 0, 1);
        assert_eq!((least, width), (34, Width::Narrow));
        assert_eq!(Width::Narrow.half_excess(ex, 0), 3);
        assert_eq!(Width::Narrow.half_excess(ex, 4), 1);
        assert_eq!(Width::Narrow.half_excess(ex, 7), 0);
        // What does not fit is refused: a sixth slot, an excess of 8, a
        // least value of 63 (the mark of an entry aside).
        assert_eq!(narrowed(1 << (8 + 3 * 5)), None);
        assert_eq!(narrowed(4 << 8), None);
        assert_eq!(narrowed(63), None);
    }

    #[test]
    fn a_table_narrows_with_a_few_entries_aside() {
        let entries: Vec<u32> = (0..10_000).map(|i| (i % 60) | ((i % 4) << 11)).collect();
        let bytes =
            |entries: &[u32]| -> Vec<u8> { entries.iter().flat_map(|e| e.to_le_bytes()).collect() };
        let check = |entries: &[u32], narrow: &[u8]| {
            for (i, &e) in entries.iter().enumerate() {
                let (least, ex, width) = Width::Narrow.read(narrow, i, entries.len());
                assert_eq!(u32::from(least), e & 0xFF);
                assert_eq!(width.half_excess(ex, 1), (e >> 11) & 7);
                assert_eq!(width.half_excess(ex, 5), (e >> 23) & 7);
            }
        };
        let narrow = narrow(&bytes(&entries)).unwrap();
        assert_eq!(narrow.len(), 2 * entries.len());
        check(&entries, &narrow);
        // Two entries that do not fit (a sixth region, a least value of
        // 70) are kept aside, whole, and read back.
        let mut misfits = entries.clone();
        misfits[9_999] |= 1 << 23;
        misfits[17] = 70;
        let narrow = super::narrow(&bytes(&misfits)).unwrap();
        assert_eq!(narrow.len(), 2 * entries.len() + 16);
        assert_eq!(
            Width::of_body(narrow.len() as u64, 10_000),
            Some(Width::Narrow)
        );
        check(&misfits, &narrow);
        // A mark without its record (a file made by hand) reads as 0.
        let mut unrecorded = narrow.to_vec();
        unrecorded.truncate(2 * entries.len());
        unrecorded[2 * 500..2 * 501].copy_from_slice(&(ASIDE as u16).to_le_bytes());
        assert_eq!(Width::Narrow.read(&unrecorded, 500, entries.len()).0, 0);
        // Past one in 256 (39 here), the table stays wide.
        misfits[100..137].fill(70);
        assert!(super::narrow(&bytes(&misfits)).is_some());
        misfits[137] = 70;
        assert!(super::narrow(&bytes(&misfits)).is_none());
        assert_eq!(Width::of_body(40_000, 10_000), Some(Width::Wide));
        assert_eq!(Width::of_body(20_000 + 8 * 39, 10_000), Some(Width::Narrow));
        assert_eq!(Width::of_body(20_000 + 8 * 40, 10_000), None);
        assert_eq!(Width::of_body(20_004, 10_000), None);
    }
}
