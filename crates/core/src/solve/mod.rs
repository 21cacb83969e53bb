//! Solutions: move sequences, checked by replaying them before anyone
//! sees them.
//!
//! A move slides a token from a cell into the adjacent blank cell. The
//! entry point is [`Solver`]; the methods behind it live in the
//! submodules: breadth-first search on small boards (`bfs`), IDA* with
//! pattern databases on rectangles (`optimal`, `pdb`), and constructive
//! solutions on boxes (`construct`) and on any other board (`general`,
//! with `three_cycles` for regions that cannot be peeled), and with
//! several blanks (`blanks`).

pub(crate) mod bfs;
pub(crate) mod blanks;
pub(crate) mod construct;
pub mod error;
pub(crate) mod general;
mod moves;
pub(crate) mod near;
pub(crate) mod optimal;
pub(crate) mod pdb;
mod solver;
pub(crate) mod three_cycles;

pub use error::{BadFile, Limit, PdbError, ReplayError, SolveError};
pub use moves::{Directions, Move, directions, invert, multi_tile_moves, replay, simplify};
pub use optimal::split;
pub use pdb::{PdbCache, Progress};
pub use solver::{MAX_CONSTRUCTED, Solution, Solver, Summary, Table};

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

/// What sliding a token one step saves its later walks, in the units the
/// constructive solvers score the blank's ways by. A token is later walked
/// at about five moves a step along its longest remaining side and one
/// more for each step along the others (two diagonal steps cost three
/// each), so a step along its longest side (`longest`) counts five, any
/// other one; negative when the step takes it further from its target.
pub(crate) fn slide_worth(longest: bool, closer: bool) -> i32 {
    let weight = if longest { 5 } else { 1 };
    if closer { weight } else { -weight }
}
