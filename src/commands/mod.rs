//! The commands, one file each (`gen`, `apply` and `show` are a
//! player's), and what several of them share: the solver the flags ask
//! for, and a reason explained.

pub(crate) mod apply;
pub(crate) mod batch;
pub(crate) mod docs;
pub(crate) mod generate;
pub(crate) mod judge;
pub(crate) mod pdb;
pub(crate) mod reach;
pub(crate) mod show;
pub(crate) mod solve;

use std::time::Duration;

use anyhow::{Result, bail};
use npuzzle_core::Solver;

use crate::cli::SearchLimits;
use crate::{cache, progress};

/// The solver the flags ask for: shortest solutions where asked or cheap
/// (unless `--fast`), with the cache and progress bars, within the
/// memory this process may have.
pub(crate) fn solver<'a>(optimal: bool, fast: bool, pattern_tiles: Option<usize>) -> Solver<'a> {
    let mut solver = Solver::new()
        .optimal(optimal)
        .shortest_when_cheap(!fast)
        .within_usable_memory()
        .on_progress(progress::reporter(progress::Asked::Solve));
    if let Some(cache) = (!fast).then(cache::mapped_or_warn).flatten() {
        solver = solver.cache(cache);
    }
    if let Some(tiles) = pattern_tiles {
        solver = solver.pattern_tiles(tiles);
    }
    solver
}

/// What fits where tables are past the memory bound (which the user did
/// not set: half the memory the process may have).
pub(crate) const SMALLER_TABLES: &str =
    "smaller patterns need less: a lower --pattern-tiles, for a slower search";

/// A solver's error, with what the command line can add: where the
/// memory bound on tables comes from (the user set none) and what
/// fits instead.
pub(crate) fn hinted(e: npuzzle_core::SolveError) -> anyhow::Error {
    use npuzzle_core::{Limit, SolveError};
    match e {
        SolveError::Unsupported(Limit::TablesTooBig { .. }) => {
            anyhow::anyhow!("{e} (half the memory this process may have); {SMALLER_TABLES}")
        }
        e => e.into(),
    }
}

/// Refuses `--pattern-tiles` where no search would use it.
pub(crate) fn check_pattern_tiles(pattern_tiles: Option<usize>, optimal: bool) -> Result<()> {
    if pattern_tiles.is_some() && !optimal {
        bail!("--pattern-tiles is for shortest solutions: add --optimal");
    }
    Ok(())
}

impl SearchLimits {
    /// `solver` with these limits.
    pub(crate) fn apply<'a>(
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

/// The reason in a player's words, on stderr below the invariant (stdout
/// keeps one line a script can read).
pub(crate) fn explain(reason: &npuzzle_core::Reason) {
    eprintln!("  ({})", reason.explain());
}
