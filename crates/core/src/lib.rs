//! npuzzle: sliding-tile puzzles on any board.
//!
//! It answers two questions exactly: can arrangement A be turned into
//! arrangement B (with the invariant that differs when it can't), and how.
//!
//! The layers, each using only those above it in this list:
//! - [`board`]: the one board type, cells and adjacency, with constructors
//!   for boxes of any dimension, masks and graphs;
//! - [`arrangement`]: what stands on the cells, parsed and validated;
//! - [`graph`]: shortest paths and the block-cut tree;
//! - [`reach`](mod@reach): the exact decision and its reasons;
//! - [`solve`]: move sequences, replayed before they are given out:
//!   shortest ones by breadth-first search and by IDA* with pattern
//!   databases;
//! - [`formats`]: board specs, judge formats and JSON Lines.
//!
//! ```
//! use npuzzle_core::{formats::spec::parse_board, reach, Arrangement};
//! let board = parse_board("3x3").unwrap();
//! let from: Arrangement = "8 2 0/4 6 1/3 7 5".parse().unwrap();
//! let verdict = reach(&board, &from, &Arrangement::solved(9)).unwrap();
//! assert!(verdict.is_reachable());
//! ```

pub mod arrangement;
pub mod board;
pub mod error;
pub mod formats;
pub mod graph;
pub mod parity;
pub mod reach;
pub mod solve;

pub use arrangement::{Arrangement, BLANK, Token};
pub use board::{Board, Cell, Layout};
pub use error::Error;
pub use reach::{Reason, Verdict, reach};
