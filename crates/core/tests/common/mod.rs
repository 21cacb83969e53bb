//! Helpers shared by the integration tests.

use npuzzle_core::{Board, Token};

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
