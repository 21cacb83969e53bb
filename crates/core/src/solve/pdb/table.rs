//! The memory a database's table lives in, and the one `unsafe` view of
//! it: the build fills entries from all cores as atomics.

use std::ops::{Deref, DerefMut};
use std::sync::atomic::AtomicU32;

/// A database's bytes, in memory asked to be backed by huge pages (2 MiB
/// on x86-64 Linux): a search looks up all over hundreds of megabytes, and
/// with 4 KiB pages nearly every lookup would also miss the TLB.
pub(super) struct Table(memmap2::MmapMut);

impl Table {
    /// `len` zero bytes.
    pub(super) fn zeroed(len: usize) -> std::io::Result<Table> {
        let map = memmap2::MmapMut::map_anon(len.max(1))?;
        // Only a hint: where huge pages are not to be had, small ones serve.
        #[cfg(target_os = "linux")]
        let _ = map.advise(memmap2::Advice::HugePage);
        Ok(Table(map))
    }
}

impl Deref for Table {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        &self.0
    }
}

impl DerefMut for Table {
    fn deref_mut(&mut self) -> &mut [u8] {
        &mut self.0
    }
}

impl Table {
    /// The table as `count` 32-bit atomics, for a build that fills it
    /// from all cores.
    ///
    /// # Panics
    /// When the table holds fewer than `count * 4` bytes.
    pub(super) fn as_atomics(&mut self, count: usize) -> &[AtomicU32] {
        assert!(self.0.len() >= count * 4, "a table of {count} entries");
        // SAFETY: the map is page-aligned and holds at least `count` u32s
        // (checked above); atomics have the layout of u32, and the borrow
        // of `self` keeps the bytes from being touched otherwise while the
        // slice lives.
        unsafe { std::slice::from_raw_parts(self.0.as_mut_ptr().cast::<AtomicU32>(), count) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::Ordering;

    #[test]
    fn zeroed_tables_are_zero_and_atomics_write_through() {
        let mut table = Table::zeroed(16).unwrap();
        assert!(table.iter().all(|&b| b == 0));
        table.as_atomics(4)[2].store(0x0403_0201, Ordering::Relaxed);
        assert_eq!(&table[8..12], &0x0403_0201u32.to_ne_bytes());
    }
}
