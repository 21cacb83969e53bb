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
//! still, consistency may break there). A lookup finds the blank's region
//! only where the placement's regions differ.
//!
//! They are built by breadth-first search backwards from the goal over
//! (placement, blank region) states: the blank moves for free inside the
//! region of non-pattern cells it is in, so a region stands for all its
//! cells. The search starts from the goal's blank cell only: where the
//! pattern's tiles wall that cell off (tiles 1 and 5 around the blank's
//! corner on 5×5), bringing the blank home costs pattern moves, and a
//! database that started from every region would not count them. Layers
//! are expanded on all cores. Databases are written to a cache directory
//! in a versioned format with a CRC-32, and rebuilt when missing or
//! damaged.

use std::io::{Read, Write};
use std::ops::{Deref, DerefMut};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use rayon::prelude::*;

use crate::error::Error;

const MAGIC: &[u8; 8] = b"NPZPDB\0\0";
/// Boards of up to 32 cells: blank regions are 32-bit masks.
pub const MAX_CELLS: usize = 32;
/// The largest database built: 2^29 entries, enough for 8 tiles on 4×4
/// (519M entries, 4 bytes each and 4 more while building).
pub const MAX_PLACEMENTS: usize = 1 << 29;
/// 2: the blank's goal cell joined the pattern; 3: values per region;
/// 4: eight region slots of 3 bits.
const VERSION: u32 = 4;
/// Bytes per entry.
const ENTRY: usize = 4;
/// Region slots per entry, the bits of each (an excess over the least,
/// halved), and the largest kept.
const SLOTS: usize = 8;
const SLOT_BITS: usize = 3;
const MAX_HALF_EXCESS: u32 = 7;

