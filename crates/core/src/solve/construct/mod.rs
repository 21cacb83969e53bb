//! Constructive solvers: answers that are not the shortest, found in
//! time about proportional to their length.
//!
//! - `boxes`: boxes of any size and dimension, slice by slice, streamed
//!   in constant memory;
//! - `block_by_block`: any board, one block of its block-cut tree at a
//!   time, peeling 2-connected blocks cell by cell;
//! - `three_cycles`: regions that cannot be peeled, sorted by 3-cycles;
//! - `blanks`: several blanks (pebble motion), one connected part at a
//!   time;
//! - `budget`: the length limit and stop flag of all but `boxes`.

pub(crate) mod blanks;
pub(crate) mod block_by_block;
pub(crate) mod boxes;
pub(crate) mod budget;
pub(crate) mod three_cycles;

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
