//! The file format of a database: a header (magic, version, shape, the
//! pattern's cells, the blank's goal, entries), the table, and a CRC-32
//! of both. Written through a temporary file of its own (created
//! exclusively, removed on every error), so that a crash never leaves a
//! half-written database under the real name and no planted file or
//! link is ever written through.
//!
//! A mapped table's checksum is checked once: a stamp beside it (the
//! file's device, inode, size and modification and change times, and its
//! checksum) then says it was, and while the file's own say the same a
//! later process maps it without reading every page (as git trusts its
//! index's stat data). Reading the whole of a 2 GB table to check it
//! cost more than the search that needed a fraction of it.

use std::io::{Read, Seek, Write};
use std::path::Path;

use super::geometry::Geometry;
use super::table::{Bytes, Table};
use super::{Pattern, PatternDb, Width};
use crate::solve::error::{BadFile, PdbError};

const MAGIC: &[u8; 8] = b"NPZPDB\0\0";

/// Whether the file at `path` starts with this format's magic: written
/// by npuzzle (sound or not), so that clearing the cache removes only
/// such files.
pub(super) fn is_ours(path: &std::path::Path) -> bool {
    use std::io::Read;
    let mut start = [0u8; 8];
    std::fs::File::open(path)
        .and_then(|mut f| f.read_exact(&mut start))
        .is_ok_and(|()| start == *MAGIC)
}

/// The end of a temporary file's name (which starts with a dot and the
/// database's own name).
pub(super) const TEMP_SUFFIX: &str = ".tmp";
/// 2: the blank's goal cell joined the pattern; 3: values per region;
/// 4: eight region slots of 3 bits; 5: a pattern's entries 32 or 16 bits
/// wide, told by the body's size.
const VERSION: u32 = 5;
/// The versions read: 4's files are 5's with every entry wide.
const READABLE: [u32; 2] = [4, 5];

/// The file header of a pattern database: magic, version, shape, pattern
/// cells, the blank's goal cell, entries.
fn header(pattern: &Pattern) -> Vec<u8> {
    header_of(
        (pattern.rows, pattern.cols),
        pattern.cells.len() as u8,
        &pattern.cells,
        pattern.blank,
        pattern.placements() as u64,
    )
}

/// A table file's header: magic, version, shape, `kind` (a pattern's
/// tile count, or 255 for a colored table), `cells` (the pattern's goal
/// cells, or each goal cell's color), the blank's goal cell, entries.
fn header_of(
    (rows, cols): (usize, usize),
    kind: u8,
    cells: &[u8],
    blank: u8,
    entries: u64,
) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(64);
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&VERSION.to_le_bytes());
    bytes.push(rows as u8);
    bytes.push(cols as u8);
    bytes.push(kind);
    bytes.extend_from_slice(cells);
    bytes.push(blank);
    bytes.extend_from_slice(&entries.to_le_bytes());
    bytes
}

/// Where the stamp of the table at `path` is kept: a hidden file beside
/// it, which clearing the cache removes with the lock files.
fn stamp_path(path: &Path) -> std::path::PathBuf {
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    path.with_file_name(format!(".{name}.checked"))
}

/// What a stamp says of a table file: its device, inode, size,
/// modification and change times (the system sets the change time on
/// every write, rename or change of mode; no program can set it back),
/// and the checksum it stores. `None` where the system has no inodes.
#[cfg(unix)]
fn identity(meta: &std::fs::Metadata, crc: [u8; 4]) -> Option<String> {
    use std::os::unix::fs::MetadataExt as _;
    Some(format!(
        "npuzzle table checked: {} {} {} {}.{} {}.{} {:08x}\n",
        meta.dev(),
        meta.ino(),
        meta.size(),
        meta.mtime(),
        meta.mtime_nsec(),
        meta.ctime(),
        meta.ctime_nsec(),
        u32::from_le_bytes(crc)
    ))
}

#[cfg(not(unix))]
fn identity(_: &std::fs::Metadata, _: [u8; 4]) -> Option<String> {
    None
}

/// Writes a stamp through a temporary file of its own, renamed over.
fn write_stamp(stamp: &Path, identity: &str) -> std::io::Result<()> {
    let tmp = stamp.with_extension(format!("checked.tmp{}", std::process::id()));
    let written = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&tmp)
        .and_then(|mut f| f.write_all(identity.as_bytes()))
        .and_then(|()| std::fs::rename(&tmp, stamp));
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    written
}