/// A pattern: a rectangle and the goal cells of the pattern's tiles.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pattern {
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
    /// The number of placements of the pattern's tiles: N!/(N-k)!.
    pub fn placements(&self) -> usize {
        let n = self.rows * self.cols;
        (0..self.cells.len()).map(|i| n - i).product()
    }

    /// Checks that the database can be built here: the blank's goal is a
    /// free cell of the board, and there are at most [`MAX_PLACEMENTS`]
    /// entries (the build takes about 8 bytes each).
    pub fn check_size(&self) -> Result<(), Error> {
        let n = self.rows * self.cols;
        if self.blank as usize >= n || self.cells.contains(&self.blank) {
            return Err(Error::Unsupported(format!(
                "the blank's goal cell {} is not a free cell of the pattern",
                self.blank
            )));
        }
        let size = (0..self.cells.len())
            .try_fold(1usize, |acc, i| acc.checked_mul(n.checked_sub(i)?))
            .filter(|&s| s <= MAX_PLACEMENTS && n <= MAX_CELLS && self.cells.len() < n);
        match size {
            Some(_) => Ok(()),
            None => Err(Error::Unsupported(format!(
                "a pattern of {} tiles on a board of {n} cells is too big to build \
                 (at most {MAX_PLACEMENTS} entries); use fewer pattern tiles",
                self.cells.len()
            ))),
        }
    }

    /// The file name of this pattern's database in the cache.
    pub fn file_name(&self) -> String {
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
pub fn rank(positions: &[u8], n: usize) -> usize {
    let mut used = 0u64;
    let mut r = 0usize;
    for (i, &p) in positions.iter().enumerate() {
        let below = (used & ((1u64 << p) - 1)).count_ones() as usize;
        r = r * (n - i) + p as usize - below;
        used |= 1 << p;
    }
    r
}

/// A database's bytes, in memory asked to be backed by huge pages (2 MiB
/// on x86-64 Linux): a search looks up all over hundreds of megabytes, and
/// with 4 KiB pages nearly every lookup would also miss the TLB.
struct Table(memmap2::MmapMut);

impl Table {
    /// `len` zero bytes.
    fn zeroed(len: usize) -> std::io::Result<Table> {
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

/// A pattern database: for each placement rank, the distance.
pub struct PatternDb {
    /// The pattern.
    pub pattern: Pattern,
    geo: Geometry,
    table: Table,
}

impl std::fmt::Debug for PatternDb {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PatternDb")
            .field("pattern", &self.pattern)
            .field("entries", &self.len())
            .finish()
    }
}

/// Progress of a build: the layer being expanded and states so far.
#[derive(Clone, Copy, Debug)]
pub struct BuildProgress {
    /// Distance of the layer just finished.
    pub depth: u32,
    /// States found so far.
    pub states: u64,
    /// Placements found so far, out of `Pattern::placements`.
    pub placements: u64,
}

/// The neighbours of each cell of a `rows` × `cols` rectangle: up, left,
/// right, down.
pub(crate) fn grid_neighbours(rows: usize, cols: usize) -> Vec<Vec<u8>> {
    (0..rows * cols)
        .map(|c| {
            let (r, col) = (c / cols, c % cols);
            let mut v = Vec::with_capacity(4);
            if r > 0 {
                v.push((c - cols) as u8);
            }
            if col > 0 {
                v.push((c - 1) as u8);
            }
            if col + 1 < cols {
                v.push((c + 1) as u8);
            }
            if r + 1 < rows {
                v.push((c + cols) as u8);
            }
            v
        })
        .collect()
}

/// Bit masks of a rectangle's cells, for flood fills.
struct Geometry {
    cols: usize,
    all: u64,
    /// Cells that have a left / right neighbour.
    has_left: u64,
    has_right: u64,
    neighbours: Vec<Vec<u8>>,
}

impl Geometry {
    fn new(rows: usize, cols: usize) -> Geometry {
        let n = rows * cols;
        let all = (1u64 << n) - 1;
        let (mut has_left, mut has_right) = (0u64, 0u64);
        for c in 0..n {
            if c % cols > 0 {
                has_left |= 1 << c;
            }
            if c % cols + 1 < cols {
                has_right |= 1 << c;
            }
        }
        Geometry {
            cols,
            all,
            has_left,
            has_right,
            neighbours: grid_neighbours(rows, cols),
        }
    }

    /// The connected region of `free` cells containing `start`.
    #[inline]
    fn region(&self, start: u64, free: u64) -> u64 {
        let mut r = start & free;
        loop {
            let grown = (r
                | ((r & self.has_right) << 1)
                | ((r & self.has_left) >> 1)
                | (r << self.cols)
                | (r >> self.cols))
                & free;
            if grown == r {
                return r;
            }
            r = grown;
        }
    }

    /// The slot of `region`, a region of the `free` cells: how many other
    /// regions have a lower lowest cell (at most `SLOTS - 1`).
    #[inline]
    fn slot(&self, region: u64, free: u64) -> usize {
        let mut below = free & ((1u64 << region.trailing_zeros()) - 1);
        let mut slot = 0;
        while below != 0 && slot < SLOTS - 1 {
            below &= !self.region(below & below.wrapping_neg(), free);
            slot += 1;
        }
        slot
    }
}

impl PatternDb {
    /// Builds the database by breadth-first search on all cores, calling
    /// `progress` after each layer.
    pub fn build(pattern: &Pattern, progress: &(dyn Fn(BuildProgress) + Sync)) -> PatternDb {
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
        let mut table = Table::zeroed(size * ENTRY).expect("memory for a pattern database");
        // Not reached yet: least value 0xFF, every slot all ones.
        table.fill(0xFF);
        // SAFETY: the map is page-aligned and holds `size` u32s; atomics
        // have the layout of u32, and the table is not otherwise touched
        // while `entries` lives.
        let entries: &[AtomicU32] =
            unsafe { std::slice::from_raw_parts(table.as_mut_ptr().cast::<AtomicU32>(), size) };
        let found_states = AtomicU64::new(0);
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
        found_states.fetch_add(1, Ordering::Relaxed);
        // Layers are kept as the chunks their expansion made, never copied.
        let mut frontier: Vec<Vec<u64>> = vec![vec![pack(&goal, pattern.blank)]];
        found_placements.fetch_add(1, Ordering::Relaxed);
        let mut depth = 0u32;
        while frontier.iter().any(|c| !c.is_empty()) {
            let next_depth = (depth + 1).min(254);
            let next: Vec<Vec<u64>> = frontier
                .par_iter()
                .flat_map(|layer| layer.par_chunks(4096))
                .map(|chunk| {
                    let mut out = Vec::new();
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
                    found_states.fetch_add(out.len() as u64, Ordering::Relaxed);
                    out
                })
                .collect();
            frontier = next;
            progress(BuildProgress {
                depth,
                states: found_states.load(Ordering::Relaxed),
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
        PatternDb {
            pattern: pattern.clone(),
            geo,
            table,
        }
    }

    /// The fewest pattern-tile moves for pattern tiles on `positions` (in
    /// pattern order) with the blank on `blank`.
    #[inline]
    pub fn lookup(&self, positions: &[u8], blank: u8) -> u8 {
        let r = rank(positions, self.pattern.rows * self.pattern.cols);
        let e = u32::from_le_bytes(
            self.table[r * ENTRY..r * ENTRY + ENTRY]
                .try_into()
                .expect("4 bytes"),
        );
        if e >> 8 == 0 {
            // One region, or all alike: no need to find the blank's.
            return e as u8;
        }
        let free = self.geo.all & !positions.iter().fold(0u64, |m, &p| m | 1 << p);
        let slot = self.geo.slot(self.geo.region(1 << blank, free), free);
        (e as u8).wrapping_add(2 * ((e >> (8 + SLOT_BITS * slot)) & MAX_HALF_EXCESS) as u8)
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        self.table.len() / ENTRY
    }

    /// Whether the database is empty (never, once built).
    pub fn is_empty(&self) -> bool {
        self.table.is_empty()
    }

    /// The file header: magic, version, shape, pattern cells, the blank's
    /// goal cell, entries.
    fn header(pattern: &Pattern) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(64);
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(&VERSION.to_le_bytes());
        bytes.push(pattern.rows as u8);
        bytes.push(pattern.cols as u8);
        bytes.push(pattern.cells.len() as u8);
        bytes.extend_from_slice(&pattern.cells);
        bytes.push(pattern.blank);
        bytes.extend_from_slice(&(pattern.placements() as u64).to_le_bytes());
        bytes
    }

    /// Writes the database to `path`: the header, the table and a CRC-32 of
    /// both; through a temporary file, so that a crash never leaves a
    /// half-written database under the real name.
    pub fn save(&self, path: &Path) -> std::io::Result<()> {
        let header = PatternDb::header(&self.pattern);
        let mut crc = crc32fast::Hasher::new();
        crc.update(&header);
        crc.update(&self.table);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        let tmp = path.with_extension(format!("tmp{}", std::process::id()));
        let mut file = std::io::BufWriter::new(std::fs::File::create(&tmp)?);
        file.write_all(&header)?;
        file.write_all(&self.table)?;
        file.write_all(&crc.finalize().to_le_bytes())?;
        file.into_inner().map_err(|e| e.into_error())?.sync_all()?;
        std::fs::rename(&tmp, path)
    }

    /// Reads a database of `pattern` from `path`, checking its header and
    /// checksum. The table is read straight into its place.
    pub fn load(path: &Path, pattern: &Pattern) -> Result<PatternDb, String> {
        let mut file = std::fs::File::open(path).map_err(|e| e.to_string())?;
        let expected = PatternDb::header(pattern);
        let mut header = vec![0; expected.len()];
        file.read_exact(&mut header)
            .map_err(|_| "not an npuzzle pattern database (too short)")?;
        if header[..8] != MAGIC[..] {
            return Err("not an npuzzle pattern database".into());
        }
        let version = u32::from_le_bytes(header[8..12].try_into().expect("4 bytes"));
        if version != VERSION {
            return Err(format!("format version {version}, expected {VERSION}"));
        }
        if header != expected {
            return Err("the file holds another pattern".into());
        }
        let len = file.metadata().map_err(|e| e.to_string())?.len();
        if len != (expected.len() + pattern.placements() * ENTRY + 4) as u64 {
            return Err("wrong table size".into());
        }
        let mut table = Table::zeroed(pattern.placements() * ENTRY).map_err(|e| e.to_string())?;
        file.read_exact(&mut table).map_err(|e| e.to_string())?;
        let mut stored = [0u8; 4];
        file.read_exact(&mut stored).map_err(|e| e.to_string())?;
        let mut crc = crc32fast::Hasher::new();
        crc.update(&header);
        crc.update(&table);
        if crc.finalize() != u32::from_le_bytes(stored) {
            return Err("checksum mismatch (damaged file)".into());
        }
        Ok(PatternDb {
            pattern: pattern.clone(),
            geo: Geometry::new(pattern.rows, pattern.cols),
            table,
        })
    }
}

/// Where databases are kept: `$NPUZZLE_CACHE`, else
/// `$XDG_CACHE_HOME/npuzzle`, else `~/.cache/npuzzle`.
pub fn cache_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("NPUZZLE_CACHE") {
        return PathBuf::from(dir);
    }
    if let Some(dir) = std::env::var_os("XDG_CACHE_HOME") {
        return PathBuf::from(dir).join("npuzzle");
    }
    match std::env::var_os("HOME") {
        Some(home) => PathBuf::from(home).join(".cache").join("npuzzle"),
        None => std::env::temp_dir().join("npuzzle"),
    }
}

/// Databases already in memory, shared by every search of the process.
static LOADED: Mutex<Vec<Arc<PatternDb>>> = Mutex::new(Vec::new());

/// The database of `pattern`: from memory, else from the cache directory,
/// else built (and written to the cache) when missing or damaged; kept in
/// memory for later searches. `progress` hears about builds. Concurrent
/// callers wait for one build.
pub fn load_or_build(
    pattern: &Pattern,
    progress: &(dyn Fn(&Pattern, Option<BuildProgress>) + Sync),
) -> Result<Arc<PatternDb>, Error> {
    let mut loaded = LOADED.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(db) = loaded.iter().find(|db| db.pattern == *pattern) {
        return Ok(db.clone());
    }
    let db = Arc::new(from_cache_or_build(pattern, progress)?);
    loaded.push(db.clone());
    Ok(db)
}

/// The database of `pattern` from the cache directory, else built and
/// written there; not kept in memory (`pdb build` holds one table at a
/// time).
pub fn from_cache_or_build(
    pattern: &Pattern,
    progress: &(dyn Fn(&Pattern, Option<BuildProgress>) + Sync),
) -> Result<PatternDb, Error> {
    pattern.check_size()?;
    let path = cache_dir().join(pattern.file_name());
    Ok(match PatternDb::load(&path, pattern) {
        Ok(db) => db,
        Err(_) => {
            progress(pattern, None);
            let db = PatternDb::build(pattern, &|p| progress(pattern, Some(p)));
            // A cache that cannot be written only costs a rebuild next time.
            let _ = db.save(&path);
            db
        }
    })
}

/// The databases in the cache: file and size in bytes.
pub fn list() -> Vec<(PathBuf, u64)> {
    let mut out = Vec::new();
    if let Ok(entries) = std::fs::read_dir(cache_dir()) {
        for entry in entries.flatten() {
            let name = entry.file_name();
            let name = name.to_string_lossy();
            if name.starts_with("pdb-") && name.ends_with(".bin") {
                out.push((entry.path(), entry.metadata().map(|m| m.len()).unwrap_or(0)));
            }
        }
    }
    out.sort();
    out
}

/// Removes every database from the cache; returns how many.
pub fn clear() -> std::io::Result<usize> {
    let files = list();
    for (path, _) in &files {
        std::fs::remove_file(path)?;
    }
    Ok(files.len())
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
    fn regions_follow_the_grid() {
        let g = Geometry::new(3, 3);
        // Free: the left column and the bottom row.
        let free = 0b111_001_001;
        assert_eq!(g.region(1, free), free);
        // The right column alone does not touch cell 0.
        assert_eq!(g.region(1, 0b100_100_101), 1);
    }

    #[test]
    fn save_and_load_round_trip_and_detect_damage() {
        let pattern = Pattern {
            rows: 2,
            cols: 3,
            cells: vec![1, 2],
            blank: 0,
        };
        let db = PatternDb::build(&pattern, &|_| {});
        assert_eq!(db.lookup(&[1, 2], 0), 0);
        // Swapping two tiles of a 2×3 board's top row: Manhattan distance
        // and the linear conflict say 4, but the blank cannot get around
        // in time: 6 moves of the two tiles.
        assert_eq!(db.lookup(&[2, 1], 0), 6);
        let dir = std::env::temp_dir().join(format!("npuzzle-pdb-{}", std::process::id()));
        let path = dir.join(pattern.file_name());
        db.save(&path).unwrap();
        let back = PatternDb::load(&path, &pattern).unwrap();
        assert_eq!(*back.table, *db.table);
        let mut bytes = std::fs::read(&path).unwrap();
        let mid = bytes.len() / 2;
        bytes[mid] ^= 1;
        std::fs::write(&path, &bytes).unwrap();
        assert!(
            PatternDb::load(&path, &pattern)
                .unwrap_err()
                .contains("checksum")
        );
        let other = Pattern {
            cells: vec![2, 1],
            ..pattern
        };
        db.save(&path).unwrap();
        assert!(PatternDb::load(&path, &other).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
