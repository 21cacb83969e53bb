//! Where databases live on disk: a folder the caller chooses
//! ([`PdbCache`]), and a table loaded from it or built and written there
//! (`load_or_build`). What the process keeps in memory is `registry`'s.
//!
//! The library never picks a folder itself: without a cache, tables are
//! built in memory only. On disk each table has a lock file: processes
//! sharing a folder build a table once, and the one holding the lock
//! clears what a crashed build left behind. A folder others may write to
//! is refused.

use std::path::{Path, PathBuf};

use super::page_cache::resident;
use super::{BuildProgress, Pattern, PatternDb};
use crate::solve::error::{PdbError, SolveError};
use crate::solve::progress::{OnProgress, Progress};
use crate::stop::Stop;

/// A folder of pattern databases: read when a table is wanted, written
/// when one had to be built.
///
/// ```
/// use npuzzle_core::PdbCache;
/// let dir = std::env::temp_dir().join("npuzzle-doc-cache");
/// let cache = PdbCache::at(&dir)?;
/// assert_eq!(cache.dir(), dir);
/// assert!(cache.list()?.iter().all(|(path, _)| path.starts_with(&dir)));
/// # Ok::<(), npuzzle_core::PdbError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PdbCache {
    dir: PathBuf,
    mapped: bool,
}

impl PdbCache {
    /// The cache in `dir`, created when missing.
    ///
    /// # Errors
    /// [`PdbError::Io`] when `dir` cannot be created, is not a folder, or
    /// (on Unix) others may write to it: they could plant a table there.
    pub fn at(dir: impl Into<PathBuf>) -> Result<Self, PdbError> {
        let dir = dir.into();
        let io = |error| PdbError::Io {
            path: dir.clone(),
            error,
        };
        std::fs::create_dir_all(&dir).map_err(io)?;
        let meta = std::fs::metadata(&dir).map_err(io)?;
        if !meta.is_dir() {
            let why = std::io::Error::new(std::io::ErrorKind::NotADirectory, "not a folder");
            return Err(io(why));
        }
        #[cfg(unix)]
        if std::os::unix::fs::PermissionsExt::mode(&meta.permissions()) & 0o002 != 0 {
            let why = std::io::Error::new(
                std::io::ErrorKind::PermissionDenied,
                "others may write to this folder; use a folder of your own",
            );
            return Err(io(why));
        }
        Ok(Self { dir, mapped: false })
    }

    /// Whether tables loaded from this cache are mapped into memory
    /// read-only instead of read (an opt-in): the system then keeps one
    /// copy of a table for every process of the machine that uses it
    /// (the workers of a cluster node, say), and a process starts
    /// searching without reading the whole file first (the checksum is
    /// still checked). The cache never changes a table file in place, but
    /// a file cut short by another program while it is mapped stops the
    /// process with a bus error; that is why it is not the default.
    #[must_use]
    pub fn mapped(mut self, yes: bool) -> Self {
        self.mapped = yes;
        self
    }

