//! The npuzzle command line: argument parsing and printing only; every
//! decision is made by the `npuzzle-core` library.

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::{Parser, Subcommand, ValueEnum};
use npuzzle_core::formats::judge::{self, JudgeFormat};
use npuzzle_core::formats::numbers::Input;
use npuzzle_core::formats::{jsonl, spec::parse_board};
use npuzzle_core::{Arrangement, Board, Verdict, reach, solve};
use std::time::Instant;

mod demo;
mod progress;

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
    /// A move sequence from FROM to TO, replayed before it is printed: shortest
    /// on small boards, constructive on big 2-D boxes (exit 0 solved, 1 unreachable, 2 bad input).
    Solve {
        #[command(flatten)]
        question: Question,
        /// A shortest solution (IDA* with pattern databases on rectangles).
        #[arg(long)]
        optimal: bool,
        /// Print only the number of moves and the time, not the moves.
        #[arg(long)]
        count: bool,
        /// Largest pattern database, in tiles (0: Manhattan distance and linear conflicts).
        #[arg(long)]
        pattern_tiles: Option<usize>,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
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
        #[arg(long)]
        optimal: bool,
        /// With --optimal: largest pattern database, in tiles.
        #[arg(long, requires = "optimal")]
        pattern_tiles: Option<usize>,
    },
    /// A judge's format, stdin to stdout, byte for byte.
    Judge {
        /// Which judge's format.
        format: Format,
    },
    /// Run the seeds' sample problems on embedded input and show the answers.
    Demo,
}

#[derive(Subcommand)]
enum PdbAction {
    /// Build (or load) the databases that `solve --optimal` uses on a rectangle.
    Build {
        /// The rectangle, RxC (at most 32 cells).
        #[arg(long)]
        board: String,
        /// The blank's goal cell (default: the last cell).
        #[arg(long)]
        blank: Option<u8>,
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
    #[arg(long)]
    board: String,
    /// Start arrangement: tokens in cell order, 0 the blank ("8 2 0/4 6 1/3 7 5"), or @FILE.
    #[arg(long, allow_hyphen_values = true)]
    from: String,
    /// Target arrangement (or @FILE); defaults to 1..N-1 in cell order with the blank last.
    #[arg(long, allow_hyphen_values = true)]
    to: Option<String>,
}

impl Question {
    fn read(&self) -> Result<(Board, Arrangement, Arrangement)> {
        let board = parse_board(&self.board)?;
        let from = arrangement(&self.from, "from")?;
        let to = match &self.to {
            Some(text) => arrangement(text, "to")?,
            None => Arrangement::solved(board.cells()),
        };
        Ok((board, from, to))
    }
}

/// Prints moves as they come: direction letters on 2-D boards, `from-to`
/// pairs elsewhere, a JSON object with `--json`, only the count with
/// `--count`. Write errors are kept for the end.
struct MoveWriter<'a> {
    board: &'a Board,
    json: bool,
    count: bool,
    letters: Option<solve::Directions>,
    written: u64,
    error: Option<io::Error>,
}

