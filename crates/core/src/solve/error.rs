//! What can keep a solver from giving a solution, as typed errors: the
//! question was bad, the target is unreachable, the board is beyond a
//! method's limits, a pattern database could not be had, or (a bug) a
//! solution failed its replay.

use std::path::PathBuf;

use thiserror::Error;

use crate::error::Error;
use crate::moves::ReplayError;
use crate::reach::Reason;

/// Why [`Solver::solve`](crate::Solver::solve) gave no solution.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum SolveError {
    /// The board or an arrangement is malformed.
    #[error(transparent)]
    Input(#[from] Error),
    /// The target cannot be reached; the reason names the invariant.
    #[error("unreachable: {0}")]
    Unreachable(Reason),
    /// The question is beyond the methods npuzzle has.
    #[error("not supported yet: {0}")]
    Unsupported(Limit),
    /// A pattern database could be neither loaded nor built.
    #[error("pattern database: {0}")]
    Pdb(PdbError),
    /// A solution failed its replay: a bug, reported instead of a wrong answer.
    #[error("internal error (please report): a solution failed its replay: {0}")]
    Replay(ReplayError),
    /// Writing the moves out failed (streamed solutions only).
    #[error("i/o: {0}")]
    Io(std::io::Error),
    /// The search was stopped by the flag given to
    /// [`Solver::cancel_on`](crate::Solver::cancel_on).
    #[error("the search was stopped before it found a solution")]
    Cancelled,
    /// A shortest-path search reached the solver's
    /// [`time_limit`](crate::Solver::time_limit) or
    /// [`max_nodes`](crate::Solver::max_nodes) before it found a solution.
    #[error(
        "limit reached after {nodes} nodes: no solution found; every solution has at least \
         {lower_bound} moves"
    )]
    LimitReached {
        /// Every solution has at least this many moves (what the search
        /// ruled out, or the start's heuristic).
        lower_bound: u64,
        /// Nodes expanded before the limit.
        nodes: u64,
    },
}

// The variants' messages hold the inner error's, so the inner error is
// not also given as a source: a chain of causes would say it twice.
impl From<crate::stop::Stopped> for SolveError {
    fn from(_: crate::stop::Stopped) -> Self {
        Self::Cancelled
    }
}

impl From<Limit> for SolveError {
    fn from(limit: Limit) -> Self {
        Self::Unsupported(limit)
    }
}

impl From<PdbError> for SolveError {
    fn from(error: PdbError) -> Self {
        Self::Pdb(error)
    }
}

impl From<ReplayError> for SolveError {
    fn from(error: ReplayError) -> Self {
        Self::Replay(error)
    }
}

impl From<std::io::Error> for SolveError {
    fn from(error: std::io::Error) -> Self {
        Self::Io(error)
    }
}

