//! `npuzzle batch`: JSON Lines questions on stdin, one answer a line, in
//! order.

use std::io::{self, BufWriter};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use anyhow::Result;
use npuzzle_core::formats::jsonl;

use super::{SMALLER_TABLES, check_pattern_tiles, solver};
use crate::cli::BatchArgs;
use crate::hangup;

/// `batch`: one answer a line, in order; exit 2 when a line was bad or
/// past its limit.
pub(crate) fn run(args: BatchArgs) -> Result<u8> {
    let BatchArgs {
        solve: solve_lines,
        optimal,
        fast,
        pattern_tiles,
        metric,
        limits,
    } = args;
    // Read on a thread of the batch's own: not the lock, which stays here.
    let stdin = io::BufReader::with_capacity(1 << 16, io::stdin());
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    check_pattern_tiles(pattern_tiles, optimal)?;
    // A reader that goes away stops the search under way at once.
    let hung_up = Arc::new(AtomicBool::new(false));
    hangup::on_stdout_hangup(hung_up.clone());
    let solver = limits
        .apply(solver(optimal, fast, pattern_tiles))?
        .metric(metric)
        .cancel_on(hung_up);
    let mode = match solve_lines || optimal {
        true => jsonl::Mode::Solve(&solver),
        false => jsonl::Mode::Reach,
    };
    let tally = jsonl::run(stdin, &mut out, mode)?;
    if tally.limited > 0 {
        eprintln!(
            "error: {} line(s) of the batch reached the limit; see their \"error\" answers",
            tally.limited
        );
    }
    if tally.tables_too_big > 0 {
        eprintln!(
            "error: {} line(s) needed tables past half the memory this process may have; \
             {SMALLER_TABLES}",
            tally.tables_too_big
        );
    }
    if tally.bad > tally.limited {
        eprintln!(
            "error: {} line(s) of the batch were bad; see their \"error\" answers",
            tally.bad - tally.limited
        );
    }
    Ok(if tally.bad > 0 { 2 } else { 0 })
}
