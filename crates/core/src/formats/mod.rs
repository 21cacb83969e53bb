//! What npuzzle reads and writes: the judges' formats, JSON Lines for
//! batches, and drawings of boards (on a terminal, as SVG pictures and
//! animations, and the layout the web page draws from).

pub mod draw;
pub mod jsonl;
pub mod judge;
pub mod layout;
pub mod svg;
