//! The npuzzle command line: argument parsing and printing only; every
//! decision is made by the `npuzzle-core` library.

// On Unix the program starts at `streams`'s own C `main`, which sees the
// standard streams before the Rust runtime would have hidden a closed one.
#![cfg_attr(all(unix, not(test)), no_main)]
// The unit-test harness brings its own `main`, so nothing reaches ours.
#![cfg_attr(test, allow(dead_code))]

use std::io::{self, BufWriter, Write};

use anyhow::Result;
use clap::Parser;
use npuzzle_core::formats::judge::{self, Input};
use npuzzle_core::formats::{jsonl, svg};
use npuzzle_core::{SolveError, Solver, Verdict, reach};

/// `println!` that gives back write errors (a closed pipe, a full disk)
/// instead of panicking.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        writeln!(std::io::stdout().lock(), $($arg)*)
    }};
}

mod cli;
mod demo;
mod input;
mod output;
mod play;
mod progress;
mod serve;
mod streams;

use cli::{BatchArgs, Cli, Command, SolveArgs};
use output::MoveWriter;

/// The program, once the standard streams have been looked at (see
/// `streams`): exit 0, 1 or 2 as each command says.
fn run_main(closed: streams::Closed) -> u8 {
    let cli = Cli::parse();
    let reads_stdin = matches!(cli.command, Command::Batch { .. } | Command::Judge { .. });
    match closed.check(reads_stdin).and_then(|()| run(cli.command)) {
        Ok(code) => code,
        // The reader went away (`| head`): what it wanted, it has.
        Err(e) if broken_pipe(&e) => 0,
        Err(e) => {
            let _ = io::stdout().flush();
            eprintln!("error: {e:#}");
            2
        }
    }
}

/// Whether `e` comes from writing to a pipe whose reader has gone.
fn broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|cause| {
        let io = cause.downcast_ref::<io::Error>().or_else(|| {
            match cause.downcast_ref::<SolveError>() {
                Some(SolveError::Io(io)) => Some(io),
                _ => match cause.downcast_ref::<npuzzle_core::Error>() {
                    Some(npuzzle_core::Error::Io(io)) => Some(io),
                    _ => None,
                },
            }
        });
        io.is_some_and(|io| io.kind() == io::ErrorKind::BrokenPipe)
    })
}

/// The solver the flags ask for: shortest solutions where asked or cheap
/// (unless `--fast`), with the cache and progress bars.
fn solver<'a>(optimal: bool, fast: bool, pattern_tiles: Option<usize>) -> Solver<'a> {
    let mut solver = Solver::new()
        .optimal(optimal)
        .shortest_when_cheap(!fast)
        .on_progress(progress::reporter());
    if let Some(cache) = (!fast).then(progress::cache_or_warn).flatten() {
        solver = solver.cache(cache);
    }
    if let Some(tiles) = pattern_tiles {
        solver = solver.pattern_tiles(tiles);
    }
    solver
}

fn run(command: Command) -> Result<u8> {
    match command {
        Command::Reach { question, json } => {
            let (board, from, to) = question.read()?;
            let verdict = reach(&board, &from, &to)?;
            if json {
                say!("{}", jsonl::verdict_json(&verdict))?;
            } else {
                match verdict.reason() {
                    None => say!("reachable")?,
                    Some(reason) => {
                        say!("unreachable: {reason}")?;
                        explain(reason);
                    }
                }
            }
            Ok(if verdict.is_reachable() { 0 } else { 1 })
        }
        Command::Solve(args) => solve_command(args),
        Command::Pdb { action } => {
            progress::pdb(action)?;
            Ok(0)
        }
        Command::Batch(args) => batch_command(args),
        Command::Judge { list: true, .. } => {
            for (_, name, problem, asks) in judge::FORMATS {
                say!("{name:<13} {problem:<38} {asks}")?;
            }
            Ok(0)
        }
        Command::Judge { format, mmap, .. } => {
            let format = format.expect("clap requires a format without --list");
            let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
            let input = if mmap {
                Input::stdin_mapped()
            } else {
                Input::stdin()
            };
            // The problems that search keep their tables in the cache.
            judge::run_with_cache(format, input, &mut out, progress::cache_or_warn())?;
            Ok(0)
        }
        Command::Gen(args) => play::gen_command(args),
        Command::Apply(args) => play::apply_command(args),
        Command::Show(args) => play::show_command(args),
        Command::Completions { shell } => {
            let mut out = io::stdout().lock();
            clap_complete::generate(
                shell,
                &mut <Cli as clap::CommandFactory>::command(),
                "npuzzle",
                &mut out,
            );
            out.flush()?;
            Ok(0)
        }
        Command::Man => {
            let mut out = io::stdout().lock();
            clap_mangen::Man::new(<Cli as clap::CommandFactory>::command()).render(&mut out)?;
            out.flush()?;
            Ok(0)
        }
        Command::Demo => {
            demo::run(&mut io::stdout().lock())?;
            Ok(0)
        }
        Command::Serve(args) => serve::run(args),
    }
}

/// `solve`: the moves (or their count, or every step drawn), exit 1 when
/// unreachable.
fn solve_command(args: SolveArgs) -> Result<u8> {
    let SolveArgs {
        question,
        optimal,
        fast,
        count,
        pattern_tiles,
        json,
        steps,
        color,
        svg,
        limits,
    } = args;
    progress::check_pattern_tiles(pattern_tiles, optimal)?;
    let (board, from, to) = question.read()?;
    if svg.is_some() {
        svg::check_size(&board)?;
    }
    let solver = limits.apply(solver(optimal, fast, pattern_tiles))?;
    if steps {
        return match solver.solve(&board, &from, &to) {
            Ok(solution) => {
                play::print_steps(&board, &from, &to, solution.moves(), color)?;
                Ok(0)
            }
            Err(SolveError::Unreachable(reason)) => {
                say!("unreachable: {reason}")?;
                explain(&reason);
                Ok(1)
            }
            Err(e) => Err(e.into()),
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
                writeln!(out, "unreachable: {reason}")?;
                explain(&reason);
            }
            out.flush()?;
            return Ok(1);
        }
        Err(e) => return Err(e.into()),
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

/// `batch`: one answer a line, in order; exit 2 when a line was bad or
/// past its limit.
fn batch_command(args: BatchArgs) -> Result<u8> {
    let BatchArgs {
        solve: solve_lines,
        optimal,
        fast,
        pattern_tiles,
        limits,
    } = args;
    // Read on a thread of the batch's own: not the lock, which stays here.
    let stdin = io::BufReader::with_capacity(1 << 16, io::stdin());
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    progress::check_pattern_tiles(pattern_tiles, optimal)?;
    let solver = limits.apply(solver(optimal, fast, pattern_tiles))?;
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
    if tally.bad > tally.limited {
        eprintln!(
            "error: {} line(s) of the batch were bad; see their \"error\" answers",
            tally.bad - tally.limited
        );
    }
    Ok(if tally.bad > 0 { 2 } else { 0 })
}

/// The reason in a player's words, on stderr below the invariant (stdout
/// keeps one line a script can read).
fn explain(reason: &npuzzle_core::Reason) {
    eprintln!("  ({})", reason.explain());
}
