//! The memory a database's table lives in, and the `unsafe` views of
//! it: the build fills entries from all cores as atomics, and a cache file
//! may be mapped read-only instead of read. A mapped table is read into
//! the page cache in order first, where it is not there already (on
//! Linux, see `page_cache`): searches then find it in 2 MiB pieces, not
//! 4 KiB ones.

use std::ops::{Deref, DerefMut};
use std::sync::atomic::AtomicU32;

/// A database's bytes, in memory asked to be backed by huge pages (2 MiB
/// on x86-64 Linux): a search looks up all over hundreds of megabytes, and
/// with 4 KiB pages nearly every lookup would also miss the TLB.
pub(crate) struct Table(memmap2::MmapMut);

impl Table {
    /// `len` zero bytes.
    pub(super) fn zeroed(len: usize) -> std::io::Result<Self> {
        let map = memmap2::MmapMut::map_anon(len.max(1))?;
        // Only a hint: where huge pages are not to be had, small ones serve.
        #[cfg(target_os = "linux")]
        let _ = map.advise(memmap2::Advice::HugePage);
        Ok(Self(map))
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

/// A database's bytes as searches read them: in the process's own memory
/// (built, or read from a file), or a cache file mapped read-only, whose
/// pages the system then keeps once for every process of the machine.
pub(crate) enum Bytes {
    /// In the process's memory.
    Owned(Table),
    /// `len` bytes from `start` of a mapped file.
    Mapped {
        map: memmap2::Mmap,
        start: usize,
        len: usize,
    },
}

impl Bytes {
    /// `len` bytes from `start` of `file`, mapped.
    ///
    /// The file must not shrink while it is mapped: the process would be
    /// stopped (the system's signal for a mapping past the end of its
    /// file). The cache never changes a table file in place (it writes a
    /// temporary file and renames it over), so only another program
    /// cutting it short could.
    pub(super) fn map(file: &std::fs::File, start: usize, len: usize) -> std::io::Result<Self> {
        // SAFETY: the map is read-only and private to this value; the file
        // is a cache table, replaced only by rename (see above), so its
        // bytes do not change under the map.
        let map = unsafe { memmap2::Mmap::map(file)? };
        if map.len() < start + len {
            return Err(std::io::Error::from(std::io::ErrorKind::UnexpectedEof));
        }
        #[cfg(target_os = "linux")]
        {
            let _ = map.advise(memmap2::Advice::HugePage);
            super::page_cache::fill(&map, file);
            let _ = map.advise(memmap2::Advice::Random);
        }
        Ok(Self::Mapped { map, start, len })
    }

    /// Whether the bytes are a mapped file.
    #[cfg(test)]
    pub(super) fn is_mapped(&self) -> bool {
        matches!(self, Self::Mapped { .. })
    }
}

impl Deref for Bytes {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match self {
            Self::Owned(table) => table,
            Self::Mapped { map, start, len } => &map[*start..*start + *len],
        }
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
