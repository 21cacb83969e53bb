//! Where the CLI keeps pattern databases, progress bars for long work
//! (database builds), and the `pdb` command. Bars go to stderr, and only
//! when it is a terminal; warnings always do.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::{Context, Result, bail};
use indicatif::{ProgressBar, ProgressStyle};
use npuzzle_core::{Board, PdbCache, Progress, Solver};

use crate::PdbAction;

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

/// A progress callback: a bar per database build and per pass of a long
/// solve, on a terminal; warnings (a table that could not be saved)
/// always.
pub fn reporter() -> impl Fn(&Progress) + Sync {
    let bar: Mutex<Option<(String, ProgressBar)>> = Mutex::new(None);
    let on_terminal = std::io::stderr().is_terminal();
    move |progress: &Progress| {
        let (title, done, total) = match progress {
            Progress::Building { table, done, total } => (format!("building {table}"), done, total),
            Progress::Solving { stage, done, total } => (stage.to_string(), done, total),
            Progress::Searching { .. } => {
                if on_terminal {
                    eprint!("\r{progress}\x1b[K");
                }
                return;
            }
            Progress::NotSaved { .. } => return eprintln!("warning: {progress}"),
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
            let blank = blank.unwrap_or(board.cells().saturating_sub(1) as u32);
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

/// A time limit on a shortest-path search: a flag set when the time is
/// up, and the deepest bound the search finished, for the message.
pub struct Limit {
    seconds: Option<f64>,
    flag: Arc<AtomicBool>,
    searched: Arc<AtomicU32>,
}

impl Limit {
    /// Starts the clock (when `seconds` is given).
    pub fn start(seconds: Option<f64>) -> Result<Limit> {
        let flag = Arc::new(AtomicBool::new(false));
        if let Some(s) = seconds {
            if !(s.is_finite() && s > 0.0) {
                bail!("--time-limit {s}: give a positive number of seconds");
            }
            let set = flag.clone();
            std::thread::spawn(move || {
                std::thread::sleep(Duration::from_secs_f64(s));
                set.store(true, Ordering::Relaxed);
            });
        }
        Ok(Limit {
            seconds,
            flag,
            searched: Arc::new(AtomicU32::new(0)),
        })
    }

    /// `solver` stopped by the limit, its searches' bounds recorded.
    pub fn apply<'a>(&self, solver: npuzzle_core::Solver<'a>) -> npuzzle_core::Solver<'a> {
        if self.seconds.is_none() {
            return solver;
        }
        let searched = self.searched.clone();
        let report = reporter();
        solver
            .cancel_on(self.flag.clone())
            .on_progress(move |p: &Progress| {
                if let Progress::Searching { bound, .. } = p {
                    searched.store(*bound, Ordering::Relaxed);
                }
                report(p);
            })
    }

    /// The error of a search the limit stopped.
    pub fn reached(&self) -> anyhow::Error {
        let seconds = self.seconds.unwrap_or_default();
        match self.searched.load(Ordering::Relaxed) {
            0 => anyhow::anyhow!("limit reached: no solution found in {seconds} s"),
            bound => anyhow::anyhow!(
                "limit reached: no solution found in {seconds} s; every solution has more \
                 than {bound} moves"
            ),
        }
    }
}
