//! `npuzzle pdb build|list|clear`: the cached pattern databases.

use anyhow::Result;
use npuzzle_core::{Board, Solver};

use crate::cache;
use crate::cli::PdbAction;
use crate::input::read_spec;
use crate::progress;

/// `npuzzle pdb build|list|clear`.
pub(crate) fn run(action: PdbAction) -> Result<u8> {
    let cache = cache::cache()?;
    match action {
        PdbAction::Build {
            board,
            board_word,
            blank,
            pattern_tiles,
            metric,
        } => {
            let spec = board.or(board_word).expect("clap requires a board");
            let board: Board = read_spec(&spec)?;
            let blank = blank.unwrap_or(board.cell_count().saturating_sub(1) as u32);
            // Mapped: a table already built is checked (once, see the
            // cache's stamps), not copied into memory.
            // The strongest set is built where its build takes at most
            // half the memory this process may have.
            let mut solver = Solver::new()
                .cache(cache.mapped(true))
                .within_usable_memory()
                .on_progress(progress::reporter(progress::Asked::Builds));
            if let Some(tiles) = pattern_tiles {
                solver = solver.pattern_tiles(tiles);
            }
            solver = solver.metric(metric);
            for table in solver.prepare(&board, blank)? {
                let file = table.file.map(|f| f.display().to_string());
                say!(
                    "{}: {} entries, {} MB, {:.1} s",
                    file.unwrap_or_default(),
                    table.entries,
                    table.bytes.div_ceil(1_000_000),
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
    Ok(0)
}
