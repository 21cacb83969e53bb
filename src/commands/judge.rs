//! `npuzzle judge`: a judge problem's input answered byte for byte, or
//! the list of formats.

use std::io::{self, BufWriter};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use anyhow::Result;
use npuzzle_core::formats::judge::{self, Input, JudgeFormat};
use npuzzle_core::{Error, Solver};

use crate::{cache, hangup};

/// Every format: its name, its problem and what it asks.
pub(crate) fn list() -> Result<u8> {
    for (_, name, problem, asks) in judge::FORMATS {
        say!("{name:<13} {problem:<38} {asks}")?;
    }
    Ok(0)
}

/// Answers `format`'s input on stdin (mapped into memory with `mmap`).
pub(crate) fn run(format: JudgeFormat, mmap: bool) -> Result<u8> {
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let input = if mmap {
        Input::stdin_mapped()
    } else {
        Input::stdin()
    };
    // The problems that search keep their tables in the cache, and stop
    // at once when the reader goes away.
    let hung_up = Arc::new(AtomicBool::new(false));
    hangup::on_stdout_hangup(hung_up.clone());
    let mut solver = Solver::new().within_usable_memory().cancel_on(hung_up);
    if let Some(cache) = cache::mapped_or_warn() {
        solver = solver.cache(cache);
    }
    match judge::run_with_solver(format, input, &mut out, solver) {
        // Only the reader's hang-up sets the flag: a quiet end, as a
        // closed pipe is.
        Err(Error::Cancelled) => Ok(0),
        other => other.map(|_| 0).map_err(Into::into),
    }
}
