//! Direction letters, written and read in one place: on a 2-D board a
//! move is named by the direction its tile moves (`L R U D`, the
//! speed-solving convention), repeats folded (`R3`). Also the count of
//! multi-tile moves, the runs of one direction.

use super::Move;
use crate::board::{Board, Cell};

/// The letters and the step (rows, columns) of the tile each names.
const LETTERS: [(u8, (i64, i64)); 4] = [
    (b'R', (0, 1)),
    (b'L', (0, -1)),
    (b'D', (1, 0)),
    (b'U', (-1, 0)),
];

/// The letter of a tile's step, `None` for a step that is not one of
/// the four.
pub(crate) fn letter_of(step: (i64, i64)) -> Option<u8> {
    LETTERS.iter().find(|(_, s)| *s == step).map(|&(l, _)| l)
}

/// The step of the tile a letter names (upper case).
pub(crate) fn step_of(letter: u8) -> Option<(i64, i64)> {
    LETTERS.iter().find(|(l, _)| *l == letter).map(|&(_, s)| s)
}

/// The moves of a 2-D board as the letters of the speed-solving
/// convention: the direction each tile moves (`L R U D`), repeats folded
/// (`R3`). `None` when the board is not a 2-D grid.
///
/// # Examples
/// ```
/// use npuzzle_core::{Board, Move, directions};
/// let board = Board::new_box(&[2, 3]).unwrap();
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
        let (Some((fr, fc)), Some((tr, tc))) = (board.row_col(m.from), board.row_col(m.to)) else {
            return Ok(None);
        };
        let Some(letter) = letter_of((tr as i64 - fr as i64, tc as i64 - fc as i64)) else {
            return Ok(None);
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

/// The move that slides the tile next to `blank` in direction `letter`.
pub(super) fn letter_move(board: &Board, blank: Cell, letter: u8) -> Option<Move> {
    let (r, c) = board.row_col(blank)?;
    let (dr, dc) = step_of(letter)?;
    // A tile moving right comes from the blank's left, and so on.
    let r = r.checked_add_signed(-dr as isize)?;
    let c = c.checked_add_signed(-dc as isize)?;
    let tile = board.cell_at(r, c)?;
    Some(Move {
        from: tile,
        to: blank,
    })
}

pub(super) fn side_of(letter: u8) -> &'static str {
    match letter {
        b'R' => "left of",
        b'L' => "right of",
        b'D' => "above",
        _ => "below",
    }
}

/// Direction letters with optional counts: `R3U2LD`.
pub(super) fn letters(text: &str) -> Result<Vec<u8>, String> {
    /// The most single moves one letter may stand for.
    const MAX_REPEAT: u64 = 1 << 20;
    /// The most single moves a whole text may stand for (each is held).
    const MAX_MOVES: usize = 1 << 25;
    let bytes = text.as_bytes();
    let mut steps = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let letter = bytes[i].to_ascii_uppercase();
        if bytes[i].is_ascii_whitespace() || bytes[i] == b',' {
            i += 1;
            continue;
        }
        if !b"LRUD".contains(&letter) {
            return Err(format!(
                "'{}' at character {} is not a direction (L, R, U, D) or a from-to pair",
                text[i..].chars().next().unwrap_or('?').escape_default(),
                i + 1
            ));
        }
        let digits = bytes[i + 1..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        let count = match digits {
            0 => 1,
            _ => text[i + 1..i + 1 + digits]
                .parse::<u64>()
                .ok()
                .filter(|&n| n <= MAX_REPEAT)
                .ok_or_else(|| {
                    format!("the count after '{}' is over {MAX_REPEAT}", letter as char)
                })?,
        };
        if steps.len() + count as usize > MAX_MOVES {
            return Err(format!("more than {MAX_MOVES} moves"));
        }
        steps.extend(std::iter::repeat_n(letter, count as usize));
        i += 1 + digits;
    }
    Ok(steps)
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
        let (fr, fc) = board.row_col(m.from)?;
        let (tr, tc) = board.row_col(m.to)?;
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

    #[test]
    fn letters_written_are_read_back() {
        let board: Board = "3x4".parse().unwrap();
        for &(letter, _) in &LETTERS {
            let blank = board.cell_at(1, 1).unwrap();
            let m = letter_move(&board, blank, letter).unwrap();
            assert_eq!(directions(&board, &[m]).unwrap().as_bytes(), &[letter]);
        }
    }
}
