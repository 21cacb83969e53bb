//! The npuzzle command line: argument parsing and printing only; every
//! decision is made by the `npuzzle-core` library.
//!
//! `cli` defines the interface, `commands/` holds one file per command,
//! `run` below is the one place a command is dispatched; `input` reads
//! what arguments name, `output` and `draw` print, `cache` and
//! `progress` serve the searches, `serve/` is the web page and its API,
//! and `streams` is the process's start.

// On Unix the program starts at `streams`'s own C `main`, which sees the
// standard streams before the Rust runtime would have hidden a closed one.
#![cfg_attr(all(unix, not(test)), no_main)]
// The unit-test harness brings its own `main`, so nothing reaches ours.
#![cfg_attr(test, allow(dead_code))]

use std::io::{self, Write};

use anyhow::Result;
use clap::Parser;
use npuzzle_core::SolveError;

/// `println!` that gives back write errors (a closed pipe, a full disk)
/// instead of panicking.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        writeln!(std::io::stdout().lock(), $($arg)*)
    }};
}

mod cache;
mod cli;
mod commands;
mod demo;
mod draw;
mod hangup;
mod input;
mod output;
mod progress;
mod serve;
mod streams;

use cli::{Cli, Command};
use streams::Closed;

/// The program, once the standard streams have been looked at (see
/// `streams`): exit 0, 1 or 2 as each command says.
fn run_main(closed: Closed) -> u8 {
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

/// Each command to its file: the one place the mode is matched.
fn run(command: Command) -> Result<u8> {
    match command {
        Command::Reach { question, json } => commands::reach::run(&question, json),
        Command::Solve(args) => commands::solve::run(args),
        Command::Gen(args) => commands::generate::run(args),
        Command::Apply(args) => commands::apply::run(args),
        Command::Show(args) => commands::show::run(args),
        Command::Pdb { action } => commands::pdb::run(action),
        Command::Batch(args) => commands::batch::run(args),
        Command::Judge { list: true, .. } => commands::judge::list(),
        Command::Judge { format, mmap, .. } => {
            commands::judge::run(format.expect("clap requires a format without --list"), mmap)
        }
        Command::Demo => {
            demo::run(&mut io::stdout().lock())?;
            Ok(0)
        }
        Command::Completions { shell } => commands::docs::completions(shell),
        Command::Man => commands::docs::man(),
        Command::Serve(args) => serve::run(args),
    }
}

/// On Unix the program starts here, at its own C `main` (see `streams`).
#[cfg(all(unix, not(test)))]
#[unsafe(no_mangle)]
extern "C" fn main(_argc: libc::c_int, _argv: *const *const libc::c_char) -> libc::c_int {
    streams::start(run_main).into()
}

/// Elsewhere (and in unit tests) the runtime's own start.
#[cfg(not(all(unix, not(test))))]
fn main() -> std::process::ExitCode {
    std::process::ExitCode::from(run_main(Closed::default()))
}
