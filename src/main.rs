//! The npuzzle command line: argument parsing and printing only; every
//! decision is made by the `npuzzle-core` library.

// On Unix the program starts at `streams`'s own C `main`, which sees the
// standard streams before the Rust runtime would have hidden a closed one.
#![cfg_attr(all(unix, not(test)), no_main)]
// The unit-test harness brings its own `main`, so nothing reaches ours.
#![cfg_attr(test, allow(dead_code))]

use std::io::{self, BufWriter, Write};

use anyhow::Result;
use clap::{Parser, Subcommand, ValueEnum};
use npuzzle_core::formats::jsonl;
use npuzzle_core::formats::judge::{self, Input, JudgeFormat};
use npuzzle_core::{Arrangement, Board, SolveError, Solver, Verdict, reach};

/// `println!` that gives back write errors (a closed pipe, a full disk)
/// instead of panicking.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        writeln!(std::io::stdout().lock(), $($arg)*)
    }};
}

mod demo;
mod input;
mod output;
mod play;
mod progress;
mod serve;
mod streams;

use input::{arrangement, read_spec};
use output::MoveWriter;
use play::Color;

/// Sliding-tile puzzles on any board: can A become B, exactly, and why not.
#[derive(Parser)]
#[command(name = "npuzzle", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Decide whether FROM can be turned into TO (exit 0 yes, 1 no, 2 bad input).
    Reach {
        #[command(flatten)]
        question: Question,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
    /// A move sequence from FROM to TO, replayed before it is printed: the
    /// moves (direction letters on 2-D boards, from-to cell pairs elsewhere) on
    /// stdout, the length in single- and multi-tile moves on stderr. Shortest on
    /// boards of up to 16 cells and wherever asked, constructive elsewhere, never
    /// a move that undoes the one before (exit 0 solved, 1 unreachable, 2 bad input).
    Solve {
        #[command(flatten)]
        question: Question,
        /// A shortest solution on any rectangle (IDA* with pattern databases).
        #[arg(long, conflicts_with = "fast")]
        optimal: bool,
        /// The quick constructive solution, even where a shortest one is cheap.
        #[arg(long)]
        fast: bool,
        /// Print only the number of moves (single-tile moves), not the moves.
        #[arg(long)]
        count: bool,
        /// Largest pattern database, in tiles (0: Manhattan distance and linear conflicts).
        #[arg(long)]
        pattern_tiles: Option<usize>,
        /// Print one JSON object instead of text ("moves", "length", "mtm", "directions", ...).
        #[arg(long, conflicts_with = "steps")]
        json: bool,
        /// Draw every arrangement from FROM to TO, one move at a time.
        #[arg(long, conflicts_with = "count")]
        steps: bool,
        /// With --steps: colour tiles on their goal cell.
        #[arg(long, value_enum, default_value_t = Color::Auto)]
        color: Color,
        #[command(flatten)]
        limits: progress::SearchLimits,
    },
    /// Random arrangements that reach TO (default the solved one), one a line:
    /// drawn uniformly from all of them, or TO scrambled by --moves random moves
    /// of the blank that never undo the one before.
    Gen {
        /// Board spec (as for reach).
        #[arg(short, long)]
        board: String,
        /// How many arrangements.
        #[arg(long, default_value_t = 1)]
        count: u64,
        /// Seed of the random generator: the same seed gives the same arrangements.
        #[arg(long)]
        seed: Option<u64>,
        /// Scramble TO by this many moves instead of drawing uniformly.
        #[arg(long)]
        moves: Option<u64>,
        /// The target (or @FILE); defaults to the solved arrangement.
        #[arg(short, long, allow_hyphen_values = true)]
        to: Option<String>,
        /// One batch question a line, {"board", "from", "to"}, for `npuzzle batch`.
        #[arg(long)]
        json: bool,
    },
    /// Plays MOVES from FROM and prints the arrangement they end on; with --to,
    /// checks it instead (exit 0 it matches, 1 it does not); with --invert or
    /// --simplify, prints the inverse or the simplified sequence. An illegal move
    /// is exit 2, naming its index.
    Apply {
        /// Board spec (as for reach).
        #[arg(short, long)]
        board: String,
        /// Start arrangement (or @FILE).
        #[arg(short, long, allow_hyphen_values = true)]
        from: String,
        /// The arrangement the moves should end on (or @FILE).
        #[arg(short, long, allow_hyphen_values = true)]
        to: Option<String>,
        /// The moves: direction letters on 2-D boards (R3U2LD), from-to cell
        /// pairs (5-4 8-5) or a JSON array of pairs, or @FILE.
        #[arg(allow_hyphen_values = true)]
        moves: String,
        /// Print the moves that undo MOVES.
        #[arg(long)]
        invert: bool,
        /// Print MOVES without moves undone at once.
        #[arg(long)]
        simplify: bool,
    },
    /// Draws the board: 2-D boards as a grid with holes, 3-D boxes as layers side
    /// by side, graphs as cells with degrees and neighbours; cell numbers when no
    /// arrangement is given.
    Show {
        /// Board spec (as for reach).
        #[arg(short, long)]
        board: String,
        /// The arrangement to draw (or @FILE).
        #[arg(short, long, allow_hyphen_values = true)]
        from: Option<String>,
        /// The goal: its tiles' cells are coloured (default: the solved arrangement).
        #[arg(short, long, allow_hyphen_values = true)]
        to: Option<String>,
        /// Colour tiles on their goal cell.
        #[arg(long, value_enum, default_value_t = Color::Auto)]
        color: Color,
    },
    /// Pattern databases: build, list or clear the cache.
    Pdb {
        #[command(subcommand)]
        action: PdbAction,
    },
    /// JSON Lines on stdin, one {"board", "from", "to"} per line; one answer per line.
    Batch {
        /// Answer each line with a solution ("moves", "length", "optimal", "nodes").
        #[arg(long)]
        solve: bool,
        /// Answer each line with a shortest solution.
        #[arg(long, conflicts_with = "fast")]
        optimal: bool,
        /// With --solve: quick constructive solutions, even where shortest ones are cheap.
        #[arg(long)]
        fast: bool,
        /// With --optimal: largest pattern database, in tiles.
        #[arg(long)]
        pattern_tiles: Option<usize>,
        /// Per line (a line past a limit is answered {"error": "limit reached",
        /// "lower_bound", "nodes"}).
        #[command(flatten)]
        limits: progress::SearchLimits,
    },
    /// A judge's format, stdin to stdout, byte for byte.
    Judge {
        /// Which judge's format.
        format: Format,
        /// Map stdin into memory when it is a file: faster on big inputs, but
        /// the file must not shrink while it is read (that would stop the
        /// process with a bus error).
        #[arg(long)]
        mmap: bool,
    },
    /// Run the seeds' sample problems on embedded input and show the answers.
    Demo,
    /// Print a shell completion script: `npuzzle completions bash > /etc/bash_completion.d/npuzzle`.
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff): `npuzzle man | man -l -`.
    Man,
    /// A web page on any board (draw, play, check, solve) and its JSON API, on 127.0.0.1:8080.
    Serve(serve::Args),
}

