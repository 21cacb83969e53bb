//! Solutions: move sequences, checked by replaying them before anyone
//! sees them.
//!
//! The entry point is the [`Solver`] facade (`solver`), which picks a
//! method for the board (`solver::choice`) and replays what it found;
//! what it reports while it works is [`Progress`] (`progress`). The
//! methods live in two folders:
//! - `search`: searches that prove what they find: breadth-first search
//!   on small boards, IDA* with pattern databases on rectangles (and with
//!   several blanks), weighted A* and a beam for near-shortest answers,
//!   windows that shorten them, and the pattern databases themselves;
//! - `construct`: constructive solvers, not shortest but fast and in
//!   bounded memory: boxes of any dimension, any board block by block,
//!   regions sorted by 3-cycles, and several blanks.

pub(crate) mod construct;
pub(crate) mod error;
pub(crate) mod progress;
pub(crate) mod search;
mod solution;
mod solver;

pub use error::{BadFile, Limit, PdbError, SolveError};
pub use progress::{BuildCost, Progress};
pub use search::ida::split;
pub use search::pdb::PdbCache;
pub use solution::{Solution, Summary};
pub use solver::{MAX_CONSTRUCTED, MAX_MOVES_HELD, Solver, Table};

use crate::moves::Move;

/// What a method found, before the [`Solver`] replays it.
#[derive(Clone, Debug)]
pub(crate) struct Found {
    /// The moves, first to last.
    pub moves: Vec<Move>,
    /// Whether no shorter sequence exists.
    pub optimal: bool,
    /// Search nodes expanded.
    pub nodes: u64,
}
