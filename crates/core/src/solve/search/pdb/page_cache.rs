//! Hints to the system's page cache about mapped tables, and whether it
//! holds a table's file (Linux; nothing elsewhere): a search looks up
//! all over hundreds of megabytes, and where the cache holds a table in
//! 2 MiB pieces the system maps each piece at once, a fault and a TLB
//! entry a piece instead of one every 4 KiB. A table is read in order
//! where it is missing, and parts held in small pieces are read again
//! whole. Every hint may fail: the search then finds its pages by
//! faults, as without them.

use std::fs::File;

/// The unit read and checked: one huge page on x86-64 and 64-bit Arm.
#[cfg(target_os = "linux")]
const CHUNK: usize = 2 << 20;

/// Brings a mapped table file into the page cache in 2 MiB pieces:
/// the chunks missing are read in order, then those held in smaller
/// pieces are dropped and read again.
///
/// A search left to its page faults gets a table not in the page cache
/// 4 KiB at a time from random places (a 2 GB table: 225,000 reads from
/// disk, 8.7 s), and the cache keeps it in 4 KiB pieces (33,000 faults on
/// each later run, 0.37 s for Korf's 100). Read in order, it comes at
/// the disk's speed (1.0 s) and is kept in 2 MiB pieces (1,800 faults,
/// 0.22 s). Where it is all there in such pieces, nothing is read.
#[cfg(target_os = "linux")]
pub(super) fn fill(map: &memmap2::Mmap, file: &File) {
    read_missing(map, file);
    mend(map, file);
}

/// Whether the page cache holds `file`: the first page of at least
/// nine in ten of its 2 MiB chunks (a table read in order is held in
/// whole chunks, so the first page tells). A search that maps a table
/// so held reads nearly nothing from disk; one that is not may take
/// seconds a gigabyte. True where the system cannot tell (then as
/// before: the table is taken).
pub(super) fn resident(file: &File) -> bool {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: the map is read-only and private to this call, and its
        // bytes are never read: only the page cache is asked about them.
        let Ok(map) = (unsafe { memmap2::Mmap::map(file) }) else {
            return true;
        };
        let chunks = map.len().div_ceil(CHUNK);
        let held = (0..map.len())
            .step_by(CHUNK)
            .filter(|&at| page_held(&map, at) != Some(false))
            .count();
        mostly(held, chunks)
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = file;
        true
    }
}

/// Whether `held` chunks of `chunks` are most of them (nine in ten).
#[cfg(target_os = "linux")]
fn mostly(held: usize, chunks: usize) -> bool {
    held * 10 >= chunks * 9
}

/// Whether the page cache holds the page of `map` at `at` (a multiple of
/// the page size); `None` where the system does not say.
#[cfg(target_os = "linux")]
fn page_held(map: &memmap2::Mmap, at: usize) -> Option<bool> {
    let mut resident = 0u8;
    // SAFETY: `at` is a multiple of 2 MiB within the page-aligned map,
    // and mincore writes one byte for the one page asked.
    let asked =
        unsafe { libc::mincore(map.as_ptr().add(at).cast_mut().cast(), 1, &raw mut resident) };
    (asked == 0).then_some(resident & 1 != 0)
}

/// Reads the chunks of `map` whose first page the page cache lacks, in
/// order: the chunks this reads stay whole, so the first page tells (a
/// 2 GB table's every page asked took mincore 28 ms, a page a chunk
/// well under one).
#[cfg(target_os = "linux")]
fn read_missing(map: &memmap2::Mmap, file: &File) {
    let there = |at: usize| page_held(map, at) != Some(false);
    // All asked before any is read: a read's own readahead runs into the
    // next chunk, which would then look there and be left half read.
    let missing: Vec<usize> = (0..map.len())
        .step_by(CHUNK)
        .filter(|&at| !there(at))
        .collect();
    read_chunks(map.len(), file, &missing);
}

/// Reads the chunks at `starts` of a file of `len` bytes; stops at the
/// first failure.
#[cfg(target_os = "linux")]
fn read_chunks(len: usize, file: &File, starts: &[usize]) {
    use std::os::unix::fs::FileExt as _;
    if starts.is_empty() {
        return;
    }
    let mut buffer = vec![0u8; CHUNK];
    for &at in starts {
        let end = len.min(at + CHUNK);
        if file
            .read_exact_at(&mut buffer[..end - at], at as u64)
            .is_err()
        {
            return;
        }
    }
}

