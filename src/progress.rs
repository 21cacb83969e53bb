//! Progress bars for long work (pattern database builds) and the `pdb`
//! command. Bars go to stderr, and only when it is a terminal.

use std::io::IsTerminal;
use std::sync::Mutex;

use anyhow::{Context, Result, bail};
use indicatif::{ProgressBar, ProgressStyle};
use npuzzle_core::solve::optimal::{self, Rect};
use npuzzle_core::solve::pdb::{self, BuildProgress, Pattern};

use crate::PdbAction;

/// A progress callback that draws one bar per database build.
pub fn build_bar() -> impl Fn(&Pattern, Option<BuildProgress>) + Sync {
    let bar: Mutex<Option<ProgressBar>> = Mutex::new(None);
    let on_terminal = std::io::stderr().is_terminal();
    move |pattern: &Pattern, step: Option<BuildProgress>| {
        if !on_terminal {
            return;
        }
        let mut bar = bar.lock().expect("never poisoned");
        match step {
            None => {
                let b = ProgressBar::new(pattern.placements() as u64);
                b.set_style(
                    ProgressStyle::with_template("{msg} [{bar:40}] {percent}% {elapsed}")
                        .expect("a valid template"),
                );
                b.set_message(format!("building {}", pattern.file_name()));
                *bar = Some(b);
            }
            Some(p) => {
                if let Some(b) = bar.as_ref() {
                    b.set_position(p.placements);
                    if p.placements == pattern.placements() as u64 {
                        b.finish_and_clear();
                    }
                }
            }
        }
    }
}

/// `npuzzle pdb build|list|clear`.
pub fn pdb(action: PdbAction) -> Result<()> {
    match action {
        PdbAction::Build {
            board,
            blank,
            pattern_tiles,
        } => {
            let (rows, cols) = board
                .split_once('x')
                .and_then(|(r, c)| Some((r.parse::<usize>().ok()?, c.parse::<usize>().ok()?)))
                .with_context(|| format!("'{board}' is not a rectangle RxC"))?;
            if rows < 2 || cols < 2 || rows * cols > pdb::MAX_CELLS {
                bail!(
                    "pattern databases are built for rectangles of 4 to {} cells",
                    pdb::MAX_CELLS
                );
            }
            let rect = Rect::new(rows, cols);
            let blank = blank.unwrap_or((rows * cols - 1) as u8);
            if blank as usize >= rows * cols {
                bail!("--blank {blank} is off the board");
            }
            let max = pattern_tiles.unwrap_or_else(|| optimal::default_max_tiles(&rect));
            let bar = build_bar();
            for cells in optimal::partition(&rect, blank, max) {
                let pattern = Pattern {
                    rows,
                    cols,
                    cells,
                    blank,
                };
                let started = std::time::Instant::now();
                let db = pdb::from_cache_or_build(&pattern, &bar)?;
                println!(
                    "{}: {} entries, {:.1} s",
                    pdb::cache_dir().join(pattern.file_name()).display(),
                    db.len(),
                    started.elapsed().as_secs_f64()
                );
            }
        }
        PdbAction::List => {
            let files = pdb::list();
            if files.is_empty() {
                println!("no pattern databases in {}", pdb::cache_dir().display());
            }
            for (path, size) in files {
                println!("{}\t{size}", path.display());
            }
        }
        PdbAction::Clear => {
            let n = pdb::clear().context("clearing the cache")?;
            println!(
                "removed {n} pattern database(s) from {}",
                pdb::cache_dir().display()
            );
        }
    }
    Ok(())
}
