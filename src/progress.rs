//! Where the CLI keeps pattern databases, progress bars for long work
//! (database builds), and the `pdb` command. Bars go to stderr, and only
//! when it is a terminal; warnings always do.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::Duration;

use anyhow::{Context, Result, bail};
use indicatif::{ProgressBar, ProgressStyle};
use npuzzle_core::{Board, BuildCost, PdbCache, Progress, Solver};

use crate::cli::PdbAction;

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
pub fn cache() -> Result<PdbCache> {
    let dir = cache_dir()?;
    PdbCache::at(dir).context("pattern database cache")
}

/// The cache for searches: on failure a warning, and tables in memory.
pub fn cache_or_warn() -> Option<PdbCache> {
    cache()
        .map_err(|e| eprintln!("warning: {e:#}; tables are kept in memory only"))
        .ok()
}

/// One line on stderr before a long table build: what, how long, how
/// much disk and memory (the library's [`BuildCost`]), and how to skip
/// it. `None` for builds too short to announce.
fn announcement(table: &str, entries: u64) -> Option<String> {
    let cost = BuildCost::of(entries)?;
    Some(format!(
        "note: building the pattern database {table} ({entries} entries): about {:.0} s on two \
         cores, {:.0} MB on disk and as much memory, once (it is cached); --fast skips \
         it, `npuzzle pdb build` builds it ahead of time",
        cost.seconds,
        cost.bytes as f64 / 1e6
    ))
}

/// A progress callback: a bar per database build and per pass of a long
/// solve, on a terminal; warnings (a table that could not be saved)
/// always.
pub fn reporter() -> impl Fn(&Progress) + Sync {
    let bar: Mutex<Option<(String, ProgressBar)>> = Mutex::new(None);
    let on_terminal = std::io::stderr().is_terminal();
    move |progress: &Progress| {
        let (title, done, total) = match progress {
            Progress::Building {
                table,
                done: 0,
                total,
            } if announcement(table, *total).is_some() => {
                eprintln!("{}", announcement(table, *total).unwrap_or_default());
                (format!("building {table}"), &0, total)
            }
            Progress::Building { table, done, total } => (format!("building {table}"), done, total),
            Progress::Solving { stage, done, total } => (stage.to_string(), done, total),
            Progress::Searching { .. } | Progress::Shorter { .. } => {
                if on_terminal {
                    eprint!("\r{progress}\x1b[K");
                }
                return;
            }
            Progress::NotSaved { .. } => return eprintln!("warning: {progress}"),
            Progress::NoTables { .. } => return eprintln!("note: {progress}"),
            _ => return,
        };
        if !on_terminal {
            return;
        }
        let mut bar = bar.lock().unwrap_or_else(|e| e.into_inner());
        if bar.as_ref().is_none_or(|(t, _)| *t != title) {
            let b = ProgressBar::new(*total);
            b.set_style(
                ProgressStyle::with_template("{msg} [{bar:40}] {percent}% {elapsed}")
                    .expect("a valid template"),
            );
            b.set_message(title.clone());
            if let Some((_, old)) = bar.replace((title, b)) {
                old.finish_and_clear();
            }
        }
        if let Some((_, b)) = bar.as_ref() {
            b.set_position(*done);
            if done == total {
                b.finish_and_clear();
            }
        }
    }
}

/// `npuzzle pdb build|list|clear`.
pub fn pdb(action: PdbAction) -> Result<()> {
    let cache = cache()?;
    match action {
        PdbAction::Build {
            board,
            blank,
            pattern_tiles,
        } => {
            let board: Board = crate::input::read_spec(&board)?;
            let blank = blank.unwrap_or(board.cell_count().saturating_sub(1) as u32);
            let mut solver = Solver::new().cache(cache).on_progress(reporter());
            if let Some(tiles) = pattern_tiles {
                solver = solver.pattern_tiles(tiles);
            }
            for table in solver.prepare(&board, blank)? {
                let file = table.file.map(|f| f.display().to_string());
                say!(
                    "{}: {} entries, {:.1} s",
                    file.unwrap_or_default(),
                    table.entries,
                    table.elapsed.as_secs_f64()
                )?;
            }
        }
        PdbAction::List => {
            let files = cache.list()?;
            if files.is_empty() {
                say!("no pattern databases in {}", cache.dir().display())?;
            }
            for (path, size) in files {
                say!("{}\t{size}", path.display())?;
            }
        }
        PdbAction::Clear => {
            let n = cache.clear()?;
            say!(
                "removed {n} pattern database(s) from {}",
                cache.dir().display()
            )?;
        }
    }
    Ok(())
}

/// Refuses `--pattern-tiles` where no search would use it.
pub fn check_pattern_tiles(pattern_tiles: Option<usize>, optimal: bool) -> Result<()> {
    if pattern_tiles.is_some() && !optimal {
        bail!("--pattern-tiles is for shortest solutions: add --optimal");
    }
    Ok(())
}

/// Limits on shortest-path searches, as flags.
#[derive(clap::Args, Debug, Clone, Copy)]
pub struct SearchLimits {
    /// With --optimal: stop the search after this many seconds (table
    /// builds not counted): exit 2, "limit reached", with what it ruled
    /// out. Without: improve the default near-shortest answer (boards of
    /// 17 to 144 cells) until this many seconds have passed, each shorter
    /// length shown on a terminal.
    #[arg(long, value_name = "SECONDS")]
    time_limit: Option<f64>,
    /// Stop a shortest-path search after this many nodes (as --time-limit).
    #[arg(long, value_name = "NODES")]
    max_nodes: Option<u64>,
}

impl SearchLimits {
    /// `solver` with these limits.
    pub fn apply<'a>(
        &self,
        mut solver: npuzzle_core::Solver<'a>,
    ) -> Result<npuzzle_core::Solver<'a>> {
        if let Some(s) = self.time_limit {
            if !(s.is_finite() && s > 0.0 && s <= 1e9) {
                bail!("--time-limit {s}: give a positive number of seconds");
            }
            solver = solver.time_limit(Duration::from_secs_f64(s));
        }
        if let Some(nodes) = self.max_nodes {
            solver = solver.max_nodes(nodes);
        }
        Ok(solver)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_table_builds_are_announced_with_their_cost() {
        // A 6-tile table of 5×5, as the first --optimal search builds it.
        let line = announcement("pdb-5x5-b0-1.2.3.4.5.6", 127_512_000).unwrap();
        for part in [
            "127512000 entries",
            "about 70 s",
            "510 MB on disk",
            "--fast",
            "pdb build",
        ] {
            assert!(line.contains(part), "{part}: {line}");
        }
        assert_eq!(announcement("pdb-3x3-b8-1.2.3", 504), None);
    }
}
