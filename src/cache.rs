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
pub(crate) fn cache_or_warn() -> Option<PdbCache> {
    cache()
        .map_err(|e| eprintln!("warning: {e:#}; tables are kept in memory only"))
        .ok()
}
