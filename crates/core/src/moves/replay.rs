//! Replaying a move sequence: each move checked as it comes, keeping
//! only the arrangement, so that every answer is verified before it is
//! given out, however long.

use thiserror::Error;

use super::Move;
use crate::arrangement::{BLANK, Token};
use crate::board::Board;

/// What is wrong with a move sequence, found by replaying it.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum ReplayError {
    /// Move `index` (from 1) names a cell off the board.
    #[error("move {index} names a cell off the board")]
    OffBoard {
        /// The move's number, from 1.
        index: u64,
    },
    /// Move `index` slides into a cell that is not the blank.
    #[error("move {index}: cell {cell} is not the blank")]
    NotBlank {
        /// The move's number, from 1.
        index: u64,
        /// The cell it slides into.
        cell: u32,
    },
    /// Move `index` slides a blank (from `cell`), not a token.
    #[error("move {index}: cell {cell} holds a blank, not a token")]
    MovesBlank {
        /// The move's number, from 1.
        index: u64,
        /// The cell it slides from.
        cell: u32,
    },
    /// Move `index` joins cells that are not adjacent.
    #[error("move {index}: cells {from} and {to} are not adjacent")]
    NotAdjacent {
        /// The move's number, from 1.
        index: u64,
        /// Where the token was.
        from: u32,
        /// Where it went.
        to: u32,
    },
    /// Every move was legal but they end elsewhere.
    #[error("the moves do not end on the target")]
    WrongEnd,
}

/// Replays `moves` from `from` and checks that each is legal (the token
/// slides into the adjacent blank) and that they end on `to`. Says what
/// is wrong otherwise.
///
/// # Errors
/// The first illegal move, or [`ReplayError::WrongEnd`].
///
/// # Examples
/// ```
/// use npuzzle_core::{Board, Move, replay};
/// let board = Board::new_box(&[1, 3]).unwrap();
/// let moves = [Move { from: 1, to: 0 }, Move { from: 2, to: 1 }];
/// assert!(replay(&board, &[0, 1, 2], &[1, 2, 0], &moves).is_ok());
/// assert!(replay(&board, &[0, 1, 2], &[1, 2, 0], &moves[..1]).is_err());
/// ```
pub fn replay(
    board: &Board,
    from: &[Token],
    to: &[Token],
    moves: &[Move],
) -> Result<(), ReplayError> {
    let mut replayer = Replayer::new(board, from);
    for &m in moves {
        replayer.push(m);
    }
    replayer.finish(to)
}

/// Replays moves one at a time, as they come, keeping only the
/// arrangement: the check behind [`replay`] and the streaming solvers.
pub(crate) struct Replayer<'a> {
    board: &'a Board,
    state: Vec<Token>,
    count: u64,
    error: Option<ReplayError>,
}

impl<'a> Replayer<'a> {
    /// Starts from `from`.
    pub(crate) fn new(board: &'a Board, from: &[Token]) -> Self {
        Replayer {
            board,
            state: from.to_vec(),
            count: 0,
            error: None,
        }
    }

    /// Plays one move, remembering the first illegal one.
    pub(crate) fn push(&mut self, m: Move) {
        self.count += 1;
        if self.error.is_some() {
            return;
        }
        let (f, t) = (m.from as usize, m.to as usize);
        let index = self.count;
        self.error = if f >= self.state.len() || t >= self.state.len() {
            Some(ReplayError::OffBoard { index })
        } else if self.state[t] != BLANK {
            Some(ReplayError::NotBlank { index, cell: m.to })
        } else if self.state[f] == BLANK {
            Some(ReplayError::MovesBlank {
                index,
                cell: m.from,
            })
        } else if !self.board.adjacent(m.from, m.to) {
            Some(ReplayError::NotAdjacent {
                index,
                from: m.from,
                to: m.to,
            })
        } else {
            self.state.swap(f, t);
            None
        };
    }

    /// The number of moves played.
    pub(crate) fn count(&self) -> u64 {
        self.count
    }

    /// Whether all moves were legal and they ended on `to`.
    pub(crate) fn finish(&self, to: &[Token]) -> Result<(), ReplayError> {
        if let Some(e) = &self.error {
            return Err(e.clone());
        }
        if self.state != to {
            return Err(ReplayError::WrongEnd);
        }
        Ok(())
    }
}