    /// The folder.
    #[must_use]
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Where the table file called `name` is kept.
    pub(crate) fn file(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    /// Whether tables are mapped (see [`mapped`](Self::mapped)).
    pub(crate) fn is_mapped(&self) -> bool {
        self.mapped
    }

    /// Where the database of `pattern` is kept.
    pub(crate) fn path_of(&self, pattern: &Pattern) -> PathBuf {
        self.dir.join(pattern.file_name())
    }

    /// The databases in the folder: file and size in bytes, sorted.
    ///
    /// # Errors
    /// [`PdbError::Io`] when the folder cannot be read.
    pub fn list(&self) -> Result<Vec<(PathBuf, u64)>, PdbError> {
        let io = |error| PdbError::Io {
            path: self.dir.clone(),
            error,
        };
        let mut out = Vec::new();
        for entry in std::fs::read_dir(&self.dir).map_err(io)? {
            let entry = entry.map_err(io)?;
            let name = entry.file_name();
            let name = name.to_string_lossy();
            if name.starts_with("pdb-") && name.ends_with(".bin") {
                out.push((entry.path(), entry.metadata().map(|m| m.len()).unwrap_or(0)));
            }
        }
        out.sort();
        Ok(out)
    }

    /// Removes every database from the folder, and the lock and temporary
    /// files builds leave; returns how many databases. A `pdb-*.bin` file
    /// that does not start with the databases' header was not written by
    /// npuzzle and is left alone.
    ///
    /// # Errors
    /// [`PdbError::Io`] when a file cannot be removed.
    pub fn clear(&self) -> Result<usize, PdbError> {
        let mut files = self.list()?;
        files.retain(|(path, _)| super::file::is_ours(path));
        for (path, _) in &files {
            std::fs::remove_file(path).map_err(|error| PdbError::Io {
                path: path.clone(),
                error,
            })?;
        }
        if let Ok(entries) = std::fs::read_dir(&self.dir) {
            for entry in entries.flatten() {
                let name = entry.file_name();
                let name = name.to_string_lossy();
                let leftover =
                    name.starts_with(".pdb-") || name.starts_with("pdb-") && name.contains(".tmp");
                if leftover {
                    let _ = std::fs::remove_file(entry.path());
                }
            }
        }
        Ok(files.len())
    }

    /// The lock of `pattern`'s table, held until it is dropped; `None`
    /// where no lock file can be made (a read-only folder: then nothing
    /// is written either).
    fn lock(&self, pattern: &Pattern) -> Option<std::fs::File> {
        let path = self.dir.join(format!(".{}.lock", pattern.file_name()));
        let file = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(path)
            .ok()?;
        file.lock().ok()?;
        Some(file)
    }

    /// Removes the temporary files of `pattern`'s table that a crashed
    /// build left (called with its lock held: no build of it is running).
    fn sweep(&self, pattern: &Pattern) {
        let prefix = format!(".{}.", pattern.file_name());
        let Ok(entries) = std::fs::read_dir(&self.dir) else {
            return;
        };
        for entry in entries.flatten() {
            let name = entry.file_name();
            let name = name.to_string_lossy();
            if name.starts_with(&prefix) && name.ends_with(super::file::TEMP_SUFFIX) {
                let _ = std::fs::remove_file(entry.path());
            }
        }
    }

    /// The bytes the table of `pattern` takes once loaded from here: its
    /// file's size (about half [`table_bytes`](super::table_bytes)'s
    /// bound where it holds 16-bit entries), at most the bound.
    pub(crate) fn loaded_bytes(&self, pattern: &Pattern) -> u64 {
        let bound = super::table_bytes(pattern);
        std::fs::metadata(self.path_of(pattern)).map_or(bound, |meta| meta.len().min(bound))
    }

    /// Whether the folder holds a file for `pattern` (its soundness is
    /// checked when it is loaded).
    pub(crate) fn has(&self, pattern: &Pattern) -> bool {
        self.path_of(pattern).is_file()
    }

    /// Whether the folder holds a file for `pattern` that the system's
    /// page cache holds too (see `page_cache::resident`): mapped, it is
    /// read from memory, not from disk.
    pub(crate) fn has_resident(&self, pattern: &Pattern) -> bool {
        std::fs::File::open(self.path_of(pattern))
            .is_ok_and(|file| file.metadata().is_ok_and(|m| m.is_file()) && resident(&file))
    }
}

/// Whether a table that cannot be written to the cache is an error (`pdb
/// build`) or only reported (a search, which has the table anyway).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Save {
    /// Saving must succeed.
    Required,
    /// A failed save is reported through the progress callback.
    Tried,
}

