//! Moves: what one is, how a sequence is checked by replaying it, and
//! how moves on 2-D boards are written as direction letters.

use crate::arrangement::{BLANK, Token};
use crate::board::{Board, Cell};
use crate::solve::error::ReplayError;

/// One move: the token on `from` slides into the blank on `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    /// Where the token was.
    pub from: Cell,
    /// Where it goes (the blank's cell before the move).
    pub to: Cell,
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
/// let board = Board::grid(&[1, 3]).unwrap();
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
    pub(crate) fn new(board: &'a Board, from: &[Token]) -> Replayer<'a> {
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

/// The moves of a 2-D board as the letters of the speed-solving
/// convention: the direction each tile moves (`L R U D`), repeats folded
/// (`R3`). `None` when the board is not a 2-D grid.
///
/// # Examples
/// ```
/// use npuzzle_core::{Board, Move, directions};
/// let board = Board::grid(&[2, 3]).unwrap();
/// // The blank walks 0 → 1 → 2 → 5: tiles move left, left, up.
/// let moves = [Move { from: 1, to: 0 }, Move { from: 2, to: 1 }, Move { from: 5, to: 2 }];
/// assert_eq!(directions(&board, &moves).unwrap(), "L2U");
/// ```
pub fn directions(board: &Board, moves: &[Move]) -> Option<String> {
    let mut out = Vec::new();
    let mut letters = Directions::default();
    for &m in moves {
        letters.push(board, m, &mut out).ok()??;
    }
    letters.finish(&mut out).ok()?;
    String::from_utf8(out).ok()
}

/// Writes moves as direction letters as they come, folding repeats: for
/// streamed solutions, whose moves are never all in memory.
///
/// ```
/// use npuzzle_core::{Board, Directions, Move};
/// let board: Board = "1x3".parse()?;
/// let mut out = Vec::new();
/// let mut letters = Directions::default();
/// for m in [Move { from: 1, to: 0 }, Move { from: 2, to: 1 }] {
///     letters.push(&board, m, &mut out)?;
/// }
/// letters.finish(&mut out)?;
/// assert_eq!(out, b"L2");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Default)]
pub struct Directions {
    run: Option<(u8, u64)>,
}

impl Directions {
    /// Adds one move; `Ok(None)` when the board is not a 2-D grid.
    ///
    /// # Errors
    /// When writing to `out` fails.
    pub fn push(
        &mut self,
        board: &Board,
        m: Move,
        out: &mut impl std::io::Write,
    ) -> std::io::Result<Option<()>> {
        let (Some((fr, fc)), Some((tr, tc))) =
            (board.grid_position(m.from), board.grid_position(m.to))
        else {
            return Ok(None);
        };
        let letter = match (tr as i64 - fr as i64, tc as i64 - fc as i64) {
            (0, 1) => b'R',
            (0, -1) => b'L',
            (1, 0) => b'D',
            (-1, 0) => b'U',
            _ => return Ok(None),
        };
        self.run = match self.run {
            Some((l, n)) if l == letter => Some((l, n + 1)),
            other => {
                Self::write(other, out)?;
                Some((letter, 1))
            }
        };
        Ok(Some(()))
    }

    /// Writes the last run.
    ///
    /// # Errors
    /// When writing to `out` fails.
    pub fn finish(&mut self, out: &mut impl std::io::Write) -> std::io::Result<()> {
        Self::write(self.run.take(), out)
    }

    fn write(run: Option<(u8, u64)>, out: &mut impl std::io::Write) -> std::io::Result<()> {
        if let Some((letter, n)) = run {
            out.write_all(&[letter])?;
            if n > 1 {
                write!(out, "{n}")?;
            }
        }
        Ok(())
    }
}