#[derive(Subcommand)]
enum PdbAction {
    /// Build (or load) the databases that `solve --optimal` uses on a rectangle.
    Build {
        /// The rectangle: RxC (at most 32 cells), a preset or @FILE.
        #[arg(long)]
        board: String,
        /// The blank's goal cell (default: the last cell).
        #[arg(long)]
        blank: Option<u32>,
        /// Largest pattern, in tiles (default: 7 on 4×4, 6 otherwise; 8 on 4×4 gives the 7-8 partition).
        #[arg(long)]
        pattern_tiles: Option<usize>,
    },
    /// List the cached databases.
    List,
    /// Remove every cached database.
    Clear,
}

#[derive(clap::Args)]
struct Question {
    /// Board spec: RxC (any dimension), mask:ROW/ROW, graph:N:u-v,..., @FILE or a preset.
    #[arg(short, long)]
    board: String,
    /// Start arrangement: tokens in cell order, 0 the blank ("8 2 0/4 6 1/3 7 5"), or @FILE.
    #[arg(short, long, allow_hyphen_values = true)]
    from: String,
    /// Target arrangement (or @FILE); defaults to the tiles in cell order with FROM's blanks last.
    #[arg(short, long, allow_hyphen_values = true)]
    to: Option<String>,
}

/// The target given, or the solved arrangement with `blanks` blanks last.
fn target(board: &Board, to: Option<&str>, blanks: usize) -> Result<Arrangement> {
    match to {
        Some(text) => arrangement(board, text, "to"),
        None => Ok(Arrangement::solved_with_blanks(board.cells(), blanks)),
    }
}

