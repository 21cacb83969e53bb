//! Solutions: move sequences, checked by replaying them before anyone
//! sees them.
//!
//! A move slides a token from a cell into the adjacent blank cell. The
//! solvers live in the submodules: [`optimal`] (shortest solutions by
//! IDA* with pattern databases on rectangles) and [`pdb`] (the pattern
//! databases themselves).

pub mod bfs;
pub mod construct;
pub mod error;
pub mod general;
pub mod optimal;
pub mod pdb;
mod three_cycles;

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

/// What sliding a token one step saves its later walks, in the units the
/// constructive solvers score the blank's ways by. A token is later walked
/// at about five moves a step along its longest remaining side and one
/// more for each step along the others (two diagonal steps cost three
/// each), so a step along its longest side (`longest`) counts five, any
/// other one; negative when the step takes it further from its target.
pub(crate) fn slide_worth(longest: bool, closer: bool) -> i32 {
    let weight = if longest { 5 } else { 1 };
    if closer { weight } else { -weight }
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
    let mut replayer = Replayer::new(board, from);
    for &m in moves {
        replayer.push(m);
    }
    replayer.finish(to)
}

/// Replays moves one at a time, as they come, keeping only the
/// arrangement: the check behind [`replay`] and the streaming solvers.
pub struct Replayer<'a> {
    board: &'a Board,
    state: Vec<Token>,
    count: u64,
    error: Option<String>,
}

impl<'a> Replayer<'a> {
    /// Starts from `from`.
    pub fn new(board: &'a Board, from: &[Token]) -> Replayer<'a> {
        Replayer {
            board,
            state: from.to_vec(),
            count: 0,
            error: None,
        }
    }

    /// Plays one move, remembering the first illegal one.
    pub fn push(&mut self, m: Move) {
        self.count += 1;
        if self.error.is_some() {
            return;
        }
        let (f, t) = (m.from as usize, m.to as usize);
        let i = self.count;
        self.error = if f >= self.state.len() || t >= self.state.len() {
            Some(format!("move {i} names a cell off the board"))
        } else if self.state[t] != BLANK {
            Some(format!("move {i}: cell {t} is not the blank"))
        } else if !self.board.adjacent(m.from, m.to) {
            Some(format!("move {i}: cells {f} and {t} are not adjacent"))
        } else {
            self.state.swap(f, t);
            None
        };
    }

    /// The number of moves played.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// Whether all moves were legal and they ended on `to`.
    pub fn finish(&self, to: &[Token]) -> Result<(), String> {
        if let Some(e) = &self.error {
            return Err(e.clone());
        }
        if self.state != to {
            return Err("the moves do not end on the target".into());
        }
        Ok(())
    }
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
    let mut out = Vec::new();
    let mut letters = Directions::default();
    for &m in moves {
        letters.push(board, m, &mut out).ok()??;
    }
    letters.finish(&mut out).ok()?;
    String::from_utf8(out).ok()
}

/// Writes moves as direction letters as they come, folding repeats.
#[derive(Default)]
pub struct Directions {
    run: Option<(u8, u64)>,
}

impl Directions {
    /// Adds one move; `Ok(None)` when the board is not a 2-D grid.
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
                "solutions held in memory are built for boards of at most {MAX_CONSTRUCTED} \
                 cells (the moves number about 3 N^1.5); larger boxes are solved by \
                 `solve_into`, which streams them"
            )));
        }
        let moves = match board.box_dims() {
            Some(dims) => construct::solve_box(dims, a, b),
            None => {
                general::solve_graph(board, a, b).map_err(|l| Error::Unsupported(l.to_string()))?
            }
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

/// What [`solve_into`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Summary {
    /// The number of moves.
    pub length: u64,
    /// Whether no shorter sequence exists.
    pub optimal: bool,
    /// Search nodes expanded, for optimal searches.
    pub nodes: u64,
}

/// Like [`solve`], but hands the moves to `out` one at a time, after they
/// have been replayed: constructive solutions on boxes are found
/// twice, once to replay them and once to hand them out, so that memory
/// does not grow with the number of moves (and boxes of any size can be
/// solved). `out` is called only for a replayed, correct sequence; when
/// it is `None`, only the count is wanted and the second pass is skipped.
pub fn solve_into(
    board: &Board,
    from: &Arrangement,
    to: &Arrangement,
    options: Options,
    progress: Progress,
    mut out: Option<&mut dyn FnMut(Move)>,
) -> Result<Result<Summary, Reason>, Error> {
    let (a, b) = (from.tokens(), to.tokens());
    let streaming = match board.box_dims() {
        Some(dims) if !options.optimal && !bfs::small_enough(a) => Some(dims),
        _ => None,
    };
    let Some(dims) = streaming else {
        return Ok(solve(board, from, to, options, progress)?.map(|solution| {
            if let Some(out) = out.as_mut() {
                for &m in &solution.moves {
                    out(m);
                }
            }
            Summary {
                length: solution.moves.len() as u64,
                optimal: solution.optimal,
                nodes: solution.nodes,
            }
        }));
    };
    if let Verdict::Unreachable(reason) = reach(board, from, to)? {
        return Ok(Err(reason));
    }
    let mut replayer = Replayer::new(board, a);
    construct::solve_box_into(dims, a, b, &mut |m| replayer.push(m));
    if let Err(why) = replayer.finish(b) {
        return Err(Error::Internal(format!(
            "a solution failed its replay: {why}"
        )));
    }
    if let Some(out) = out {
        construct::solve_box_into(dims, a, b, out);
    }
    Ok(Ok(Summary {
        length: replayer.count(),
        optimal: false,
        nodes: 0,
    }))
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
