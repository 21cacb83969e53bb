//! The npuzzle command line: argument parsing and printing only; every
//! decision is made by the `npuzzle-core` library.

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use clap::{Parser, Subcommand, ValueEnum};
use npuzzle_core::formats::jsonl;
use npuzzle_core::formats::judge::{self, Input, JudgeFormat};
use npuzzle_core::{
    Arrangement, Board, Directions, Move, SolveError, Solver, Summary, Verdict, reach,
};

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
        #[arg(long)]
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
        let board = read_spec(&self.board)?;
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
    letters: Option<Directions>,
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
            letters: (two_d && !json).then(Directions::default),
            written: 0,
            error: None,
        }
    }

    fn push(&mut self, m: Move, out: &mut impl Write) {
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

    fn finish(&mut self, summary: &Summary, out: &mut impl Write) -> Result<()> {
        let seconds = summary.elapsed.as_secs_f64();
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

/// The most bytes read from an `@FILE` argument (a 2^26-cell board
/// written out fits).
const MAX_FILE: u64 = 1 << 30;

/// The text of an argument, or of the file it names with `@FILE` (big
/// boards do not fit in an argument list), at most [`MAX_FILE`] bytes.
fn argument_text<'a>(arg: &'a str, which: &str) -> Result<std::borrow::Cow<'a, str>> {
    use std::io::Read;
    let Some(path) = arg.strip_prefix('@') else {
        return Ok(arg.into());
    };
    let file =
        std::fs::File::open(path).with_context(|| format!("{which}: cannot read '{path}'"))?;
    let mut text = String::new();
    file.take(MAX_FILE + 1)
        .read_to_string(&mut text)
        .with_context(|| format!("{which}: cannot read '{path}' as text"))?;
    if text.len() as u64 > MAX_FILE {
        bail!("{which}: '{path}' is over {MAX_FILE} bytes");
    }
    Ok(text.into())
}

/// A board spec from the command line, or from a file with `@FILE`.
pub(crate) fn read_spec(arg: &str) -> Result<Board> {
    let text = argument_text(arg, "board")?;
    if arg.starts_with('@') && text.trim_start().starts_with('@') {
        bail!(
            "board file '{}' refers to another file; write the spec itself",
            &arg[1..]
        );
    }
    Ok(text.parse()?)
}

/// An arrangement from the command line, or from a file with `@FILE`.
fn arrangement(arg: &str, which: &str) -> Result<Arrangement> {
    Ok(Arrangement::parse_named(
        &argument_text(arg, which)?,
        which,
    )?)
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

/// The solver the flags ask for; shortest solutions get the cache and
/// progress bars.
fn solver<'a>(optimal: bool, pattern_tiles: Option<usize>) -> Solver<'a> {
    let mut solver = Solver::new().optimal(optimal);
    if optimal {
        if let Some(cache) = progress::cache_or_warn() {
            solver = solver.cache(cache);
        }
        solver = solver.on_progress(progress::reporter());
    }
    if let Some(tiles) = pattern_tiles {
        solver = solver.pattern_tiles(tiles);
    }
    solver
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
            progress::check_pattern_tiles(pattern_tiles, optimal)?;
            let (board, from, to) = question.read()?;
            let solver = solver(optimal, pattern_tiles);
            let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
            let mut writer = MoveWriter::new(&board, json, count);
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
                    return Ok(ExitCode::from(1));
                }
                Err(e) => return Err(e.into()),
            };
            writer.finish(&summary, &mut out)?;
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
            progress::check_pattern_tiles(pattern_tiles, optimal)?;
            let solver = solver(optimal, pattern_tiles);
            let mode = match solve_lines || optimal {
                true => jsonl::Mode::Solve(&solver),
                false => jsonl::Mode::Reach,
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