impl Question {
    fn read(&self) -> Result<(Board, Arrangement, Arrangement)> {
        let (board, from) = input::board_and_arrangement(&self.board, &self.from, "from")?;
        let to = target(&board, self.to.as_deref(), from.blank_count())?;
        Ok((board, from, to))
    }
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    /// AcWing 108: odd n, two grids, TAK/NIE.
    Odd,
    /// POJ 2893: M N and a grid until 0 0, YES/NO.
    Mxn,
    /// UVa 716 / POJ 1507: the M×M×M cube.
    Commedia,
    /// HDU 4021: the 24-cell board with dead ends, Y (impossible) / N.
    Hdu4021,
}

impl From<Format> for JudgeFormat {
    fn from(f: Format) -> JudgeFormat {
        match f {
            Format::Odd => JudgeFormat::Odd,
            Format::Mxn => JudgeFormat::Mxn,
            Format::Commedia => JudgeFormat::Commedia,
            Format::Hdu4021 => JudgeFormat::Hdu4021,
        }
    }
}

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
                    Some(reason) => say!("unreachable: {reason}")?,
                }
            }
            Ok(if verdict.is_reachable() { 0 } else { 1 })
        }
        Command::Solve {
            question,
            optimal,
            fast,
            count,
            pattern_tiles,
            json,
            steps,
            color,
            limits,
        } => {
            progress::check_pattern_tiles(pattern_tiles, optimal)?;
            let (board, from, to) = question.read()?;
            let solver = limits.apply(solver(optimal, fast, pattern_tiles))?;
            if steps {
                return match solver.solve(&board, &from, &to) {
                    Ok(solution) => {
                        play::print_steps(&board, &from, &to, solution.moves(), color)?;
                        Ok(0)
                    }
                    Err(SolveError::Unreachable(reason)) => {
                        say!("unreachable: {reason}")?;
                        Ok(1)
                    }
                    Err(e) => Err(e.into()),
                };
            }
            let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
            let mut writer = MoveWriter::new(&board, &from, json, count);
            let summary = if count {
                solver.count(&board, &from, &to)
            } else {
                solver.solve_into(&board, &from, &to, |m| writer.push(m, &mut out))
            };
            let summary = match summary {
                Ok(summary) => summary,
                Err(SolveError::Unreachable(reason)) => {
                    if json {
                        let verdict = Verdict::Unreachable(reason);
                        writeln!(out, "{}", jsonl::verdict_json(&verdict))?;
                    } else {
                        writeln!(out, "unreachable: {reason}")?;
                    }
                    out.flush()?;
                    return Ok(1);
                }
                Err(e) => return Err(e.into()),
            };
            writer.finish(&summary, &mut out)?;
            out.flush()?;
            Ok(0)
        }
        Command::Pdb { action } => {
            progress::pdb(action)?;
            Ok(0)
        }
        Command::Batch {
            solve: solve_lines,
            optimal,
            fast,
            pattern_tiles,
            limits,
        } => {
            let stdin = io::stdin().lock();
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
        Command::Judge { format, mmap } => {
            let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
            let input = if mmap {
                Input::stdin_mapped()
            } else {
                Input::stdin()
            };
            judge::run(format.into(), input, &mut out)?;
            Ok(0)
        }
        Command::Gen {
            board,
            count,
            seed,
            moves,
            to,
            json,
        } => {
            let board = read_spec(&board)?;
            let to = target(&board, to.as_deref(), 1)?;
            let request = play::GenRequest {
                count,
                seed,
                moves,
                json,
            };
            play::gen_command(&board, &to, request)
        }
        Command::Apply {
            board,
            from,
            to,
            moves,
            invert,
            simplify,
        } => {
            let (board, from) = input::board_and_arrangement(&board, &from, "from")?;
            let to = to.map(|t| arrangement(&board, &t, "to")).transpose()?;
            let moves = input::argument_text(&moves, "moves")?.into_owned();
            let request = play::ApplyRequest {
                moves,
                to,
                invert,
                simplify,
            };
            play::apply_command(&board, &from, request)
        }
        Command::Show {
            board,
            from,
            to,
            color,
        } => {
            let board = read_spec(&board)?;
            let from = from.map(|f| arrangement(&board, &f, "from")).transpose()?;
            let blanks = from.as_ref().map_or(1, Arrangement::blank_count);
            let to = target(&board, to.as_deref(), blanks)?;
            play::show_command(&board, from.as_ref(), &to, color)
        }
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