/// The database of `pattern` from `cache`, else built and written there;
/// not kept in memory (`pdb build` holds one table at a time). With a
/// cache, the table's lock file is held meanwhile. A build stops with
/// [`SolveError::Cancelled`] soon after `cancel` is set.
pub(crate) fn load_or_build(
    pattern: &Pattern,
    cache: Option<&PdbCache>,
    progress: OnProgress,
    save: Save,
    stop: Stop,
) -> Result<PatternDb, SolveError> {
    pattern.check_size()?;
    let _lock = cache.and_then(|c| c.lock(pattern));
    if let Some(db) =
        cache.and_then(|c| PatternDb::load(&c.path_of(pattern), pattern, c.mapped).ok())
    {
        return Ok(db);
    }
    if let (Some(cache), Some(_)) = (cache, &_lock) {
        cache.sweep(pattern);
    }
    let table = pattern.file_name().trim_end_matches(".bin").to_string();
    let total = pattern.placements() as u64;
    progress(&Progress::Building {
        table: table.clone(),
        done: 0,
        total,
    });
    let report = |p: BuildProgress| {
        progress(&Progress::Building {
            table: table.clone(),
            done: p.placements,
            total,
        })
    };
    let db = PatternDb::build(pattern, &report, stop)?.ok_or(SolveError::Cancelled)?;
    match (cache.map(|c| db.save(&c.path_of(pattern))), save) {
        (Some(Err(error)), Save::Required) => return Err(error.into()),
        (Some(Err(error)), Save::Tried) => progress(&Progress::NotSaved { table, error }),
        _ => {}
    }
    Ok(db)
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use super::*;

    fn small() -> Pattern {
        Pattern {
            rows: 2,
            cols: 3,
            cells: vec![1, 2],
            blank: 0,
        }
    }

    #[test]
    fn a_cache_keeps_what_was_built_and_clear_removes_it() {
        let dir = tempfile::tempdir().unwrap();
        let cache = PdbCache::at(dir.path().join("tables")).unwrap();
        assert!(!cache.has(&small()));
        let builds = std::sync::atomic::AtomicUsize::new(0);
        let count = |p: &Progress| {
            if let Progress::Building { done: 0, .. } = p {
                builds.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            }
        };
        let load = || load_or_build(&small(), Some(&cache), &count, Save::Tried, Stop::default());
        load().unwrap();
        assert!(cache.has(&small()));
        load().unwrap();
        assert_eq!(builds.into_inner(), 1, "the second one is loaded");
        assert_eq!(cache.list().unwrap().len(), 1);
        assert_eq!(cache.clear().unwrap(), 1);
        assert!(cache.list().unwrap().is_empty());
    }

    #[test]
    fn without_a_cache_nothing_is_written() {
        let dir = tempfile::tempdir().unwrap();
        let before = std::fs::read_dir(dir.path()).unwrap().count();
        let db = load_or_build(&small(), None, &|_| {}, Save::Tried, Stop::default()).unwrap();
        assert_eq!(db.lookup(&[2, 1], 0), 6);
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), before);
    }

    #[test]
    fn a_file_is_not_a_cache_folder() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("file");
        std::fs::write(&file, b"x").unwrap();
        assert!(matches!(PdbCache::at(&file), Err(PdbError::Io { .. })));
    }

    #[test]
    fn a_failed_save_is_reported_not_hidden() {
        let dir = tempfile::tempdir().unwrap();
        let cache = PdbCache::at(dir.path()).unwrap();
        // A folder where the table's file should go: the save fails.
        std::fs::create_dir(cache.path_of(&small())).unwrap();
        let reported = Mutex::new(Vec::new());
        load_or_build(
            &small(),
            Some(&cache),
            &|p| {
                if let Progress::NotSaved { .. } = p {
                    reported.lock().unwrap().push(p.to_string());
                }
            },
            Save::Tried,
            Stop::default(),
        )
        .unwrap();
        let reported = reported.into_inner().unwrap();
        assert_eq!(reported.len(), 1);
        assert!(reported[0].contains("could not be saved"));
        let required = load_or_build(
            &small(),
            Some(&cache),
            &|_| {},
            Save::Required,
            Stop::default(),
        );
        assert!(matches!(
            required,
            Err(SolveError::Pdb(PdbError::Io { .. }))
        ));
    }

    #[test]
    fn stale_temporary_files_are_swept_and_folders_others_write_refused() {
        let dir = tempfile::tempdir().unwrap();
        let cache = PdbCache::at(dir.path()).unwrap();
        let stale = dir
            .path()
            .join(format!(".{}.x1y2z3.tmp", small().file_name()));
        std::fs::write(&stale, b"half a table").unwrap();
        load_or_build(
            &small(),
            Some(&cache),
            &|_| {},
            Save::Required,
            Stop::default(),
        )
        .unwrap();
        assert!(!stale.exists(), "swept under the table's lock");
        assert_eq!(cache.clear().unwrap(), 1);
        let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().flatten().collect();
        assert!(left.is_empty(), "{left:?}");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let open = dir.path().join("open");
            std::fs::create_dir(&open).unwrap();
            std::fs::set_permissions(&open, std::fs::Permissions::from_mode(0o777)).unwrap();
            assert!(PdbCache::at(&open).is_err());
        }
    }

    #[test]
    fn two_builders_of_one_table_build_it_once() {
        let dir = tempfile::tempdir().unwrap();
        let cache = PdbCache::at(dir.path()).unwrap();
        let builds = std::sync::atomic::AtomicUsize::new(0);
        let count = |p: &Progress| {
            if let Progress::Building { done: 0, .. } = p {
                builds.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            }
        };
        // Two caches on one folder stand for two processes.
        let other = PdbCache::at(dir.path()).unwrap();
        std::thread::scope(|s| {
            s.spawn(|| {
                load_or_build(
                    &small(),
                    Some(&cache),
                    &count,
                    Save::Required,
                    Stop::default(),
                )
                .unwrap()
            });
            s.spawn(|| {
                load_or_build(
                    &small(),
                    Some(&other),
                    &count,
                    Save::Required,
                    Stop::default(),
                )
                .unwrap()
            });
        });
        assert_eq!(builds.into_inner(), 1);
    }
}