/// Drops and reads again the whole chunks of `map` that the page cache
/// holds in pieces smaller than 2 MiB.
///
/// The first page of a chunk does not tell them: where the system took
/// back some of a table's pages (memory it found cold, for example while
/// a build needed it), the searches after fault them in 4 KiB at a time,
/// and the cache keeps them so. Measured on Korf's 100 with the 7-8
/// tables after a build: 1.12 of the 2.0 GB held in 2 MiB pieces, 15,359
/// faults and 0.30 s a run; the same tables read again in order, 2,500
/// faults and 0.20 s. The kernel's page-map scan (Linux 6.7 on) tells
/// which mapped pages are mapped whole; each chunk's first byte is read
/// first, so that a chunk held whole is mapped whole. Where the map does
/// not start on a 2 MiB boundary (no chunk could be mapped whole), or the
/// first chunk read again does not come back whole (a system that keeps
/// files in small pieces only), nothing more is read again.
#[cfg(target_os = "linux")]
fn mend(map: &memmap2::Mmap, file: &File) {
    let base = map.as_ptr() as usize;
    // The last chunk, short, is never held whole: left out.
    let whole = map.len() / CHUNK;
    if whole == 0 || !base.is_multiple_of(CHUNK) {
        return;
    }
    for c in 0..whole {
        std::hint::black_box(map[c * CHUNK]);
    }
    let Some(regions) = scan::present(base, whole * CHUNK) else {
        return;
    };
    let mut small: Vec<usize> = regions
        .iter()
        .filter(|r| !r.huge)
        .flat_map(|r| (r.start - base) / CHUNK..=(r.end - 1 - base) / CHUNK)
        .map(|c| c * CHUNK)
        .collect();
    small.dedup();
    let Some((&first, rest)) = small.split_first() else {
        return;
    };
    // One chunk first: where it does not come back whole, the system
    // keeps files in small pieces only, and reading the rest again
    // would not help.
    renew(map, file, &[first]);
    if scan::present(base + first, CHUNK).is_some_and(|r| r.iter().any(|r| r.huge)) {
        renew(map, file, rest);
    }
}

/// Drops the chunks at `starts` of `map` from the process and from the
/// page cache, and reads them again in order.
#[cfg(target_os = "linux")]
fn renew(map: &memmap2::Mmap, file: &File, starts: &[usize]) {
    use std::os::fd::AsRawFd as _;
    for &at in starts {
        // SAFETY: the range is within the map, which is read-only and
        // whose bytes nothing borrows yet: dropping its pages only makes
        // the next reads fault them in again from the file, unchanged.
        unsafe {
            libc::madvise(
                map.as_ptr().add(at).cast_mut().cast(),
                CHUNK,
                libc::MADV_DONTNEED,
            );
        }
        // SAFETY: posix_fadvise only reads its arguments; the descriptor
        // is open for the call.
        unsafe {
            libc::posix_fadvise(
                file.as_raw_fd(),
                at as libc::off_t,
                CHUNK as libc::off_t,
                libc::POSIX_FADV_DONTNEED,
            );
        }
    }
    for &at in starts {
        std::hint::black_box(map[at]);
    }
}

/// The kernel's page-map scan (`PAGEMAP_SCAN` on `/proc/self/pagemap`,
/// Linux 6.7 on): which pages of the process's own memory are present,
/// and which of them are mapped whole as huge pages.
#[cfg(target_os = "linux")]
mod scan {
    use std::fs::File;
    use std::os::fd::AsRawFd as _;

    /// `struct pm_scan_arg` of `linux/fs.h`.
    #[repr(C)]
    struct Arg {
        size: u64,
        flags: u64,
        start: u64,
        end: u64,
        walk_end: u64,
        vec: u64,
        vec_len: u64,
        max_pages: u64,
        category_inverted: u64,
        category_mask: u64,
        category_anyof_mask: u64,
        return_mask: u64,
    }

    /// `struct page_region` of `linux/fs.h`.
    #[repr(C)]
    #[derive(Clone, Copy, Default)]
    struct PageRegion {
        start: u64,
        end: u64,
        categories: u64,
    }

    /// `_IOWR('f', 16, struct pm_scan_arg)`.
    const PAGEMAP_SCAN: u64 = 0xC060_6610;
    const PAGE_IS_PRESENT: u64 = 1 << 3;
    const PAGE_IS_HUGE: u64 = 1 << 6;

    /// Present pages, by runs of the same kind.
    pub(super) struct Region {
        pub(super) start: usize,
        pub(super) end: usize,
        /// Mapped whole, as a huge page.
        pub(super) huge: bool,
    }

