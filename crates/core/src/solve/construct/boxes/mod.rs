//! Constructive solutions on boxes of any size and dimension: not the
//! shortest, but found in time about proportional to the moves.
//!
//! The unsolved part of the board is always a box. While it has more than
//! eight cells, the first slice along its longest side is filled: each
//! token is walked to its cell, one step at a time, the blank going round
//! it through the unsolved cells (a line from both ends, the nearer
//! token first); the last two cells of a slice take the usual detour
//! (the last token parked on the second cell, the other beyond it, then
//! both slide in). The last few cells are searched breadth first.
//! Repeated tokens are first matched to target cells so that the parity
//! works out.
//!
//! That much is the usual greedy method (Parberry's), about 8/3·n³ moves
//! on a random n×n board. What brings it under 2n³ is how the blank
//! walks: every step of the blank slides one token, so of all the
//! shortest ways to where it is going, it takes the one whose slides
//! bring tokens nearest their own targets, counted by what each slide
//! saves the later walks of that token (`BoxState::worth`), twice that
//! for the tokens of the slices filled soon. Short walks (going round a
//! token) may even take a way two to six steps longer when its slides
//! are worth that much more. Each token then arrives at its turn already
//! part of the way home: about 1.5 n³ moves on big n×n boards.

use std::collections::VecDeque;

use crate::arrangement::{BLANK, Token, blank_cell};
use crate::board::box_distance;
use crate::moves::{Move, cornered, strides};
use crate::parity::permutation_parity;

mod fill;
mod state;
mod walk;

use state::BoxState;

/// Moves taking `from` to `to` on a box with sides `dims`. The pair must
/// be reachable (checked by the caller).
pub(crate) fn solve_box(dims: &[usize], from: &[Token], to: &[Token]) -> Vec<Move> {
    let mut moves = Vec::new();
    solve_box_into(dims, from, to, &mut |m| moves.push(m), &mut |_, _| true);
    moves
}

/// The same moves as [`solve_box`], handed to `sink` one at a time as they
/// are found: memory does not grow with their number. The moves are the
/// same on every call. After each slice, `between` hears how many cells
/// of how many are set; when it answers false, the solver stops there
/// (the moves so far are then not a solution).
pub(crate) fn solve_box_into(
    dims: &[usize],
    from: &[Token],
    to: &[Token],
    sink: &mut dyn FnMut(Move),
    between: &mut dyn FnMut(usize, usize) -> bool,
) {
    let n: usize = dims.iter().product();
    let blank_goal = blank_cell(to);
    if dims.iter().filter(|&&d| d > 1).count() <= 1 {
        // A path: the tiles keep their order, only the blank moves.
        let mut grid = BoxState::new(dims, (0..n as u32).collect(), from, sink);
        grid.walk_blank(blank_goal, &[]);
        return;
    }
    // The filling leaves the far corner for last, so the blank's goal is
    // moved there first, and the moves end with the walk back.
    let (walk, goal) = cornered(dims, to);
    let targets = match_targets(dims, from, &goal);
    let mut grid = BoxState::new(dims, targets, from, sink);
    let mut lo = vec![0; dims.len()];
    let hi: Vec<usize> = dims.iter().map(|&d| d - 1).collect();
    while (0..dims.len())
        .map(|k| hi[k] + 1 - lo[k])
        .product::<usize>()
        > 8
    {
        // The longest side (the first of equals) loses its first slice.
        let k = (0..dims.len())
            .max_by_key(|&k| (hi[k] + 1 - lo[k], std::cmp::Reverse(k)))
            .expect("a side");
        grid.set_unsolved(&lo, &hi);
        grid.fill_slice(k, &lo, &hi);
        lo[k] += 1;
        let left: usize = (0..dims.len()).map(|k| hi[k] + 1 - lo[k]).product();
        if !between(n - left, n) {
            return;
        }
    }
    grid.finish(&lo, &hi);
    for step in walk.windows(2).rev() {
        grid.slide(step[0]);
    }
}

/// For each cell of `from`, the target cell of its token: equal tokens are
/// matched in reading order, then two of them swapped if the permutation
/// would otherwise have the wrong parity for the blank's distance.
fn match_targets(dims: &[usize], from: &[Token], to: &[Token]) -> Vec<u32> {
    let mut by_token: std::collections::HashMap<Token, VecDeque<u32>> = Default::default();
    for (cell, &t) in to.iter().enumerate() {
        by_token.entry(t).or_default().push_back(cell as u32);
    }
    let mut targets: Vec<u32> = from
        .iter()
        .map(|t| {
            by_token
                .get_mut(t)
                .and_then(VecDeque::pop_front)
                .expect("same tokens")
        })
        .collect();
    let odd = permutation_parity(&mut targets).expect("a permutation");
    if odd != (box_distance(dims, blank_cell(from), blank_cell(to)) % 2 == 1) {
        // Only possible with a repeated token: swap two equal ones.
        let mut first: std::collections::HashMap<Token, usize> = Default::default();
        for (cell, &t) in from.iter().enumerate() {
            if t == BLANK {
                continue;
            }
            if let Some(&other) = first.get(&t) {
                targets.swap(other, cell);
                break;
            }
            first.insert(t, cell);
        }
    }
    targets
}
