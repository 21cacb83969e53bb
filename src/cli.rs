//! The command line's interface (clap): every command, its options and
//! their help, and nothing else: what the options mean is the commands'
//! (`commands/`) and reading what they name is `input`'s.

use clap::{Parser, Subcommand, ValueEnum};
use npuzzle_core::Metric;
use npuzzle_core::formats::judge::JudgeFormat;

/// Sliding-tile puzzles on any board: can A become B, and how.
///
/// Boards are boxes of any dimension, masks with holes and graphs, with
/// one blank or several. Every answer is exact; every move sequence is
/// replayed before it is printed. The manual is in docs/guide.md.
#[derive(Parser)]
#[command(name = "npuzzle", version, max_term_width = 100)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand)]
pub(crate) enum Command {
    /// Whether FROM can be turned into TO, and the invariant that differs.
    ///
    /// Prints "reachable", or "unreachable:" and the invariant that
    /// differs (exit 0 yes, 1 no, 2 bad input).
    Reach {
        #[command(flatten)]
        question: Question,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
    /// A move sequence from FROM to TO, replayed before it is printed.
    ///
    /// The moves (direction letters on 2-D boards, from-to cell pairs
    /// elsewhere) go to stdout, the length in single- and multi-tile moves
    /// to stderr. Shortest on rectangles of up to 16 cells, on small state
    /// spaces and wherever asked,
    /// near-shortest on rectangles of 17 to 144 cells (several blanks and
    /// repeated tokens too) and on other boards of up to 30 cells (36
    /// with several blanks), constructive
    /// elsewhere, never a move that undoes the one before (exit 0 solved,
    /// 1 unreachable, 2 bad input).
    Solve(SolveArgs),
    /// Random arrangements that reach TO, one a line.
    ///
    /// Drawn uniformly from all arrangements that reach TO (default the
    /// solved one), or TO scrambled by --moves random moves of the blank
    /// that never undo the one before.
    Gen(GenArgs),
    /// Plays MOVES from FROM and prints the arrangement they end on.
    ///
    /// With --to, checks it instead (exit 0 it matches, 1 it does not);
    /// with --invert or --simplify, prints the inverse or the simplified
    /// sequence. An illegal move is exit 2, naming its index.
    Apply(ApplyArgs),
    /// Draws the board, with an arrangement or its cell numbers.
    ///
    /// 2-D boards in rows and columns with their holes, 3-D boxes as
    /// layers side by side, graphs as cells with degrees and neighbours;
    /// cell numbers when no arrangement is given.
    Show(ShowArgs),
    /// Pattern databases: build, list or clear the cached tables.
    ///
    /// build prints each table's file, entries and time; list the cached
    /// tables; clear empties the cache.
    Pdb {
        #[command(subcommand)]
        action: PdbAction,
    },
    /// Answers JSON Lines questions on stdin, one JSON answer per line.
    ///
    /// One {"board", "from", "to"} per line; prints one JSON answer per
    /// line, in order: the verdict, or with --solve / --optimal the
    /// solution (exit 2 when a line was bad or past its limit, after every
    /// answer).
    Batch(BatchArgs),
    /// Answers a judge problem's input on stdin, byte for byte.
    ///
    /// Reads the judge's input format and prints its answers exactly as
    /// the judge expects them (TAK/NIE, YES/NO, ...).
    Judge {
        /// Which judge's format: odd, mxn, commedia, hdu4021, poj1077, hdu3567, ...
        /// (`--list` shows them all).
        #[arg(required_unless_present = "list", value_parser = judge_format)]
        format: Option<JudgeFormat>,
        /// List the judge formats: the problem and what it asks.
        #[arg(long, conflicts_with = "format")]
        list: bool,
        /// Map stdin into memory when it is a file: faster on big inputs, but
        /// the file must not shrink while it is read (that would stop the
        /// process with a bus error).
        #[arg(long)]
        mmap: bool,
    },
    /// Runs every judge problem's sample and a few other boards.
    ///
    /// The samples of AcWing 108, POJ 2893, UVa 716 and HDU 4021 and a few
    /// other boards, on embedded input, each answer printed.
    Demo,
    /// Prints a shell completion script.
    ///
    /// `npuzzle completions bash > /etc/bash_completion.d/npuzzle`.
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
    /// Prints the manual page (roff).
    ///
    /// `npuzzle man | man -l -`.
    Man,
    /// Serves a web page to draw, play and solve any board, on loopback.
    ///
    /// The page and its JSON API, on 127.0.0.1:8080 by default.
    Serve(ServeArgs),
}

#[derive(Subcommand)]
pub(crate) enum PdbAction {
    /// Build (or load) the databases that `solve --optimal` uses on a rectangle.
    Build {
        /// The rectangle: `RxC` (at most 32 cells), a preset or @FILE.
        #[arg(short, long, required_unless_present = "board_word")]
        board: Option<String>,
        /// BOARD without its flag: `pdb build 4x4`.
        #[arg(value_name = "BOARD", conflicts_with = "board")]
        board_word: Option<String>,
        /// The blank's goal cell (default: the last cell).
        #[arg(long)]
        blank: Option<u32>,
        /// Largest pattern, in tiles (default: the 7-8 pair on 4×4 where memory allows, else 7-7-1; 6 otherwise, and on 5×5 with the blank's goal in a corner the seven 6-6-6-6 partitions of the small catalogue, 14 tables, where they fit half the memory).
        #[arg(long)]
        pattern_tiles: Option<usize>,
        /// mtm: the colored table of shortest multi-tile answers instead (rectangles of up to 16 cells).
        #[arg(long, value_name = "stm|mtm", default_value = "stm")]
        metric: Metric,
    },
    /// List the cached databases.
    List,
    /// Remove every cached database.
    Clear,
}

#[derive(clap::Args)]
pub(crate) struct Question {
    /// Board spec: RxC (any dimension), mask:ROW/ROW, graph:N:u-v,..., @FILE or a preset.
    #[arg(short, long)]
    pub board: Option<String>,
    /// Start arrangement: tokens in cell order, 0 (or . _ x) the blank ("8 2 0/4 6 1/3 7 5"), or @FILE.
    #[arg(short, long, allow_hyphen_values = true)]
    pub from: Option<String>,
    /// Target arrangement (or @FILE); defaults to the tiles in cell order with FROM's blanks last.
    #[arg(short, long, allow_hyphen_values = true)]
    pub to: Option<String>,
    /// BOARD, FROM and TO without their flags, in this order: `solve 3x3 "8 2 0/4 6 1/3 7 5"`.
    #[arg(value_name = "BOARD FROM [TO]", num_args = 0..=3)]
    pub given: Vec<String>,
}
/// A judge format by its name (`npuzzle judge --list`) or its problem's.
fn judge_format(name: &str) -> Result<JudgeFormat, String> {
    JudgeFormat::by_name(name)
        .ok_or_else(|| format!("'{name}' is not a judge format (npuzzle judge --list names them)"))
}

/// The options of `solve`.
#[derive(clap::Args)]
pub(crate) struct SolveArgs {
    #[command(flatten)]
    pub question: Question,
    /// A shortest solution on any rectangle (IDA* with pattern databases).
    #[arg(long, conflicts_with = "fast")]
    pub optimal: bool,
    /// The quick constructive solution, even where a shortest one is cheap.
    #[arg(long)]
    pub fast: bool,
    /// Print only the number of moves (single-tile moves), not the moves.
    #[arg(long)]
    pub count: bool,
    /// Largest pattern database, in tiles (0: Manhattan distance and linear conflicts).
    #[arg(long)]
    pub pattern_tiles: Option<usize>,
    /// How moves are counted: stm (one tile one cell) or mtm (a row of
    /// tiles sliding together counts once: fewest of those on boards of
    /// up to 16 cells, by breadth-first search or IDA*).
    #[arg(long, value_name = "stm|mtm", default_value = "stm")]
    pub metric: Metric,
    /// Print one JSON object instead of text ("moves", "length", "mtm", "directions", ...).
    #[arg(long, conflicts_with = "steps")]
    pub json: bool,
    /// Draw every arrangement from FROM to TO, one move at a time.
    #[arg(long, conflicts_with = "count")]
    pub steps: bool,
    /// With --steps: colour tiles on their goal cell.
    #[arg(long, value_enum, default_value_t = Color::Auto)]
    pub color: Color,
    /// Also write the solution as an animated SVG to FILE (-: only the SVG, on stdout).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["count", "steps"])]
    pub svg: Option<String>,
    #[command(flatten)]
    pub limits: SearchLimits,
}

/// The options of `batch`.
#[derive(clap::Args)]
pub(crate) struct BatchArgs {
    /// Answer each line with a solution ("moves", "length", "optimal", "nodes").
    #[arg(long)]
    pub solve: bool,
    /// Answer each line with a shortest solution.
    #[arg(long, conflicts_with = "fast")]
    pub optimal: bool,
    /// With --solve: quick constructive solutions, even where shortest ones are cheap.
    #[arg(long)]
    pub fast: bool,
    /// With --optimal: largest pattern database, in tiles.
    #[arg(long)]
    pub pattern_tiles: Option<usize>,
    /// How moves are counted, for every line: stm or mtm (see solve).
    #[arg(long, value_name = "stm|mtm", default_value = "stm")]
    pub metric: Metric,
    /// Per line (a line past a limit is answered {"error": "limit reached",
    /// "`lower_bound`", "nodes"}).
    #[command(flatten)]
    pub limits: SearchLimits,
}

/// The options of `gen`.
#[derive(clap::Args)]
pub(crate) struct GenArgs {
    /// Board spec (as for reach).
    #[arg(short, long, required_unless_present = "board_word")]
    pub board: Option<String>,
    /// BOARD without its flag: `gen 3x3 --seed 1`.
    #[arg(value_name = "BOARD", conflicts_with = "board")]
    pub board_word: Option<String>,
    /// How many arrangements.
    #[arg(long, default_value_t = 1)]
    pub count: u64,
    /// Seed of the random generator: the same seed gives the same arrangements.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Scramble TO by this many moves instead of drawing uniformly.
    #[arg(long)]
    pub moves: Option<u64>,
    /// The target (or @FILE); defaults to the solved arrangement.
    #[arg(short, long, allow_hyphen_values = true)]
    pub to: Option<String>,
    /// One batch question a line, {"board", "from", "to"}, for `npuzzle batch`.
    #[arg(long)]
    pub json: bool,
}

/// The options of `apply`.
#[derive(clap::Args)]
pub(crate) struct ApplyArgs {
    /// Board spec (as for reach).
    #[arg(short, long)]
    pub board: Option<String>,
    /// Start arrangement (or @FILE).
    #[arg(short, long, allow_hyphen_values = true)]
    pub from: Option<String>,
    /// The arrangement the moves should end on (or @FILE).
    #[arg(short, long, allow_hyphen_values = true)]
    pub to: Option<String>,
    /// BOARD and FROM without their flags, then the moves: direction
    /// letters on 2-D boards (R3U2LD), from-to cell pairs (5-4 8-5) or a
    /// JSON array of pairs, or @FILE: `apply 3x3 "8 2 0/4 6 1/3 7 5" R2U2`.
    #[arg(value_name = "[BOARD FROM] MOVES", num_args = 1..=3, required = true)]
    pub words: Vec<String>,
    /// Print the moves that undo MOVES.
    #[arg(long, conflicts_with = "simplify")]
    pub invert: bool,
    /// Print MOVES without moves undone at once.
    #[arg(long)]
    pub simplify: bool,
}

/// The options of `show`.
#[derive(clap::Args)]
pub(crate) struct ShowArgs {
    /// Board spec (as for reach).
    #[arg(short, long)]
    pub board: Option<String>,
    /// The arrangement to draw (or @FILE).
    #[arg(short, long, allow_hyphen_values = true)]
    pub from: Option<String>,
    /// The goal: its tiles' cells are coloured (default: the solved arrangement).
    #[arg(short, long, allow_hyphen_values = true)]
    pub to: Option<String>,
    /// Colour tiles on their goal cell.
    #[arg(long, value_enum, default_value_t = Color::Auto)]
    pub color: Color,
    /// Write the board as an SVG picture to FILE instead (-: stdout).
    #[arg(long, value_name = "FILE")]
    pub svg: Option<String>,
    /// BOARD, FROM and TO without their flags, in this order: `show 3x3 "8 2 0/4 6 1/3 7 5"`.
    #[arg(value_name = "BOARD [FROM [TO]]", num_args = 0..=3)]
    pub given: Vec<String>,
}

/// Limits on shortest-path searches, as flags.
#[derive(clap::Args, Debug, Clone, Copy)]
pub(crate) struct SearchLimits {
    /// Where the answer is shortest (--optimal, and up to 16 cells): stop
    /// the search after this many seconds (table builds not counted):
    /// exit 2, "limit reached", with what it ruled out. Where it is
    /// near-shortest (17 to 144 cells): improve it until this many seconds
    /// have passed, each shorter length shown on a terminal (up to about
    /// 1.5 GB on 5×5).
    #[arg(long, value_name = "SECONDS")]
    pub time_limit: Option<f64>,
    /// Stop a shortest-path search after this many nodes (as --time-limit).
    #[arg(long, value_name = "NODES")]
    pub max_nodes: Option<u64>,
}

/// When to colour a drawing.
#[derive(Clone, Copy, Default, ValueEnum)]
pub(crate) enum Color {
    /// When writing to a terminal.
    #[default]
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

/// Serves the page and its JSON API: loopback only unless told otherwise.
#[derive(clap::Args, Debug)]
pub(crate) struct ServeArgs {
    /// The port to listen on (0: any free port; the address is printed on stderr).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// The address to listen on. Anything but a loopback address serves
    /// every machine that can reach this one.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// Seconds a request's work may take (shortest searches above all):
    /// past it the search is stopped and answered with an error.
    #[arg(long, default_value_t = 60.0)]
    pub time_limit: f64,
    /// Largest pattern database for shortest searches, in tiles (0:
    /// Manhattan distance and linear conflicts only); as `solve --pattern-tiles`.
    #[arg(long)]
    pub pattern_tiles: Option<usize>,
    /// Seconds a request's headers, and then its body, may take to arrive
    /// (an idle connection is closed after as long).
    #[arg(long, default_value_t = 10.0)]
    pub read_timeout: f64,
    /// Seconds an answer may wait for the client to take more of it; past
    /// it the connection is closed, and the answer's memory given back.
    #[arg(long, default_value_t = 10.0)]
    pub write_timeout: f64,
    /// Connections open at once; past it a connection is answered 503.
    #[arg(long, default_value_t = 256)]
    pub max_connections: usize,
    /// Requests worked on at once (default: the number of cores, at least
    /// 2); up to 16 times as many more wait, the rest are answered 503.
    #[arg(long)]
    pub max_jobs: Option<usize>,
    /// Memory the requests' work may take, all together, as bytes or with
    /// K, M, G or T (powers of 1024): pattern databases are not built past
    /// it, each job's answer is kept to its share, and answers waiting to
    /// be sent count in it (default: a quarter of the machine's memory).
    #[arg(long, value_parser = parse_bytes)]
    pub max_memory: Option<u64>,
}

/// A size in bytes: digits, then optionally K, M, G or T (powers of
/// 1024) and an optional B.
fn parse_bytes(text: &str) -> Result<u64, String> {
    let upper = text.trim().to_ascii_uppercase();
    let number = upper.strip_suffix('B').unwrap_or(&upper);
    let (digits, shift) = match number.char_indices().last() {
        Some((i, 'K')) => (&number[..i], 10),
        Some((i, 'M')) => (&number[..i], 20),
        Some((i, 'G')) => (&number[..i], 30),
        Some((i, 'T')) => (&number[..i], 40),
        _ => (number, 0),
    };
    let bad = || format!("'{text}' is not a size: give bytes, or a number with K, M, G or T");
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let value: u64 = digits.parse().map_err(|_| bad())?;
    value
        .checked_mul(1 << shift)
        .filter(|&bytes| bytes > 0)
        .ok_or_else(bad)
}
