//! What npuzzle reads and writes: board specs, the judges' formats and
//! JSON Lines.

pub mod draw;
pub mod jsonl;
pub mod judge;
pub mod moves;
pub(crate) mod numbers;
pub mod spec;