/// A limit of npuzzle's methods that a question runs into.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum Limit {
    /// Solutions held in memory are built for boards of at most `max` cells.
    #[error(
        "solutions held in memory are built for boards of at most {max} cells (this one has \
         {cells}; the moves number about 3 N^1.5); larger boxes are solved by `solve_into`, \
         which streams them"
    )]
    TooManyCells {
        /// The board's cells.
        cells: usize,
        /// The most the method takes.
        max: usize,
    },
    /// A constructive solution would have more than `max` moves (the
    /// solver's [`max_moves`](crate::Solver::max_moves), or the most held
    /// in memory on a board other than a box).
    #[error(
        "the solution would have more than {max} moves, the most asked for here (solutions \
         on boxes of any size are streamed by `npuzzle solve`)"
    )]
    TooManyMoves {
        /// The most moves held.
        max: usize,
    },
    /// The pattern databases a search would load or build need more
    /// memory than the tables may use ([`max_table_memory`](crate::Solver::max_table_memory)).
    #[error(
        "the pattern databases this search needs take {needed} bytes to load or build; with the \
         {taken} bytes of tables in memory or being built, that is over the {max} bytes \
         allowed"
    )]
    TablesTooBig {
        /// What loading and building them would take.
        needed: u64,
        /// What the tables in memory and the other builds under way take.
        taken: u64,
        /// What is allowed.
        max: u64,
    },
    /// Multi-tile moves are counted on 2-D boards with one blank only.
    #[error(
        "multi-tile moves are counted on 2-D boards (boxes and masks) with one blank; this \
         board is not one, or the arrangement has several blanks"
    )]
    MultiTileBoard,
    /// Shortest answers in multi-tile moves are searched on small state
    /// spaces and on rectangles of up to 16 cells only.
    #[error(
        "shortest answers in multi-tile moves are searched on boards with at most {max} \
         arrangements and on rectangles of up to 16 cells with one blank and distinct tiles; \
         this board is neither. Without --optimal the answer is the usual one, with its \
         multi-tile count and a bound in that metric"
    )]
    MultiTileShortest {
        /// The most arrangements searched.
        max: u128,
    },
    /// A 2-connected block too big to peel.
    #[error(
        "a block of {cells} cells: constructive solutions on boards other than boxes peel \
         blocks of at most {max}"
    )]
    BlockTooLarge {
        /// The block's cells.
        cells: usize,
        /// The most peeled.
        max: usize,
    },
    /// A region that cannot be peeled and is too big to sort by 3-cycles.
    #[error(
        "a region of {cells} cells that cannot be peeled (at most {max} are sorted by 3-cycles)"
    )]
    RegionTooLarge {
        /// The region's cells.
        cells: usize,
        /// The most sorted.
        max: usize,
    },
    /// The peeling cornered itself at every home it tried.
    #[error("the peeling cornered itself: {0}")]
    Cornered(&'static str),
    /// A region sorted by 3-cycles needs an odd permutation of its
    /// tokens, but the blank's walks round it make only even ones.
    #[error("the region's walks make only even permutations")]
    OddPermutation,
    /// The 3-cycles set every token of a region but the last two, which
    /// are swapped.
    #[error("the last two tokens are swapped")]
    LastTwoSwapped,
    /// Several blanks on a connected part with cut cells that the
    /// constructive method could not solve: the peeling found no cell to
    /// fill that keeps the rest solvable, and the rest is too big to sort.
    #[error(
        "several blanks on a part of the board with cut cells: the peeling found no cell to \
         fill, and the {cells} cells left are too many to sort (at most {max}); the question \
         is reachable, this is a limit of the method"
    )]
    SeveralBlanks {
        /// The cells left.
        cells: usize,
        /// The most sorted.
        max: usize,
    },
    /// Several blanks on a connected part with cut cells of more cells
    /// than the peeling takes.
    #[error(
        "several blanks on a part of the board with cut cells: {cells} cells, the peeling \
         takes at most {max}"
    )]
    SeveralBlanksPartTooBig {
        /// The part's cells.
        cells: usize,
        /// The most peeled.
        max: usize,
    },
    /// Shortest solutions are searched on rectangles and small boards only.
    #[error(
        "shortest solutions are searched on rectangles (at most 64 cells) and on boards with at \
         most two million arrangements; this board is neither"
    )]
    NoShortestSearch,
    /// A rectangle too big for a shortest-path search (over 64 cells), or
    /// for pattern databases (over 32).
    #[error(
        "{what} on rectangles of at most {max} cells; this one ({rows}x{cols}) has {}",
        rows * cols
    )]
    RectangleTooBig {
        /// What is limited.
        what: &'static str,
        /// Its rows.
        rows: usize,
        /// Its columns.
        cols: usize,
        /// The most cells allowed.
        max: usize,
    },
    /// Shortest solutions with several blanks are searched on boards of
    /// at most 64 cells, or with at most two million arrangements.
    #[error(
        "shortest solutions with several blanks are searched on boards of at most 64 cells \
         and on boards with at most two million arrangements; this board is neither"
    )]
    ShortestSeveralBlanks,
    /// Shortest solutions on big boards need distinct tokens.
    #[error("shortest solutions on boards this large need distinct tokens")]
    RepeatedTokens,
    /// A pattern database that cannot be built here.
    #[error(
        "a pattern of {tiles} tiles on a board of {cells} cells is too big to build (at most \
         {max} entries); use fewer pattern tiles"
    )]
    PatternTooBig {
        /// Tiles in the pattern.
        tiles: usize,
        /// Cells of the board.
        cells: usize,
        /// The most entries built.
        max: usize,
    },
    /// The blank's goal is not a free cell of a pattern.
    #[error("the blank's goal cell {0} is not a free cell of the pattern")]
    BlankGoal(u32),
}

/// Why a pattern database file could not be used or a cache not opened.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum PdbError {
    /// Reading or writing a file failed.
    #[error("{path}: {error}")]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// What the system said.
        error: std::io::Error,
    },
    /// The file is not a database of the pattern asked for.
    #[error("{path}: {problem}")]
    BadFile {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        problem: BadFile,
    },
    /// The memory for a table or its build could not be had.
    #[error("cannot get {bytes} bytes for a pattern database: {error}")]
    OutOfMemory {
        /// The table's size.
        bytes: usize,
        /// What the system said.
        error: std::io::Error,
    },
}

/// What is wrong with a database file.
#[derive(Clone, Copy, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum BadFile {
    /// Shorter than a header, or without the magic bytes.
    #[error("not an npuzzle pattern database")]
    NotPdb,
    /// Written by another version of the format.
    #[error("format version {found}, expected {expected}")]
    Version {
        /// The file's version.
        found: u32,
        /// This build's.
        expected: u32,
    },
    /// A database of another pattern.
    #[error("the file holds another pattern")]
    OtherPattern,
    /// The length does not match the header.
    #[error("wrong table size")]
    WrongSize,
    /// The checksum does not match: the file is damaged.
    #[error("checksum mismatch (damaged file)")]
    Checksum,
}
