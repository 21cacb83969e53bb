//! Moves: what one is, how a sequence is inverted and simplified, how
//! it is checked by replaying it (`replay`), written and read as
//! direction letters (`notation`), and played from a text (`play`).
//!
//! This is the arrangement layer's vocabulary of change: every solver
//! hands out [`Move`]s, and every front end reads and writes them here.

mod corner;
mod metric;
mod notation;
mod play;
mod replay;

pub(crate) use corner::{cornered, strides};
pub use metric::Metric;
#[cfg(test)]
pub(crate) use notation::letter_of;
pub use notation::{Directions, directions, multi_tile_moves};
pub(crate) use notation::{MultiTileCount, step_of};
pub use play::play;
pub(crate) use replay::Replayer;
pub use replay::{ReplayError, replay};

use crate::board::Cell;

/// One move: the token on `from` slides into the blank on `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    /// Where the token was.
    pub from: Cell,
    /// Where it goes (the blank's cell before the move).
    pub to: Cell,
}

impl Move {
    /// The move that undoes this one: the same tile sliding back.
    ///
    /// ```
    /// use npuzzle_core::Move;
    /// let m = Move { from: 5, to: 4 };
    /// assert_eq!(m.undo(), Move { from: 4, to: 5 });
    /// ```
    #[must_use]
    pub fn undo(self) -> Self {
        Self {
            from: self.to,
            to: self.from,
        }
    }
}

/// The inverse of a sequence: its undos, last first. Played after the
/// sequence, it comes back to the start.
#[must_use]
pub fn invert(moves: &[Move]) -> Vec<Move> {
    moves.iter().rev().map(|m| m.undo()).collect()
}

/// `moves` without any move that is undone at once: a move followed by
/// its undo goes, both, and so on as long as that uncovers more
/// (`a b b⁻¹ a⁻¹` goes whole). The sequence still ends where it did.
///
/// ```
/// use npuzzle_core::{Move, simplify};
/// let (a, b) = (Move { from: 1, to: 0 }, Move { from: 2, to: 1 });
/// assert_eq!(simplify(&[a, b, b.undo(), a.undo(), a]), vec![a]);
/// ```
#[must_use]
pub fn simplify(moves: &[Move]) -> Vec<Move> {
    let mut kept: Vec<Move> = Vec::with_capacity(moves.len());
    for &m in moves {
        if kept.last() == Some(&m.undo()) {
            kept.pop();
        } else {
            kept.push(m);
        }
    }
    kept
}

/// [`simplify`] for moves that come one at a time and may not all fit in
/// memory: undone moves are dropped within the last [`Canceller::WINDOW`]
/// moves kept, and older ones are handed to `out`. Given the same moves,
/// it hands out the same ones, so that a solution found twice (once to
/// replay, once to print) is the same both times.
pub(crate) struct Canceller<F: FnMut(Move)> {
    kept: std::collections::VecDeque<Move>,
    out: F,
}

impl<F: FnMut(Move)> Canceller<F> {
    /// Moves held back, waiting to see if they are undone: far more than
    /// the constructive solvers ever undo in a row.
    pub(crate) const WINDOW: usize = 1 << 16;

    pub(crate) fn new(out: F) -> Self {
        Self {
            kept: std::collections::VecDeque::new(),
            out,
        }
    }

    pub(crate) fn push(&mut self, m: Move) {
        if self.kept.back() == Some(&m.undo()) {
            self.kept.pop_back();
            return;
        }
        self.kept.push_back(m);
        if self.kept.len() > Self::WINDOW {
            let oldest = self.kept.pop_front().expect("a full window");
            (self.out)(oldest);
        }
    }

    /// Hands out the moves still held.
    pub(crate) fn finish(mut self) {
        while let Some(m) = self.kept.pop_front() {
            (self.out)(m);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arrangement::Token;
    use crate::board::Board;

    #[test]
    fn simplify_cascades_and_keeps_the_end() {
        let board: Board = "3x3".parse().unwrap();
        let from: Vec<Token> = vec![1, 2, 3, 4, 5, 6, 7, 8, 0];
        let (a, b, c) = (
            Move { from: 7, to: 8 },
            Move { from: 4, to: 7 },
            Move { from: 5, to: 4 },
        );
        let moves = [a, b, c, c.undo(), b.undo(), b, c];
        let short = simplify(&moves);
        assert_eq!(short, vec![a, b, c]);
        let mut end = from.clone();
        for m in &moves {
            end.swap(m.from as usize, m.to as usize);
        }
        replay(&board, &from, &end, &short).unwrap();
        replay(&board, &end, &from, &invert(&moves)).unwrap();
    }

    #[test]
    fn the_canceller_matches_simplify_within_its_window() {
        let (a, b) = (Move { from: 1, to: 0 }, Move { from: 2, to: 1 });
        let moves = [a, b, b.undo(), a.undo(), a, b, a, a.undo(), b.undo()];
        let mut out = Vec::new();
        let mut canceller = Canceller::new(|m| out.push(m));
        moves.iter().for_each(|&m| canceller.push(m));
        canceller.finish();
        assert_eq!(out, simplify(&moves));
        assert_eq!(out, vec![a]);
    }
}
