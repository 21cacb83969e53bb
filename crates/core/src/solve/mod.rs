//! Solutions: move sequences, checked by replaying them before anyone
//! sees them.
//!
//! A move slides a token from a cell into the adjacent blank cell. The
//! solvers live in the submodules: [`optimal`] (shortest solutions by
//! IDA* with pattern databases on rectangles) and [`pdb`] (the pattern
//! databases themselves).

pub mod bfs;
pub mod construct;
pub mod general;
pub mod optimal;
pub mod pdb;

use crate::arrangement::{Arrangement, BLANK, Token};
use crate::board::{Board, Cell};
use crate::error::Error;
use crate::reach::{Reason, Verdict, reach};
use crate::solve::optimal::{Heuristic, Rect};
use crate::solve::pdb::{BuildProgress, Pattern};

/// One move: the token on `from` slides into the blank on `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    /// Where the token was.
    pub from: Cell,
    /// Where it goes (the blank's cell before the move).
    pub to: Cell,
}

/// A move sequence from one arrangement to another.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The moves, first to last.
    pub moves: Vec<Move>,
    /// Whether no shorter sequence exists.
    pub optimal: bool,
    /// Search nodes expanded, for optimal searches.
    pub nodes: u64,
}

/// Replays `moves` from `from` and checks that each is legal (the token
/// slides into the adjacent blank) and that they end on `to`. Says what
/// is wrong otherwise.
///
/// ```
/// use npuzzle_core::{Board, solve::{Move, replay}};
/// let board = Board::grid(&[1, 3]).unwrap();
/// let moves = [Move { from: 1, to: 0 }, Move { from: 2, to: 1 }];
/// assert!(replay(&board, &[0, 1, 2], &[1, 2, 0], &moves).is_ok());
/// assert!(replay(&board, &[0, 1, 2], &[1, 2, 0], &moves[..1]).is_err());
/// ```
pub fn replay(board: &Board, from: &[Token], to: &[Token], moves: &[Move]) -> Result<(), String> {
    let mut state = from.to_vec();
    for (i, m) in moves.iter().enumerate() {
        let (f, t) = (m.from as usize, m.to as usize);
        if f >= state.len() || t >= state.len() {
            return Err(format!("move {} names a cell off the board", i + 1));
        }
        if state[t] != BLANK {
            return Err(format!("move {}: cell {t} is not the blank", i + 1));
        }
        if !board.adjacent(m.from, m.to) {
            return Err(format!(
                "move {}: cells {f} and {t} are not adjacent",
                i + 1
            ));
        }
        state.swap(f, t);
    }
    if state != to {
        return Err("the moves do not end on the target".into());
    }
    Ok(())
}

/// The moves of a 2-D board as the letters of the speed-solving
/// convention: the direction each tile moves (`L R U D`), repeats folded
/// (`R3`). `None` when the board is not a 2-D grid.
///
/// ```
/// use npuzzle_core::{Board, solve::{Move, directions}};
/// let board = Board::grid(&[2, 3]).unwrap();
/// // The blank walks 0 → 1 → 2 → 5: tiles move left, left, up.
/// let moves = [Move { from: 1, to: 0 }, Move { from: 2, to: 1 }, Move { from: 5, to: 2 }];
/// assert_eq!(directions(&board, &moves).unwrap(), "L2U");
/// ```
pub fn directions(board: &Board, moves: &[Move]) -> Option<String> {
    let mut out = String::new();
    let mut last: Option<(char, usize)> = None;
    let flush = |out: &mut String, run: Option<(char, usize)>| {
        if let Some((c, n)) = run {
            out.push(c);
            if n > 1 {
                out.push_str(&n.to_string());
            }
        }
    };
    for m in moves {
        let (fr, fc) = board.grid_position(m.from)?;
        let (tr, tc) = board.grid_position(m.to)?;
        let c = match (tr as i64 - fr as i64, tc as i64 - fc as i64) {
            (0, 1) => 'R',
            (0, -1) => 'L',
            (1, 0) => 'D',
            (-1, 0) => 'U',
            _ => return None,
        };
        last = match last {
            Some((d, n)) if d == c => Some((d, n + 1)),
            other => {
                flush(&mut out, other);
                Some((c, 1))
            }
        };
    }
    flush(&mut out, last);
    Some(out)
}

