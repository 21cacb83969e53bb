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

impl Move {
    /// The move that undoes this one: the same tile sliding back.
    ///
    /// ```
    /// use npuzzle_core::Move;
    /// let m = Move { from: 5, to: 4 };
    /// assert_eq!(m.undo(), Move { from: 4, to: 5 });
    /// ```
    pub fn undo(self) -> Move {
        Move {
            from: self.to,
            to: self.from,
        }
    }
}

/// The inverse of a sequence: its undos, last first. Played after the
/// sequence, it comes back to the start.
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

    pub(crate) fn new(out: F) -> Canceller<F> {
        Canceller {
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

/// The number of multi-tile moves on a 2-D board: a row of tiles sliding
/// together in one direction counts once (the blank moving straight
/// on). `None` where the board is not 2-D.
///
/// ```
/// use npuzzle_core::{Board, Move, multi_tile_moves};
/// let board: Board = "3x3".parse().unwrap();
/// // The blank goes left twice then up: tiles move R, R, D.
/// let moves = [Move { from: 7, to: 8 }, Move { from: 6, to: 7 }, Move { from: 3, to: 6 }];
/// assert_eq!(multi_tile_moves(&board, &moves), Some(2));
/// ```
pub fn multi_tile_moves(board: &Board, moves: &[Move]) -> Option<u64> {
    let mut count = MultiTileCount::default();
    for &m in moves {
        count.push(board, m)?;
    }
    Some(count.count)
}

/// Counts multi-tile moves as moves come.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct MultiTileCount {
    last: Option<(i64, i64)>,
    pub(crate) count: u64,
}

impl MultiTileCount {
    /// Adds a move; `None` when the board is not 2-D.
    pub(crate) fn push(&mut self, board: &Board, m: Move) -> Option<()> {
        let (fr, fc) = board.grid_position(m.from)?;
        let (tr, tc) = board.grid_position(m.to)?;
        let step = (tr as i64 - fr as i64, tc as i64 - fc as i64);
        if self.last != Some(step) {
            self.count += 1;
        }
        self.last = Some(step);
        Some(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn multi_tile_moves_count_straight_runs() {
        let board: Board = "4x4".parse().unwrap();
        // D3L3U3 from the blank on cell 12: 9 moves, 3 multi-tile moves.
        let mut blank = 12u32;
        let mut moves = Vec::new();
        for (step, n) in [(-4i32, 3), (1, 3), (4, 3)] {
            for _ in 0..n {
                let tile = (blank as i32 + step) as u32;
                moves.push(Move {
                    from: tile,
                    to: blank,
                });
                blank = tile;
            }
        }
        assert_eq!(directions(&board, &moves).unwrap(), "D3L3U3");
        assert_eq!(multi_tile_moves(&board, &moves), Some(3));
        let theta: Board = "theta0".parse().unwrap();
        assert_eq!(multi_tile_moves(&theta, &[Move { from: 2, to: 0 }]), None);
    }
}
