//! The blank walked to the far corner of a box (its last cell), along
//! each side in turn: the goal both the constructive box solver and the
//! near-shortest line reduction fill towards, before the walk back.

use crate::arrangement::{Token, blank_cell};

/// The filling's goal: `to` with its blank walked to the far corner (the
/// last cell), along each side in turn; and that walk, from the blank's
/// cell in `to` to the corner.
pub(crate) fn cornered(dims: &[usize], to: &[Token]) -> (Vec<usize>, Vec<Token>) {
    let strides = strides(dims);
    let mut walk = vec![blank_cell(to)];
    let mut c = walk[0];
    for (k, &d) in dims.iter().enumerate() {
        while (c / strides[k]) % d < d - 1 {
            c += strides[k];
            walk.push(c);
        }
    }
    debug_assert_eq!(c + 1, to.len());
    let mut goal = to.to_vec();
    for step in walk.windows(2) {
        goal.swap(step[0], step[1]);
    }
    (walk, goal)
}

/// The step between neighbours along each side of a box (row-major).
pub(crate) fn strides(dims: &[usize]) -> Vec<usize> {
    let mut strides = vec![1; dims.len()];
    for k in (0..dims.len().saturating_sub(1)).rev() {
        strides[k] = strides[k + 1] * dims[k + 1];
    }
    strides
}
