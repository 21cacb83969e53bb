//! Solutions with several blanks.
//!
//! Boxes: a path is solved token by token (`line`); any other box by the
//! one-blank box solver with the extra blanks as tokens of their own
//! (`dummies`), their moves dropped after. Other boards, one connected
//! part at a time (parts never exchange tokens): a part with one blank
//! by the one-blank solver, a small part by breadth-first search, a path
//! or a cycle token by token, a 2-connected part other than a cycle by
//! the one-blank solver with dummies, and any other part by the same
//! when no token has to pass a cut cell, else by `peel` (with `core_cells`
//! choosing where it ends, `plan` walking one token over `shape`, `solving`
//! moving tokens without names, and `sort` finishing small regions).
//! Shortest solutions with several blanks are a search: `search::ida_blanks`.

mod core_cells;
mod dummies;
mod line;
mod peel;
mod plan;
mod shape;
mod solving;
mod sort;

use crate::arrangement::{BLANK, Token};
use crate::board::{Board, Cell};
use crate::graph::Blocks;
use crate::moves::Move;
use crate::reach::Line;
use crate::solve::construct::{block_by_block, boxes, budget};
use crate::solve::error::Limit;
use crate::solve::search::bfs;

pub(crate) use dummies::reduce;

/// Moves taking `from` to `to` (a reachable pair with several blanks).
pub(crate) fn solve(board: &Board, from: &[Token], to: &[Token]) -> Result<Vec<Move>, Limit> {
    let mut moves = Vec::new();
    match board.box_dims() {
        Some(dims) => solve_box_into(board, dims, from, to, &mut |m| moves.push(m)),
        None => {
            for part in parts(board) {
                solve_part(board, &part, from, to, &mut moves)?;
            }
        }
    }
    Ok(moves)
}

/// The moves of [`solve`] on a box, handed to `out` as they come (the
/// same on every call): big boxes are streamed.
pub(crate) fn solve_box_into(
    board: &Board,
    dims: &[usize],
    from: &[Token],
    to: &[Token],
    out: &mut dyn FnMut(Move),
) {
    if dims.iter().filter(|&&d| d > 1).count() <= 1 {
        let cells: Vec<Cell> = (0..board.cell_count() as Cell).collect();
        let line = Line::of(board, &cells).expect("a box with one side is a path");
        line::solve_line(&line, from, to).into_iter().for_each(out);
        return;
    }
    let one_blank = |a: &[Token], b: &[Token]| crate::reach::decide(board, a, b).is_reachable();
    let reduced = reduce(board, from, to, one_blank).expect("a box reaches every arrangement");
    let mut filter = reduced.filter();
    let mut sink = |m| {
        if filter.keep(m) {
            out(m);
        }
    };
    boxes::solve_box_into(dims, &reduced.from, &reduced.to, &mut sink, &mut |_, _| {
        true
    });
    if let Some(m) = reduced.last {
        out(m);
    }
}

/// The cells of each connected part of the board, each part's list in
/// breadth-first order.
fn parts(board: &Board) -> Vec<Vec<Cell>> {
    let mut seen = vec![false; board.cell_count()];
    let mut parts = Vec::new();
    for start in 0..board.cell_count() {
        if seen[start] {
            continue;
        }
        seen[start] = true;
        let mut cells = vec![start as Cell];
        let mut i = 0;
        while i < cells.len() {
            for &w in board.neighbours(cells[i]) {
                if !seen[w as usize] {
                    seen[w as usize] = true;
                    cells.push(w);
                }
            }
            i += 1;
        }
        parts.push(cells);
    }
    parts
}

/// Some cells of a board as a board of their own (the edges among
/// them): its cells numbered in the order of `cells`.
struct Part {
    board: Board,
    cells: Vec<Cell>,
}

