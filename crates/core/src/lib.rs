//! npuzzle: sliding-tile puzzles on any board.
//!
//! It answers two questions exactly: can arrangement A be turned into
//! arrangement B (with the invariant that differs when it can't), and how,
//! with one blank or any number of them.
//!
//! ```
//! use npuzzle_core::{Arrangement, Board, PdbCache, Solver};
//!
//! let board: Board = "4x4".parse()?;
//! let from: Arrangement = "5 1 2 3/9 6 7 4/13 10 11 8/0 14 15 12".parse()?;
//! let to = Arrangement::solved(board.cell_count());
//!
//! let verdict = npuzzle_core::reach(&board, &from, &to)?;
//! assert!(verdict.is_reachable());
//! # let dir = tempfile_dir();
//! let solution = Solver::new()
//!     .optimal(true)
//!     .cache(PdbCache::at(dir)?) // the caller decides where tables live
//!     .on_progress(|p| eprintln!("{p}"))
//!     .solve(&board, &from, &to)?;
//! assert_eq!(solution.len(), 9);
//! assert_eq!(solution.directions().unwrap(), "D3L3U3");
//!
//! // Big boards: moves streamed as they come, in constant memory.
//! let big: Board = "300x300".parse()?;
//! let (start, goal) = (Arrangement::solved(90_000), Arrangement::solved(90_000));
//! let mut count = 0;
//! Solver::new().solve_into(&big, &start, &goal, |_move| {
//!     count += 1;
//!     Ok(())
//! })?;
//! assert_eq!(count, 0);
//! # fn tempfile_dir() -> std::path::PathBuf {
//! #     std::env::temp_dir().join(format!("npuzzle-doc-{}", std::process::id()))
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The layers, each using only those above it in this list (the same
//! order `.ci/layers` checks):
//! - [`Error`]: what goes wrong with input, shared by every layer; and
//!   when long work gives up (a flag, a deadline, a node budget), inside;
//! - [`Board`]: cells and adjacency, for boxes of any dimension, masks
//!   and graphs;
//! - [`Arrangement`]: what stands on the cells, parsed and validated;
//!   permutation parity, inside; and [`moves`]: moves, their notation,
//!   replay and play;
//! - the graph algorithms (shortest paths, the block-cut tree), inside;
//! - [`reach()`]: the exact decision and its [`Reason`];
//! - [`generate`]: arrangements drawn uniformly, or scrambled;
//! - [`Solver`]: move sequences, replayed before they are given out:
//!   shortest ones by breadth-first search and by IDA* with pattern
//!   databases, near-shortest ones on rectangles of up to 144 cells,
//!   constructive ones on any board;
//! - [`formats`]: board specs, judge formats, JSON Lines and pictures.
//!
//! [`split`] cuts shortest-path searches into subtrees that can be
//! searched on other threads, processes or machines, with the same node
//! counts as the single search.
//!
//! The library reads no environment variable and writes no file unless
//! it is handed a [`PdbCache`].

#![deny(missing_docs)]
#![deny(rustdoc::broken_intra_doc_links)]

mod arrangement;
mod board;
mod error;
pub mod formats;
pub mod generate;
mod graph;
mod memory;
pub mod moves;
mod parity;
mod reach;
mod solve;
mod stop;

pub use arrangement::{Arrangement, BLANK, Token};
pub use board::{Board, Cell, Layout, MAX_CELLS, spec};
pub use error::Error;
pub use memory::usable_memory;
pub use moves::{
    Directions, Metric, Move, ReplayError, directions, invert, multi_tile_moves, replay, simplify,
};
pub use reach::{Reason, Verdict, reach};
pub use solve::{
    BadFile, BuildCost, Limit, MAX_CONSTRUCTED, MAX_MOVES_HELD, PdbCache, PdbError, Progress,
    Solution, SolveError, Solver, Summary, Table, split,
};
