//! The exact decision: can arrangement A become arrangement B?
//!
//! One blank on any graph, in O(N + E):
//! 1. slide A's blank along a shortest path to B's blank cell;
//! 2. root the block-cut tree at that cell; each block owns its cells but
//!    its entry (the cell nearest the root), and tokens never leave the
//!    cells of their block;
//! 3. each block allows a known group (Wilson 1974): a bridge nothing, a
//!    cycle its rotations, θ0 a group of order 120, another bipartite
//!    block the even permutations, any other block all of them.
//!
//! Boxes (every grid of the judges) take an O(N) fast path: parity of the
//! permutation by cycle counting against the parity of the blank's
//! Manhattan distance.
//!
//! Several blanks (see `blanks`): per connected part, paths keep their
//! order, cycles their cyclic order, and elsewhere tokens fall into
//! classes within which every order is reachable.

mod blanks;
mod blocks;
mod labels;
mod reason;
mod theta0;

pub(crate) use blanks::classes_of;
pub(crate) use blanks::line::Line;
pub(crate) use labels::{distinct_labels, match_in_order};

pub(crate) use crate::parity::{NotPermutation, permutation_parity};
pub use reason::Reason;

use crate::arrangement::{
    Arrangement, BLANK, Token, TokenIds, blank_cell, check_same_tokens, several_blanks,
};
use crate::board::{Board, Cell, box_distance};
use crate::error::Error;
use crate::graph::{Block, Blocks, shortest_path};
use blocks::BlockChecker;

/// The answer to "can A become B?".
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// B can be reached from A (and A from B: moves are reversible).
    Reachable,
    /// B cannot be reached; the invariant that differs.
    Unreachable(Reason),
}

impl Verdict {
    /// Whether B can be reached.
    #[must_use]
    pub fn is_reachable(&self) -> bool {
        matches!(self, Self::Reachable)
    }

    /// The reason, for an unreachable pair.
    #[must_use]
    pub fn reason(&self) -> Option<&Reason> {
        match self {
            Self::Reachable => None,
            Self::Unreachable(r) => Some(r),
        }
    }
}

/// Decides whether `from` can be turned into `to` on `board`.
///
/// Checks the input first: one token per cell, at least one blank, the
/// same tokens in both (repeated tokens and several blanks are allowed).
///
/// ```
/// use npuzzle_core::{reach, Arrangement, Board};
/// let board = Board::new_box(&[3, 3]).unwrap();
/// let solved = Arrangement::solved(9);
/// let swapped: Arrangement = "2 1 3/4 5 6/7 8 0".parse().unwrap();
/// let verdict = reach(&board, &swapped, &solved).unwrap();
/// assert!(!verdict.is_reachable());
/// assert_eq!(
///     verdict.reason().unwrap().to_string(),
///     "permutation parity odd, blank distance 0 (even)"
/// );
/// ```
pub fn reach(board: &Board, from: &Arrangement, to: &Arrangement) -> Result<Verdict, Error> {
    from.check(board, "from")?;
    to.check(board, "to")?;
    check_same_tokens(from.tokens(), to.tokens())?;
    Ok(decide(board, from.tokens(), to.tokens()))
}

/// The decision on input that [`reach`] has checked.
pub(crate) fn decide(board: &Board, from: &[Token], to: &[Token]) -> Verdict {
    if several_blanks(from) {
        return blanks::decide(board, from, to);
    }
    match board.box_dims() {
        Some(dims) => decide_box(dims, from, to),
        None => decide_graph(board, from, to),
    }
}

/// The box fast path, O(N).
fn decide_box(dims: &[usize], from: &[Token], to: &[Token]) -> Verdict {
    box_verdict(
        dims,
        (blank_cell(from), blank_cell(to)),
        || path_order(from, to),
        || permutation_odd(from, to),
    )
}

/// The decision on a box with sides `dims`, the one place that knows
/// which invariant applies to which box: sides of length 1 are dropped;
/// none left is a single cell, one a path (decided by `path`, which is
/// [`path_order`] of A and B), two or more a bipartite 2-connected board
/// (2×2 is the 4-cycle, whose rotations are exactly the even
/// permutations), decided by [`parity_verdict`] from the blank's cells
/// in A and B (`blanks`) and `permutation_odd`: the parity of the
/// permutation taking A to B, blank included, `None` when a repeated
/// token makes both parities reachable. `path` and `permutation_odd` are
/// called only when needed.
pub(crate) fn box_verdict(
    dims: &[usize],
    blanks: (usize, usize),
    path: impl FnOnce() -> Verdict,
    permutation_odd: impl FnOnce() -> Option<bool>,
) -> Verdict {
    match dims.iter().filter(|&&d| d > 1).count() {
        0 => Verdict::Reachable,
        1 => path(),
        _ => match permutation_odd() {
            Some(odd) => parity_verdict(dims, odd, blanks.0, blanks.1),
            None => Verdict::Reachable,
        },
    }
}

