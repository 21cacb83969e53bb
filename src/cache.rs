//! Where the command line keeps pattern databases: `$NPUZZLE_CACHE`, else
//! the platform's cache folder. The library never picks a folder itself.

use std::path::PathBuf;

use anyhow::{Context, Result};
use npuzzle_core::PdbCache;

/// The cache folder: `$NPUZZLE_CACHE` when set and not empty, else the
/// platform's cache folder for npuzzle (`~/.cache/npuzzle` on Linux).
fn cache_dir() -> Result<PathBuf> {
    if let Some(dir) = std::env::var_os("NPUZZLE_CACHE").filter(|d| !d.is_empty()) {
        return Ok(PathBuf::from(dir));
    }
    directories::ProjectDirs::from("", "", "npuzzle")
        .map(|dirs| dirs.cache_dir().to_path_buf())
        .context("no cache folder for pattern databases: set NPUZZLE_CACHE")
}

/// The cache the CLI hands to the library.
pub(crate) fn cache() -> Result<PdbCache> {
    let dir = cache_dir()?;
    PdbCache::at(dir).context("pattern database cache")
}

/// The cache for searches: on failure a warning, and tables in memory.
/// Tables are read from it: what the server, which lives long, uses.
pub(crate) fn cache_or_warn() -> Option<PdbCache> {
    cache()
        .map_err(|e| eprintln!("warning: {e:#}; tables are kept in memory only"))
        .ok()
}

/// The cache for a command that lives for one question, one batch or
/// one judge input: tables mapped from it, not read. No copy and no
/// zeroed memory: Korf's 100 in 0.65-0.96 s, against 0.76-2.18 s read,
/// the 460 MB of 7-7-1 tables loaded in 0.05-0.11 s against
/// 0.14-1.19 s (the kernel zeroing fresh pages took most of it). The
/// server reads its tables: a file cut short by another program under
/// a mapping stops the process with a bus error, a risk that grows with
/// the time a process holds its tables (the cache itself never changes
/// a file in place).
pub(crate) fn mapped_or_warn() -> Option<PdbCache> {
    cache_or_warn().map(|cache| cache.mapped(true))
}
