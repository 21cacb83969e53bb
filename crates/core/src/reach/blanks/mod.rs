//! The exact decision with several blanks, on any board.
//!
//! A move slides a token into an adjacent blank; blanks are
//! interchangeable. In O(N + E) plus a sort of the tokens:
//! 1. tokens and blanks never leave their connected part of the board
//!    (`parts`): each part must hold the same multiset in A and B; a part
//!    without a blank never changes; a part with one blank follows the
//!    one-blank rules;
//! 2. a path keeps its tokens' order, a cycle their cyclic order
//!    (`line`);
//! 3. any other part splits its tokens into classes (`skeleton`,
//!    `classes`): within a class every order is reachable, across classes
//!    no token ever passes. A 2-connected part other than a cycle (every
//!    box that is not a path, θ0 included) is one class: with two blanks
//!    parity stops mattering.
//!
//! Boxes take an O(N) fast path: a box with one side longer than 1 is a
//! path, any other box is one class (2×2 is a cycle, but its two tokens
//! or fewer are in every cyclic order).

mod classes;
mod forest;
pub(crate) mod line;
mod parts;
mod skeleton;

pub(crate) use classes::Class;
use classes::{Classes, merge_regions};
use forest::Forest;
use line::Line;
use skeleton::Skeleton;

use crate::arrangement::Token;
use crate::board::Board;
use crate::reach::{Reason, Verdict, path_order};

/// Decides whether `from` can become `to` (checked, the same tokens, at
/// least two blanks) on `board`.
pub(super) fn decide(board: &Board, from: &[Token], to: &[Token]) -> Verdict {
    if let Some(dims) = board.box_dims() {
        return match dims.iter().filter(|&&d| d > 1).count() {
            1 => path_order(from, to),
            _ => Verdict::Reachable,
        };
    }
    match decide_parts(board, from, to) {
        Ok(()) => Verdict::Reachable,
        Err(reason) => Verdict::Unreachable(reason),
    }
}

/// The class of the token on each cell of a connected board with at
/// least two blanks that is neither a path nor a cycle (`None` on
/// blanks): within a class tokens take any order, across classes none
/// ever pass. `None` for other boards.
pub(crate) fn classes_of(board: &Board, tokens: &[Token]) -> Option<Vec<Option<Class>>> {
    let forest = Forest::new(board);
    let m = tokens
        .iter()
        .filter(|&&t| t == crate::arrangement::BLANK)
        .count();
    if forest.parts.len() != 1 || m < 2 || m == board.cell_count() {
        return None;
    }
    let cells = &forest.order[forest.parts[0].clone()];
    if Line::of(board, cells).is_some() {
        return None;
    }
    let counts = |_| Some((m, board.cell_count() - m));
    let mut skeleton = Skeleton::new(board, &forest, |_| true);
    merge_regions(&mut skeleton, &forest, counts);
    let below = forest.blanks_below(tokens);
    let mut classes = Classes::new(board, &forest, &mut skeleton, 0, m);
    let mut out = vec![None; board.cell_count()];
    for (cell, class) in classes.per_cell(tokens, &below) {
        out[cell as usize] = Some(class);
    }
    Some(out)
}

/// How a part is decided.
enum Kind {
    /// No blank, one blank, or no token.
    Simple,
    Line(Line),
    /// Classes of tokens, with the part's blanks.
    Classes(usize),
}

fn decide_parts(board: &Board, from: &[Token], to: &[Token]) -> Result<(), Reason> {
    let forest = Forest::new(board);
    parts::same_per_part(&forest, from, to)?;
    let blanks = parts::blanks_per_part(&forest, from);
    let kinds: Vec<Kind> = forest
        .parts
        .iter()
        .zip(&blanks)
        .map(|(range, &m)| {
            let cells = &forest.order[range.clone()];
            if m <= 1 || m == cells.len() {
                Kind::Simple
            } else if let Some(line) = Line::of(board, cells) {
                Kind::Line(line)
            } else {
                Kind::Classes(m)
            }
        })
        .collect();
    let general = |p: u32| match kinds[p as usize] {
        Kind::Classes(m) => Some((m, forest.part_len(p) - m)),
        _ => None,
    };
    let mut skeleton = None;
    let mut below = None;
    for (p, kind) in kinds.iter().enumerate() {
        let cells = &forest.order[forest.parts[p].clone()];
        match kind {
            Kind::Simple if blanks[p] == 0 => parts::unchanged(cells, from, to)?,
            Kind::Simple if blanks[p] == 1 => parts::one_blank(board, cells, from, to)?,
            Kind::Simple => {}
            Kind::Line(line) => line.check(from, to)?,
            Kind::Classes(m) => {
                let skeleton = skeleton.get_or_insert_with(|| {
                    let mut s = Skeleton::new(board, &forest, |p| general(p).is_some());
                    merge_regions(&mut s, &forest, general);
                    s
                });
                let (below_from, below_to) = below
                    .get_or_insert_with(|| (forest.blanks_below(from), forest.blanks_below(to)));
                let mut classes = Classes::new(board, &forest, skeleton, p as u32, *m);
                let a: Vec<(Class, Token)> = classes.of(from, below_from);
                let b = classes.of(to, below_to);
                classes.compare(&a, &b)?;
            }
        }
    }
    Ok(())
}