impl PatternDb {
    /// Writes the database to `path`, creating its folder.
    ///
    /// # Errors
    /// [`PdbError::Io`] when the folder or file cannot be written; the
    /// temporary file is removed then.
    pub(crate) fn save(&self, path: &Path) -> Result<(), PdbError> {
        save(path, &header(&self.pattern), &self.table)
    }

    /// Reads a database of `pattern` from `path`, checking its header and
    /// checksum. The table is read straight into its place, or, when
    /// `mapped`, the file is mapped read-only (see [`Bytes::map`]: the
    /// system keeps one copy for all the processes that map it).
    ///
    /// # Errors
    /// [`PdbError::Io`] when the file cannot be read, [`PdbError::BadFile`]
    /// when it is not a sound database of `pattern`,
    /// [`PdbError::OutOfMemory`] when the table's memory cannot be had.
    pub(crate) fn load(path: &Path, pattern: &Pattern, mapped: bool) -> Result<Self, PdbError> {
        let entries = pattern.placements();
        let width = |len: usize| Width::of_body(len as u64, entries as u64);
        let (table, version) = load(path, &header(pattern), &|len| width(len).is_some(), mapped)?;
        let db = Self {
            pattern: pattern.clone(),
            geo: Geometry::new(pattern.rows, pattern.cols),
            entries,
            width: width(table.len()).expect("a length accepted"),
            table,
        };
        // An earlier version kept every table wide: narrowed now where it
        // fits (a pass over the table, once), and written back so that the
        // next process maps the narrow one; a failed write only leaves the
        // wide file in place.
        if version < VERSION
            && db.width == Width::Wide
            && let Some(narrow) = super::entry::narrow(&db.table)
        {
            let db = Self {
                width: Width::Narrow,
                table: Bytes::Owned(narrow),
                ..db
            };
            let _ = db.save(path);
            return Ok(db);
        }
        Ok(db)
    }
}

/// Writes a table file (`header`, `body`, the CRC-32 of both) to `path`
/// through a temporary file, creating its folder.
///
/// # Errors
/// [`PdbError::Io`] when the folder or file cannot be written; the
/// temporary file is removed then.
pub(crate) fn save(path: &Path, header: &[u8], body: &[u8]) -> Result<(), PdbError> {
    let io = |error| PdbError::Io {
        path: path.to_path_buf(),
        error,
    };
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(io)?;
    }
    let tmp = path.with_extension(format!("tmp{}", std::process::id()));
    let written = write_to(&tmp, header, body).and_then(|()| std::fs::rename(&tmp, path));
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    written.map_err(io)
}

fn write_to(path: &Path, header: &[u8], body: &[u8]) -> std::io::Result<()> {
    let mut crc = crc32fast::Hasher::new();
    crc.update(header);
    crc.update(body);
    let mut file = std::io::BufWriter::new(std::fs::File::create(path)?);
    file.write_all(header)?;
    file.write_all(body)?;
    file.write_all(&crc.finalize().to_le_bytes())?;
    let file = file.into_inner().map_err(|e| e.into_error())?;
    file.sync_all()?;
    super::page_cache::evict(&file);
    Ok(())
}