    /// The present pages of `len` bytes from address `start`, in runs;
    /// `None` where the system has no such scan.
    pub(super) fn present(start: usize, len: usize) -> Option<Vec<Region>> {
        let pagemap = File::open("/proc/self/pagemap").ok()?;
        let mut found = Vec::new();
        let mut runs = vec![PageRegion::default(); 512];
        let end = (start + len) as u64;
        let mut from = start as u64;
        while from < end {
            let mut arg = Arg {
                size: size_of::<Arg>() as u64,
                flags: 0,
                start: from,
                end,
                walk_end: 0,
                vec: runs.as_mut_ptr() as u64,
                vec_len: runs.len() as u64,
                max_pages: 0,
                category_inverted: 0,
                category_mask: PAGE_IS_PRESENT,
                category_anyof_mask: 0,
                return_mask: PAGE_IS_PRESENT | PAGE_IS_HUGE,
            };
            // SAFETY: the kernel reads `arg` and writes at most `vec_len`
            // runs into `runs`, which outlives the call; it reads nothing
            // of the scanned memory itself.
            let n = unsafe { libc::ioctl(pagemap.as_raw_fd(), PAGEMAP_SCAN as _, &raw mut arg) };
            if n < 0 || arg.walk_end <= from {
                return None;
            }
            found.extend(runs[..n as usize].iter().map(|r| Region {
                start: r.start as usize,
                end: r.end as usize,
                huge: r.categories & PAGE_IS_HUGE != 0,
            }));
            from = arg.walk_end;
        }
        Some(found)
    }
}

/// Drops a table file just written (and synced: its pages are clean)
/// from the page cache, where writing left it in 4 KiB pieces: the first
/// search then reads it back in order, in 2 MiB pieces (see [`fill`]).
/// Only a hint.
pub(super) fn evict(file: &File) {
    #[cfg(target_os = "linux")]
    {
        use std::os::fd::AsRawFd as _;
        // SAFETY: posix_fadvise only reads its arguments; the descriptor is
        // open for the call.
        let _ = unsafe { libc::posix_fadvise(file.as_raw_fd(), 0, 0, libc::POSIX_FADV_DONTNEED) };
    }
    #[cfg(not(target_os = "linux"))]
    let _ = file;
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;
    use std::io::Write as _;

    #[test]
    fn filling_and_mending_leave_the_bytes_as_they_are() {
        let bytes: Vec<u8> = (0..5 * CHUNK + 12_345)
            .map(|i| (i * 7 % 251) as u8)
            .collect();
        let mut file = tempfile::tempfile().unwrap();
        file.write_all(&bytes).unwrap();
        file.sync_all().unwrap();
        evict(&file);
        // SAFETY: the file is this test's own and is not changed.
        let map = unsafe { memmap2::Mmap::map(&file).unwrap() };
        fill(&map, &file);
        assert!(map[..] == bytes[..]);
    }

    #[test]
    fn a_file_is_resident_once_read_and_not_once_dropped() {
        use std::io::{Read as _, Seek as _};
        let mut file = tempfile::tempfile().unwrap();
        file.write_all(&vec![7u8; 3 * CHUNK + 100]).unwrap();
        file.sync_all().unwrap();
        file.rewind().unwrap();
        file.read_to_end(&mut Vec::new()).unwrap();
        assert!(resident(&file));
        evict(&file);
        // Where the system dropped the pages (not on a memory file
        // system), the file is no longer resident.
        // SAFETY: the file is this test's own and is not changed.
        let map = unsafe { memmap2::Mmap::map(&file).unwrap() };
        let dropped = (0..map.len())
            .step_by(CHUNK)
            .all(|at| page_held(&map, at) == Some(false));
        if dropped {
            assert!(!resident(&file));
        }
        assert!(mostly(9, 10) && mostly(0, 0) && !mostly(8, 10) && !mostly(17, 19));
    }

    #[test]
    fn the_scan_finds_the_pages_read() {
        let map = memmap2::MmapMut::map_anon(64 << 12).unwrap();
        let base = map.as_ptr() as usize;
        // Every other page read: runs of present pages, one page each.
        for page in (0..64).step_by(2) {
            std::hint::black_box(map[page << 12]);
        }
        let Some(regions) = scan::present(base, map.len()) else {
            eprintln!("no PAGEMAP_SCAN on this system (Linux 6.7 on): skipped");
            return;
        };
        let present: usize = regions.iter().map(|r| r.end - r.start).sum();
        assert!(
            regions
                .iter()
                .all(|r| r.start >= base && r.end <= base + map.len())
        );
        assert!(regions.iter().all(|r| !r.huge));
        // Anonymous pages read but never written map the one zero page,
        // which counts as present; at least the pages read are there.
        assert!(present >= 32 << 12, "{present} bytes present");
    }
}