impl<'a> MoveWriter<'a> {
    fn new(board: &'a Board, json: bool, count: bool) -> MoveWriter<'a> {
        let two_d = board.grid_position(0).is_some();
        MoveWriter {
            board,
            json,
            count,
            letters: (two_d && !json).then(solve::Directions::default),
            written: 0,
            error: None,
        }
    }

    fn push(&mut self, m: solve::Move, out: &mut impl Write) {
        if self.count || self.error.is_some() {
            return;
        }
        let result = if self.json {
            let sep = if self.written == 0 {
                "{\"moves\":["
            } else {
                ","
            };
            write!(out, "{sep}[{},{}]", m.from, m.to)
        } else if let Some(letters) = &mut self.letters {
            letters.push(self.board, m, out).map(|_| ())
        } else {
            let sep = if self.written == 0 { "" } else { " " };
            write!(out, "{sep}{}-{}", m.from, m.to)
        };
        self.written += 1;
        if let Err(e) = result {
            self.error = Some(e);
        }
    }

    fn finish(
        &mut self,
        summary: &solve::Summary,
        seconds: f64,
        out: &mut impl Write,
    ) -> Result<()> {
        if let Some(e) = self.error.take() {
            return Err(e.into());
        }
        if self.json {
            let mut fields = jsonl::solved_fields(summary);
            fields.insert("seconds".into(), seconds.into());
            let fields = serde_json::to_string(&fields)?;
            // The moves went out as they came: close their array, then
            // the other fields (the object's opening brace left off).
            let rest = &fields[1..];
            match (self.count, self.written) {
                (true, _) => writeln!(out, "{fields}")?,
                (false, 0) => writeln!(out, "{{\"moves\":[],{rest}")?,
                (false, _) => writeln!(out, "],{rest}")?,
            }
        } else if self.count {
            writeln!(out, "{}", summary.length)?;
        } else {
            if let Some(letters) = &mut self.letters {
                letters.finish(out)?;
            }
            writeln!(out)?;
            eprintln!(
                "{} moves, {}optimal, {} nodes, {seconds:.3} s",
                summary.length,
                if summary.optimal { "" } else { "not " },
                summary.nodes
            );
        }
        Ok(())
    }
}

/// An arrangement from the command line, or from a file with `@FILE`
/// (big boards do not fit in an argument list).
fn arrangement(arg: &str, which: &str) -> Result<Arrangement> {
    match arg.strip_prefix('@') {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("{which}: cannot read '{path}'"))?;
            Ok(Arrangement::parse_named(&text, which)?)
        }
        None => Ok(Arrangement::parse_named(arg, which)?),
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

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli.command) {
        Ok(code) => code,
        Err(e) => {
            let _ = io::stdout().flush();
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}

fn run(command: Command) -> Result<ExitCode> {
    match command {
        Command::Reach { question, json } => {
            let (board, from, to) = question.read()?;
            let verdict = reach(&board, &from, &to)?;
            if json {
                println!("{}", jsonl::verdict_json(&verdict));
            } else {
                match verdict.reason() {
                    None => println!("reachable"),
                    Some(reason) => println!("unreachable: {reason}"),
                }
            }
            Ok(ExitCode::from(if verdict.is_reachable() { 0 } else { 1 }))
        }
        Command::Solve {
            question,
            optimal,
            count,
            pattern_tiles,
            json,
        } => {
            let (board, from, to) = question.read()?;
            let options = solve::Options {
                optimal,
                max_pattern: pattern_tiles,
            };
            let started = Instant::now();
            let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
            let mut writer = MoveWriter::new(&board, json, count);
            let mut push = |m| writer.push(m, &mut out);
            let sink: Option<&mut dyn FnMut(solve::Move)> =
                if count { None } else { Some(&mut push) };
            let summary =
                solve::solve_into(&board, &from, &to, options, &progress::build_bar(), sink)?;
            let summary = match summary {
                Ok(summary) => summary,
                Err(reason) => {
                    if json {
                        writeln!(
                            out,
                            "{}",
                            jsonl::verdict_json(&Verdict::Unreachable(reason))
                        )?;
                    } else {
                        writeln!(out, "unreachable: {reason}")?;
                    }
                    out.flush()?;
                    return Ok(ExitCode::from(1));
                }
            };
            writer.finish(&summary, started.elapsed().as_secs_f64(), &mut out)?;
            out.flush()?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Pdb { action } => {
            progress::pdb(action)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Batch {
            solve: solve_lines,
            optimal,
            pattern_tiles,
        } => {
            let stdin = io::stdin().lock();
            let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
            let mode = match (solve_lines, optimal) {
                (_, true) => jsonl::Mode::Optimal(pattern_tiles),
                (true, false) => jsonl::Mode::Solve,
                (false, false) => jsonl::Mode::Reach,
            };
            let (_, bad) = jsonl::run(stdin, &mut out, mode)?;
            if bad > 0 {
                eprintln!(
                    "error: {bad} line(s) of the batch were bad; see their \"error\" answers"
                );
                return Ok(ExitCode::from(2));
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Judge { format } => {
            let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
            judge::run(format.into(), Input::stdin(), &mut out)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Demo => {
            demo::run(&mut io::stdout().lock())?;
            Ok(ExitCode::SUCCESS)
        }
    }
}