/// Reads the body (of a length `accepts`: a table's entries may have
/// more than one width) of the table file at `path` whose header must be
/// `expected` (but for the version, any of [`READABLE`]), checking the
/// checksum (once, for a mapped file: see the stamps above). Read into
/// memory, or mapped when `mapped`. Gives the file's version too.
///
/// # Errors
/// [`PdbError::Io`] when the file cannot be read, [`PdbError::BadFile`]
/// when it is not a sound table of that header,
/// [`PdbError::OutOfMemory`] when the table's memory cannot be had.
pub(crate) fn load(
    path: &Path,
    expected: &[u8],
    accepts: &dyn Fn(usize) -> bool,
    mapped: bool,
) -> Result<(Bytes, u32), PdbError> {
    let io = |error| PdbError::Io {
        path: path.to_path_buf(),
        error,
    };
    let bad = |problem| PdbError::BadFile {
        path: path.to_path_buf(),
        problem,
    };
    let mut file = std::fs::File::open(path).map_err(io)?;
    let mut found = vec![0; expected.len()];
    file.read_exact(&mut found)
        .map_err(|_| bad(BadFile::NotPdb))?;
    if found[..8] != MAGIC[..] {
        return Err(bad(BadFile::NotPdb));
    }
    let version = u32::from_le_bytes(found[8..12].try_into().expect("4 bytes"));
    if !READABLE.contains(&version) {
        return Err(bad(BadFile::Version {
            found: version,
            expected: VERSION,
        }));
    }
    if found[12..] != expected[12..] {
        return Err(bad(BadFile::OtherPattern));
    }
    let size = file.metadata().map_err(io)?.len();
    let len = size
        .checked_sub(expected.len() as u64 + 4)
        .and_then(|len| usize::try_from(len).ok())
        .filter(|&len| accepts(len))
        .ok_or_else(|| bad(BadFile::WrongSize))?;
    let table = if mapped {
        Bytes::map(&file, expected.len(), len).map_err(io)?
    } else {
        let mut table =
            Table::zeroed(len).map_err(|error| PdbError::OutOfMemory { bytes: len, error })?;
        file.read_exact(&mut table).map_err(io)?;
        Bytes::Owned(table)
    };
    let mut stored = [0u8; 4];
    file.seek(std::io::SeekFrom::Start((expected.len() + len) as u64))
        .map_err(io)?;
    file.read_exact(&mut stored).map_err(io)?;
    let identity = mapped
        .then(|| file.metadata().ok().and_then(|m| identity(&m, stored)))
        .flatten();
    let stamp = stamp_path(path);
    let checked = identity
        .as_ref()
        .is_some_and(|id| std::fs::read(&stamp).is_ok_and(|found| found == id.as_bytes()));
    if !checked {
        let mut crc = crc32fast::Hasher::new();
        crc.update(&found);
        crc.update(&table);
        if crc.finalize() != u32::from_le_bytes(stored) {
            return Err(bad(BadFile::Checksum));
        }
        if let Some(id) = identity {
            // Only saves the next process the check: a stamp that
            // cannot be written (a read-only folder) is no error.
            let _ = write_stamp(&stamp, &id);
        }
    }
    Ok((table, version))
}

