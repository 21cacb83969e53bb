//! What npuzzle reads and writes: board specs, the judges' formats and
//! JSON Lines.

pub mod jsonl;
pub mod judge;
pub(crate) mod numbers;
pub mod spec;