/// How to solve.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// A shortest solution (IDA* on rectangles); otherwise a constructive
    /// one where the board is too big for breadth-first search.
    pub optimal: bool,
    /// The largest pattern database, in tiles (a default per board when
    /// `None`; 0 or 1 for Manhattan distance with linear conflicts only).
    pub max_pattern: Option<usize>,
}

/// The largest board solved constructively: 160,000 cells, a 400×400 box
/// (about 2×10⁸ moves, 1.7 GB of them in memory).
pub const MAX_CONSTRUCTED: usize = 160_000;

/// Progress callback for pattern database builds.
pub type Progress<'a> = &'a (dyn Fn(&Pattern, Option<BuildProgress>) + Sync);

/// A move sequence from `from` to `to`, replayed before it is returned;
/// `Ok(Err(reason))` when `to` cannot be reached.
///
/// Boards with at most two million arrangements are searched breadth
/// first (shortest). Otherwise, with `options.optimal`, rectangles with
/// distinct tokens are searched by IDA* with pattern databases (up to 32
/// cells) or Manhattan distance and linear conflicts; without it, 2-D
/// boxes of any size get a constructive solution line by line, other
/// boards one block of the block-cut tree at a time.
///
/// ```
/// use npuzzle_core::{Board, Arrangement, solve::{solve, Options}};
/// let board = Board::grid(&[3, 3]).unwrap();
/// let from: Arrangement = "8 2 0/4 6 1/3 7 5".parse().unwrap();
/// let s = solve(&board, &from, &Arrangement::solved(9), Options::default(), &|_, _| {})
///     .unwrap()
///     .unwrap();
/// assert_eq!(s.moves.len(), 24);
/// ```
pub fn solve(
    board: &Board,
    from: &Arrangement,
    to: &Arrangement,
    options: Options,
    progress: Progress,
) -> Result<Result<Solution, Reason>, Error> {
    if let Verdict::Unreachable(reason) = reach(board, from, to)? {
        return Ok(Err(reason));
    }
    let (a, b) = (from.tokens(), to.tokens());
    let solution = if bfs::small_enough(a) {
        bfs::shortest(board, a, b).expect("reachable")
    } else if !options.optimal {
        if board.cells() > MAX_CONSTRUCTED {
            return Err(Error::Unsupported(format!(
                "constructive solutions are built for boards of at most {MAX_CONSTRUCTED} cells \
                 (the moves, about 3 N^1.5, are held in memory)"
            )));
        }
        let moves = match board.box_dims() {
            Some(&[rows, cols]) => construct::solve_grid(rows, cols, a, b),
            _ => general::solve_graph(board, a, b).map_err(Error::Unsupported)?,
        };
        Solution {
            moves,
            optimal: false,
            nodes: 0,
        }
    } else {
        let Some((rows, cols)) = rectangle(board) else {
            return Err(Error::Unsupported(
                "shortest solutions are searched on rectangles and on boards with at most two \
                 million arrangements; this board is neither"
                    .into(),
            ));
        };
        if !distinct(a) {
            return Err(Error::Unsupported(
                "shortest solutions on boards this large need distinct tokens".into(),
            ));
        }
        let rect = Rect::new(rows, cols);
        let (tiles, blank_goal) = optimal::relabel(a, b);
        let max = options
            .max_pattern
            .unwrap_or_else(|| optimal::default_max_tiles(&rect));
        let heuristic = if rows * cols <= pdb::MAX_CELLS && max >= 2 {
            let patterns = optimal::partition(&rect, blank_goal, max);
            Heuristic::with_databases(&rect, blank_goal, &patterns, progress)?
        } else {
            Heuristic::manhattan(&rect, blank_goal)
        };
        optimal::ida_star(&heuristic, &tiles)
    };
    if let Err(why) = replay(board, a, b, &solution.moves) {
        return Err(Error::Internal(format!(
            "a solution failed its replay: {why}"
        )));
    }
    Ok(Ok(solution))
}

/// The rows and columns of a 2-D box with both sides at least 2, of at
/// most 64 cells.
fn rectangle(board: &Board) -> Option<(usize, usize)> {
    match board.box_dims()? {
        &[rows, cols] if rows >= 2 && cols >= 2 && rows * cols <= 64 => Some((rows, cols)),
        _ => None,
    }
}

fn distinct(tokens: &[Token]) -> bool {
    let mut sorted = tokens.to_vec();
    sorted.sort_unstable();
    sorted.windows(2).all(|w| w[0] != w[1])
}