/// The parity of the permutation taking `from` to `to` (same tokens),
/// blank included; `None` with a repeated token, as an odd permutation
/// can then be made even by swapping two equal tokens.
fn permutation_odd(from: &[Token], to: &[Token]) -> Option<bool> {
    let ids = TokenIds::new(from);
    let mut place_in_to = vec![u32::MAX; ids.len()];
    for (cell, &t) in to.iter().enumerate() {
        let slot = &mut place_in_to[ids.id(t).expect("same tokens") as usize];
        if *slot != u32::MAX {
            return None;
        }
        *slot = cell as u32;
    }
    let mut sigma: Vec<u32> = from
        .iter()
        .map(|&t| place_in_to[ids.id(t).expect("same tokens") as usize])
        .collect();
    Some(permutation_parity(&mut sigma).expect("a permutation"))
}

/// The verdict on a path (a box with one side longer than 1): the
/// sequence of tiles, blank left out, never changes.
pub(crate) fn path_order(from: &[Token], to: &[Token]) -> Verdict {
    fn tiles(a: &[Token]) -> impl Iterator<Item = Token> + '_ {
        a.iter().copied().filter(|&t| t != BLANK)
    }
    match tiles(from)
        .zip(tiles(to))
        .enumerate()
        .find(|(_, (x, y))| x != y)
    {
        None => Verdict::Reachable,
        Some((i, (from, to))) => Verdict::Unreachable(Reason::PathOrder {
            index: i + 1,
            from,
            to,
        }),
    }
}

/// The verdict on a box with at least two sides longer than 1, from the
/// parity of the permutation taking A to B (blank included).
pub(crate) fn parity_verdict(
    dims: &[usize],
    permutation_odd: bool,
    blank_from: usize,
    blank_to: usize,
) -> Verdict {
    let blank_distance = box_distance(dims, blank_from, blank_to);
    if permutation_odd == (blank_distance % 2 == 1) {
        Verdict::Reachable
    } else {
        Verdict::Unreachable(Reason::Parity {
            permutation_odd,
            blank_distance,
        })
    }
}

/// The general decision on any graph, O(N + E).
fn decide_graph(board: &Board, from: &[Token], to: &[Token]) -> Verdict {
    let (a, b) = (blank_cell(from) as Cell, blank_cell(to) as Cell);
    // A': A with its blank slid to b. B is reachable from A iff it is
    // reachable from A' with the blank coming back to b.
    let Some((path, slid)) = slid_to(board, from, b) else {
        return Verdict::Unreachable(Reason::BlankSeparated { from: a, to: b });
    };
    let blank_distance = path.len() - 1;
    let blocks = Blocks::rooted(board, b);
    for (cell, &reached) in blocks.in_component.iter().enumerate() {
        if !reached && slid[cell] != to[cell] {
            return Verdict::Unreachable(Reason::OutOfReach {
                cell: cell as Cell,
                from: slid[cell],
                to: to[cell],
            });
        }
    }
    let ids = TokenIds::new(from);
    let mut checker = BlockChecker::new(board, &blocks, &ids, ids.ids_of(&slid), ids.ids_of(to));
    let single_block = blocks.blocks.len() == 1;
    // Bridges first: a locked token is the plainest reason to give.
    let (bridges, others): (Vec<&Block>, Vec<&Block>) =
        blocks.blocks.iter().partition(|b| b.edges.len() == 1);
    for block in bridges.into_iter().chain(others) {
        if let Err(reason) = checker.check(block) {
            // A 2-connected bipartite board gets the classic message.
            let reason = match reason {
                Reason::BlockParity { .. } if single_block => Reason::Parity {
                    permutation_odd: blank_distance % 2 == 0,
                    blank_distance,
                },
                other => other,
            };
            return Verdict::Unreachable(reason);
        }
    }
    Verdict::Reachable
}

/// A shortest path of the blank of `from` to cell `goal_blank`, and
/// `from` with its blank slid along it (A' of the decision); `None` when
/// the blank cannot get there.
fn slid_to(board: &Board, from: &[Token], goal_blank: Cell) -> Option<(Vec<Cell>, Vec<Token>)> {
    let path = shortest_path(board, blank_cell(from) as Cell, goal_blank)?;
    let mut slid = from.to_vec();
    for step in path.windows(2) {
        slid.swap(step[0] as usize, step[1] as usize);
    }
    Some((path, slid))
}

#[cfg(test)]
mod examples {
    use super::*;

    #[test]
    fn box_verdict_example() {
        let (from, to) = ([1, 0, 2], [1, 2, 0]);
        let verdict = box_verdict(
            &[1, 3],
            (1, 2),
            || path_order(&from, &to),
            || unreachable!(),
        );
        assert!(verdict.is_reachable());
        assert!(!box_verdict(&[2, 2], (0, 0), || unreachable!(), || Some(true)).is_reachable());
    }
}
