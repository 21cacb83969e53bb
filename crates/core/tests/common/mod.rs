//! Helpers shared by the integration tests.

use npuzzle_core::{Arrangement, Board, Token, reach};

/// A reachable target: `from` after a walk of the blank, step `s` taking
/// its `s`-th neighbour (modulo their number); an isolated blank stays.
pub fn walk(board: &Board, from: &[Token], steps: &[usize]) -> Vec<Token> {
    let mut to = from.to_vec();
    let mut blank = to.iter().position(|&t| t == 0).unwrap();
    for &s in steps {
        let nb = board.neighbours(blank as u32);
        if nb.is_empty() {
            break;
        }
        let w = nb[s % nb.len()] as usize;
        to.swap(blank, w);
        blank = w;
    }
    to
}

/// Swaps the first and last tiles of `from` when `to` cannot be reached
/// from it: on a 2-connected board other than a cycle or θ0, that gives
/// the other parity class, so random arrangements become reachable pairs.
pub fn into_reach(board: &Board, from: &mut [Token], to: &[Token]) {
    let (a, b) = (
        Arrangement::new(from.to_vec()),
        Arrangement::new(to.to_vec()),
    );
    if !reach(board, &a, &b).unwrap().is_reachable() {
        let (i, j) = (
            from.iter().position(|&t| t != 0).unwrap(),
            from.iter().rposition(|&t| t != 0).unwrap(),
        );
        from.swap(i, j);
    }
}