/// The header of a colored table's file: as a pattern database's, with
/// 255 where the pattern's tile count goes, then each goal cell's color.
pub(crate) fn colored_header(
    rows: usize,
    cols: usize,
    blank: u8,
    colors: &[u8],
    entries: u64,
) -> Vec<u8> {
    header_of((rows, cols), u8::MAX, colors, blank, entries)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A database of two tiles of a 2×3 board, the blank's goal first.
    fn two_tiles_on_2x3() -> (Pattern, PatternDb) {
        let pattern = Pattern {
            rows: 2,
            cols: 3,
            cells: vec![1, 2],
            blank: 0,
        };
        let db = PatternDb::build(&pattern, &|_| {}, crate::stop::Stop::default())
            .unwrap()
            .unwrap();
        (pattern, db)
    }

    #[test]
    fn save_and_load_round_trip_and_detect_damage() {
        let (pattern, db) = two_tiles_on_2x3();
        assert_eq!(db.lookup(&[1, 2], 0), 0);
        // Swapping two tiles of a 2×3 board's top row: Manhattan distance
        // and the linear conflict say 4, but the blank cannot get around
        // in time: 6 moves of the two tiles.
        assert_eq!(db.lookup(&[2, 1], 0), 6);
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(pattern.file_name());
        db.save(&path).unwrap();
        let back = PatternDb::load(&path, &pattern, false).unwrap();
        assert_eq!(*back.table, *db.table);
        // Mapped, the same bytes and lookups.
        let mapped = PatternDb::load(&path, &pattern, true).unwrap();
        assert!(mapped.table.is_mapped() && !back.table.is_mapped());
        assert_eq!(*mapped.table, *db.table);
        assert_eq!(mapped.lookup(&[2, 1], 0), 6);
        let mut bytes = std::fs::read(&path).unwrap();
        let mid = bytes.len() / 2;
        bytes[mid] ^= 1;
        // Written to a new file, as the cache does: the map above keeps
        // the old one.
        std::fs::remove_file(&path).unwrap();
        std::fs::write(&path, &bytes).unwrap();
        assert_eq!(mapped.lookup(&[2, 1], 0), 6);
        for map in [false, true] {
            assert!(matches!(
                PatternDb::load(&path, &pattern, map),
                Err(PdbError::BadFile {
                    problem: BadFile::Checksum,
                    ..
                })
            ));
        }
        std::fs::write(&path, &bytes[..10]).unwrap();
        assert!(matches!(
            PatternDb::load(&path, &pattern, false),
            Err(PdbError::BadFile {
                problem: BadFile::NotPdb,
                ..
            })
        ));
        let other = Pattern {
            cells: vec![2, 1],
            ..pattern
        };
        db.save(&path).unwrap();
        assert!(matches!(
            PatternDb::load(&path, &other, true),
            Err(PdbError::BadFile {
                problem: BadFile::OtherPattern,
                ..
            })
        ));
        // Only the database and its stamp are left: no temporary files.
        let mut left: Vec<String> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        left.sort();
        assert_eq!(
            left,
            [
                format!(".{}.checked", pattern.file_name()),
                pattern.file_name()
            ]
        );
    }

    #[test]
    fn an_earlier_version_s_wide_table_is_read_narrowed_and_written_back() {
        let (pattern, db) = two_tiles_on_2x3();
        assert_eq!(db.width, Width::Narrow);
        // The table as version 4 wrote it: every entry 32 bits.
        let wide: Vec<u8> = (0..db.len())
            .flat_map(|r| {
                let (least, excesses, width) = Width::Narrow.read(&db.table, r, db.len());
                let slots = (0..5).fold(0, |e, slot| {
                    e | width.half_excess(excesses, slot) << (3 * slot)
                });
                (u32::from(least) | slots << 8).to_le_bytes()
            })
            .collect();
        let mut old = header(&pattern);
        old[8..12].copy_from_slice(&4u32.to_le_bytes());
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(pattern.file_name());
        save(&path, &old, &wide).unwrap();
        let size = |path: &Path| std::fs::metadata(path).unwrap().len();
        let wide_size = size(&path);
        let back = PatternDb::load(&path, &pattern, true).unwrap();
        assert_eq!((back.width, &*back.table), (Width::Narrow, &*db.table));
        assert_eq!(back.lookup(&[2, 1], 0), 6);
        // Written back narrow, in this version.
        assert_eq!(size(&path), wide_size - 2 * db.len() as u64);
        let again = PatternDb::load(&path, &pattern, true).unwrap();
        assert!(again.table.is_mapped());
        assert_eq!(*again.table, *db.table);
        // A version older still is refused.
        old[8..12].copy_from_slice(&3u32.to_le_bytes());
        save(&path, &old, &wide).unwrap();
        assert!(matches!(
            PatternDb::load(&path, &pattern, false),
            Err(PdbError::BadFile {
                problem: BadFile::Version {
                    found: 3,
                    expected: 5
                },
                ..
            })
        ));
    }

    #[test]
    fn a_mapped_table_is_checked_once_until_its_file_changes() {
        let (pattern, db) = two_tiles_on_2x3();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(pattern.file_name());
        db.save(&path).unwrap();
        let stamp = stamp_path(&path);
        // Read, not mapped: the whole file is read anyway, no stamp.
        PatternDb::load(&path, &pattern, false).unwrap();
        assert!(!stamp.exists());
        PatternDb::load(&path, &pattern, true).unwrap();
        let written = std::fs::read_to_string(&stamp).unwrap();
        assert!(written.starts_with("npuzzle table checked: "), "{written}");
        // Checked: mapped again without a look at every page.
        assert_eq!(
            PatternDb::load(&path, &pattern, true)
                .unwrap()
                .lookup(&[2, 1], 0),
            6
        );
        // Damaged in place (the change time moves with it): checked again,
        // and refused.
        let mut bytes = std::fs::read(&path).unwrap();
        let mid = bytes.len() / 2;
        bytes[mid] ^= 1;
        std::thread::sleep(std::time::Duration::from_millis(20));
        std::fs::OpenOptions::new()
            .write(true)
            .open(&path)
            .and_then(|mut f| f.write_all(&bytes))
            .unwrap();
        assert!(matches!(
            PatternDb::load(&path, &pattern, true),
            Err(PdbError::BadFile {
                problem: BadFile::Checksum,
                ..
            })
        ));
        // A stamp that says something else is no stamp.
        db.save(&path).unwrap();
        std::fs::write(&stamp, "npuzzle table checked: 1 2 3\n").unwrap();
        PatternDb::load(&path, &pattern, true).unwrap();
        assert_ne!(
            std::fs::read_to_string(&stamp).unwrap(),
            "npuzzle table checked: 1 2 3\n"
        );
    }

    #[test]
    fn a_save_that_fails_leaves_no_temporary_file() {
        let pattern = Pattern {
            rows: 2,
            cols: 2,
            cells: vec![1],
            blank: 0,
        };
        let db = PatternDb::build(&pattern, &|_| {}, crate::stop::Stop::default())
            .unwrap()
            .unwrap();
        let dir = tempfile::tempdir().unwrap();
        // The target is a folder: the rename fails after the write.
        let path = dir.path().join("taken");
        std::fs::create_dir(&path).unwrap();
        assert!(matches!(db.save(&path), Err(PdbError::Io { .. })));
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }
}