impl Part {
    fn new(board: &Board, cells: &[Cell]) -> Self {
        let mut local = vec![u32::MAX; board.cell_count()];
        for (i, &c) in cells.iter().enumerate() {
            local[c as usize] = i as u32;
        }
        let edges: Vec<(Cell, Cell)> = cells
            .iter()
            .flat_map(|&c| {
                let local = &local;
                board
                    .neighbours(c)
                    .iter()
                    .filter(move |&&w| c < w && local[w as usize] != u32::MAX)
                    .map(move |&w| (local[c as usize], local[w as usize]))
            })
            .collect();
        Self {
            board: Board::graph(cells.len(), &edges).expect("a part of a valid board"),
            cells: cells.to_vec(),
        }
    }

    fn pick(&self, tokens: &[Token]) -> Vec<Token> {
        self.cells.iter().map(|&c| tokens[c as usize]).collect()
    }

    /// Moves on the part as moves on the board.
    fn moves_back(&self, moves: Vec<Move>) -> impl Iterator<Item = Move> + '_ {
        moves.into_iter().map(|m| Move {
            from: self.cells[m.from as usize],
            to: self.cells[m.to as usize],
        })
    }
}

/// Solves one connected part, adding its moves (in the board's cells).
fn solve_part(
    board: &Board,
    cells: &[Cell],
    from: &[Token],
    to: &[Token],
    moves: &mut Vec<Move>,
) -> Result<(), Limit> {
    if cells.iter().all(|&c| from[c as usize] == to[c as usize]) {
        return Ok(());
    }
    let part = Part::new(board, cells);
    let (a, b) = (part.pick(from), part.pick(to));
    let local = match solve_direct(&part.board, &a, &b, bfs::MAX_STATES) {
        Some(moves) => moves?,
        None => solve_with_cuts(&part.board, &a, &b)?,
    };
    moves.extend(part.moves_back(local));
    Ok(())
}

/// Moves on a connected board with at least one blank, by the direct
/// methods: breadth-first search on a board with at most `searched`
/// arrangements, the one-blank solver
/// with one blank, a path or a cycle token by token, a 2-connected board
/// by the one-blank solver with dummies. `None` for a board with cut
/// cells and too many arrangements.
fn solve_direct(
    board: &Board,
    from: &[Token],
    to: &[Token],
    searched: u128,
) -> Option<Result<Vec<Move>, Limit>> {
    if from == to {
        return Some(Ok(Vec::new()));
    }
    if bfs::within(from, searched) {
        return Some(Ok(bfs::shortest(board, from, to).expect("reachable").moves));
    }
    if from.iter().filter(|&&t| t == BLANK).count() == 1 {
        return Some(block_by_block::solve_graph(board, from, to));
    }
    let cells: Vec<Cell> = (0..board.cell_count() as Cell).collect();
    if let Some(line) = Line::of(board, &cells) {
        return Some(Ok(line::solve_line(&line, from, to)));
    }
    if Blocks::rooted(board, 0).blocks.len() > 1 {
        return None;
    }
    // 2-connected, not a cycle, and too big for θ0.
    Some(with_dummies(board, from, to).expect("2-connected: every arrangement"))
}

/// The one-blank solver with all blanks but one as dummies, when that
/// question is reachable.
fn with_dummies(board: &Board, from: &[Token], to: &[Token]) -> Option<Result<Vec<Move>, Limit>> {
    let one_blank = |a: &[Token], b: &[Token]| crate::reach::decide(board, a, b).is_reachable();
    let reduced = reduce(board, from, to, one_blank)?;
    let mut filter = reduced.filter();
    // Past the length, the peeling may still do better.
    let solved = budget::attempt(|| block_by_block::solve_graph(board, &reduced.from, &reduced.to))
        .unwrap_or_else(|max| Err(Limit::TooManyMoves { max }));
    Some(solved.map(|moves| {
        let mut moves: Vec<Move> = moves.into_iter().filter(|&m| filter.keep(m)).collect();
        moves.extend(reduced.last);
        moves
    }))
}

/// A connected board with cut cells: the one-blank solver with dummies
/// when no token has to pass a cut cell that one blank cannot, else the
/// peeling.
fn solve_with_cuts(board: &Board, from: &[Token], to: &[Token]) -> Result<Vec<Move>, Limit> {
    if let Some(Ok(moves)) = with_dummies(board, from, to) {
        return Ok(moves);
    }
    peel::solve(board, from, to)
}
