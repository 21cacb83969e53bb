//! `npuzzle solve`: the moves from FROM to TO (or their count, or every
//! step drawn, or an animation), exit 1 when unreachable.

use std::io::{self, BufWriter, Write};

use anyhow::Result;
use npuzzle_core::formats::{jsonl, svg};
use npuzzle_core::{SolveError, Verdict};

use super::{check_pattern_tiles, explain, solver};
use crate::cli::SolveArgs;
use crate::draw::{moves_text, print_steps};
use crate::output::{self, MoveWriter, summary_line};

/// `solve`: the moves (or their count, or every step drawn), exit 1 when
/// unreachable.
pub(crate) fn run(args: SolveArgs) -> Result<u8> {
    let SolveArgs {
        question,
        optimal,
        fast,
        count,
        pattern_tiles,
        metric,
        json,
        steps,
        color,
        svg,
        limits,
    } = args;
    check_pattern_tiles(pattern_tiles, optimal)?;
    let (board, from, to) = question.read()?;
    if svg.is_some() {
        svg::check_size(&board)?;
    }
    let solver = limits
        .apply(solver(optimal, fast, pattern_tiles))?
        .metric(metric);
    if steps {
        let started = std::time::Instant::now();
        return match solver.solve(&board, &from, &to) {
            Ok(solution) => {
                print_steps(&board, &from, &to, solution.moves(), color)?;
                say!("{}", moves_text(&board, &from, solution.moves()))?;
                eprintln!("{}", summary_line(&solution.summary(started.elapsed())));
                Ok(0)
            }
            Err(SolveError::Unreachable(reason)) => {
                say!("unreachable: {reason}")?;
                explain(&reason);
                Ok(1)
            }
            Err(e) => Err(super::hinted(e)),
        };
    }
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut writer = MoveWriter::new(&board, &from, json, count);
    // With --svg the moves are kept for the animation (as many as it
    // plays, and one more to know when there are too many).
    let mut kept = Vec::new();
    let only_svg = svg.as_deref() == Some("-");
    let summary = if count {
        solver.count(&board, &from, &to)
    } else {
        solver.solve_into(&board, &from, &to, |m| {
            if svg.is_some() && kept.len() <= svg::MAX_ANIMATED_MOVES {
                kept.push(m);
            }
            if only_svg {
                Ok(())
            } else {
                writer.push(m, &mut out)
            }
        })
    };
    let summary = match summary {
        Ok(summary) => summary,
        Err(SolveError::Unreachable(reason)) => {
            if json {
                let verdict = Verdict::Unreachable(reason);
                writeln!(out, "{}", jsonl::verdict_json(&verdict))?;
            } else {
                // The verdict first, then its explanation (on stderr).
                writeln!(out, "unreachable: {reason}")?;
                out.flush()?;
                explain(&reason);
            }
            out.flush()?;
            return Ok(1);
        }
        Err(e) => return Err(super::hinted(e)),
    };
    if !only_svg {
        writer.finish(&summary, &mut out)?;
        out.flush()?;
    }
    if let Some(path) = &svg {
        // After the answer: a solution too long to animate is still given.
        // (The moves kept stop one past the most: the count is the summary's.)
        if summary.length > svg::MAX_ANIMATED_MOVES as u64 {
            return Err(svg::SvgError::TooManyMoves {
                moves: usize::try_from(summary.length).unwrap_or(usize::MAX),
                max: svg::MAX_ANIMATED_MOVES,
            }
            .into());
        }
        let film = svg::animation(&board, from.tokens(), to.tokens(), &kept)?;
        output::write_svg(path, &film)?;
    }
    Ok(0)
}
