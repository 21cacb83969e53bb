//! The connected parts of a board and what they hold. Tokens and blanks
//! never leave their part, so each part must hold the same multiset in A
//! and in B; a part with no blank never changes, and a part with one
//! blank is decided by the one-blank rules on that part alone.

use super::forest::Forest;
use crate::arrangement::{BLANK, Token};
use crate::board::{Board, Cell};
use crate::reach::{Reason, Verdict};

/// The blanks in each part of the board (the same in A and B once
/// [`same_per_part`] holds).
pub(super) fn blanks_per_part(forest: &Forest, tokens: &[Token]) -> Vec<usize> {
    let mut blanks = vec![0; forest.parts.len()];
    for (cell, &t) in tokens.iter().enumerate() {
        if t == BLANK {
            blanks[forest.part[cell] as usize] += 1;
        }
    }
    blanks
}

/// Checks that every part holds the same multiset of tokens (blanks
/// included) in `from` and `to`, naming a part that does not.
pub(super) fn same_per_part(forest: &Forest, from: &[Token], to: &[Token]) -> Result<(), Reason> {
    if forest.parts.len() == 1 {
        return Ok(()); // the tokens were checked to be the same
    }
    let listed = |tokens: &[Token]| {
        let mut list: Vec<(u32, Token)> = tokens
            .iter()
            .enumerate()
            .map(|(c, &t)| (forest.part[c], t))
            .collect();
        list.sort_unstable();
        list
    };
    let (a, b) = (listed(from), listed(to));
    let Some(part) = a
        .iter()
        .zip(&b)
        .find(|(x, y)| x != y)
        .map(|(x, y)| x.0.min(y.0))
    else {
        return Ok(());
    };
    let tokens = |list: &[(u32, Token)]| -> Vec<Token> {
        list.iter().filter(|e| e.0 == part).map(|e| e.1).collect()
    };
    let (ta, tb) = (tokens(&a), tokens(&b));
    let mut cells = forest.order[forest.parts[part as usize].clone()].to_vec();
    cells.sort_unstable();
    Err(Reason::PartTokens {
        cells,
        from: super::classes::difference(&ta, &tb),
        to: super::classes::difference(&tb, &ta),
    })
}

/// A part without blanks: every cell must hold the same token.
pub(super) fn unchanged(cells: &[Cell], from: &[Token], to: &[Token]) -> Result<(), Reason> {
    let mut cells = cells.to_vec();
    cells.sort_unstable();
    match cells.iter().find(|&&c| from[c as usize] != to[c as usize]) {
        None => Ok(()),
        Some(&cell) => Err(Reason::OutOfReach {
            cell,
            from: from[cell as usize],
            to: to[cell as usize],
        }),
    }
}

/// A part with one blank, decided by the one-blank rules on the part
/// taken as a board of its own; the reason is told in the board's cells.
pub(super) fn one_blank(
    board: &Board,
    cells: &[Cell],
    from: &[Token],
    to: &[Token],
) -> Result<(), Reason> {
    let mut local = std::collections::HashMap::with_capacity(cells.len());
    for (i, &c) in cells.iter().enumerate() {
        local.insert(c, i as Cell);
    }
    let mut edges = Vec::new();
    for &c in cells {
        for &w in board.neighbours(c) {
            if c < w {
                edges.push((local[&c], local[&w]));
            }
        }
    }
    let part = Board::graph(cells.len(), &edges).expect("a part of a valid board");
    let pick =
        |tokens: &[Token]| -> Vec<Token> { cells.iter().map(|&c| tokens[c as usize]).collect() };
    match crate::reach::decide(&part, &pick(from), &pick(to)) {
        Verdict::Reachable => Ok(()),
        Verdict::Unreachable(reason) => Err(reason.map_cells(|l| cells[l as usize])),
    }
}
