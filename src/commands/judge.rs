//! `npuzzle judge`: a judge problem's input answered byte for byte, or
//! the list of formats.

use std::io::{self, BufWriter};

use anyhow::Result;
use npuzzle_core::formats::judge::{self, Input, JudgeFormat};

use crate::cache;

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
    // The problems that search keep their tables in the cache.
    judge::run_with_cache(format, input, &mut out, cache::cache_or_warn())?;
    Ok(0)
}
