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
/// each), so a step along its longest side (`longest`) counts five; one
/// along another side counts two, not one, as such a step also spares
/// the blank a way round the token. A step further from the target
/// (`closer` false) costs more than one nearer saves along the longest
/// side (seven): it lengthens the straight run, whose every step costs
/// five and a way back. Random 100×100 boxes (two, seeded, the rest of
/// the box solver as now): the weights 5 and 1 both ways 1.584 n³, 5
/// and 2 both ways 1.562, with 7 against a longest-side step 1.547.
pub(crate) fn slide_worth(longest: bool, closer: bool) -> i32 {
    match (longest, closer) {
        (true, true) => 5,
        (true, false) => -7,
        (false, true) => 2,
        (false, false) => -2,
    }
}
