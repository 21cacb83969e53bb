//! Several blanks on a connected part with cut cells: the goal's blanks
//! are first carried into a core of cells with room (`core_cells`), then the
//! goal's token cells outside it are filled one at a time, farthest from
//! the core first, each then taken off the board, until what is left is
//! small, a path or a cycle, or 2-connected (see `solve_direct`); a
//! region of at most 32 cells left over is sorted by swaps (`sort`).
//!
//! A cell `t` is filled by walking the token that belongs there with the
//! planner (`plan`); `t` must not cut the cells left apart. Walking one
//! token shuffles the others, and taking `t` off can split a class of
//! tokens (a junction may lose its room, a corridor grow), so each
//! filling is tried on a copy and kept only when the decision says that
//! the cells left can still be solved: the method never gives a wrong
//! answer, and it gives up (a [`Limit`]) only when no cell tried works
//! and what is left is too big to sort.

use std::collections::VecDeque;

use super::core_cells;
use super::plan::{plan, realize};
use super::shape::Shape;
use super::solving::Work;
use super::sort;
use super::{Part, solve_direct};
use crate::arrangement::{BLANK, Token};
use crate::board::{Board, Cell};
use crate::moves::Move;
use crate::solve::error::Limit;

/// The most cells a part may have for this method (each filling plans
/// over the whole part).
pub(crate) const MAX_PEELED: usize = 4_000;

/// The most arrangements of the cells left searched breadth first: more
/// are sorted faster.
const SEARCHED: u128 = 50_000;

/// Cells tried for each filling, and tokens tried for each cell, at
/// first; when none of those works, every cell and token is tried.
const CELLS_TRIED: usize = 12;
const TOKENS_TRIED: usize = 4;

/// Moves taking `from` to `to` (reachable, several blanks) on a
/// connected board.
pub(super) fn solve(board: &Board, from: &[Token], to: &[Token]) -> Result<Vec<Move>, Limit> {
    if board.cell_count() > MAX_PEELED {
        return Err(Limit::SeveralBlanksPartTooBig {
            cells: board.cell_count(),
            max: MAX_PEELED,
        });
    }
    let m = from.iter().filter(|&&t| t == BLANK).count();
    let core = core_cells::choose(board, m);
    let (goal, back) = core_cells::blanks_into(board, to, &core);
    let mut moves = peel(board, from, &goal, &core, m)?;
    moves.extend(back);
    Ok(moves)
}

/// Peels every cell off the core, farthest first, then finishes the
/// core: directly, by sorting when it is small, else by peeling its own
/// token cells too (farthest from the goal's blanks first).
fn peel(
    board: &Board,
    from: &[Token],
    to: &[Token],
    core: &[bool],
    m: usize,
) -> Result<Vec<Move>, Limit> {
    let mut work = Work::new(board, from);
    let mut live = vec![true; board.cell_count()];
    let mut m = m;
    loop {
        let cells: Vec<Cell> = (0..board.cell_count() as Cell)
            .filter(|&c| live[c as usize])
            .collect();
        let part = Part::new(board, &cells);
        let (a, b) = (part.pick(&work.tokens), part.pick(to));
        if let Some(moves) = solve_direct(&part.board, &a, &b, SEARCHED) {
            work.moves.extend(part.moves_back(moves?));
            return Ok(work.moves);
        }
        let outside = cells.iter().any(|&c| !core[c as usize]);
        let small = cells.len() <= sort::MAX_SORTED_CELLS;
        let next = match (outside, small) {
            (true, _) => fill_one(&work, &mut live, &cells, to, |c| core[c as usize], m),
            // In the core, with no token cell to fill that cuts nothing (a
            // tree whose leaves are all the goal's blanks, say), a blank
            // leaf is filled with a blank and taken off instead.
            (false, false) => {
                fill_one(&work, &mut live, &cells, to, |c| to[c as usize] == BLANK, m).or_else(
                    || {
                        let next = fill_blank(&work, &mut live, &cells, to)?;
                        m -= 1;
                        Some(next)
                    },
                )
            }
            (false, true) => None,
        };
        let Some(next) = next else {
            let moves = small
                .then(|| sort::sort(&part.board, &a, &b))
                .flatten()
                .ok_or(Limit::SeveralBlanks {
                    cells: cells.len(),
                    max: sort::MAX_SORTED_CELLS,
                })?;
            work.moves.extend(part.moves_back(moves));
            return Ok(work.moves);
        };
        work.tokens = next.tokens;
        work.moves.extend(next.moves);
    }
}

/// Fills one cell and takes it off (`live`): the moves, on a copy of
/// `solving`, or `None` when no cell tried leaves a solvable rest. The
/// cells tried are the goal's token cells that are not `kept` and cut
/// nothing, farthest from the `kept` ones first.
fn fill_one<'b>(
    work: &Work<'b>,
    live: &mut [bool],
    cells: &[Cell],
    to: &[Token],
    kept: impl Fn(Cell) -> bool,
    m: usize,
) -> Option<Work<'b>> {
    fill_one_of(work, live, cells, to, &kept, m, (CELLS_TRIED, TOKENS_TRIED))
        .or_else(|| fill_one_of(work, live, cells, to, &kept, m, (usize::MAX, usize::MAX)))
}

/// [`fill_one`], trying at most `tried.0` cells and `tried.1` tokens for
/// each.
fn fill_one_of<'b>(
    work: &Work<'b>,
    live: &mut [bool],
    cells: &[Cell],
    to: &[Token],
    kept: &impl Fn(Cell) -> bool,
    m: usize,
    tried: (usize, usize),
) -> Option<Work<'b>> {
    let board = work.board;
    let shape = Shape::new(board, live, cells[0]);
    let far = distances(board, live, cells.iter().copied().filter(|&c| kept(c)));
    let mut targets: Vec<Cell> = cells
        .iter()
        .copied()
        .filter(|&c| !kept(c) && to[c as usize] != BLANK && !shape.is_cut(c))
        .collect();
    targets.sort_by_key(|&c| (std::cmp::Reverse(far[c as usize]), c));
    for &t in targets.iter().take(tried.0) {
        let near = distances(board, live, [t].into_iter());
        let mut sources: Vec<Cell> = cells
            .iter()
            .copied()
            .filter(|&z| work.tokens[z as usize] == to[t as usize])
            .collect();
        sources.sort_by_key(|&z| (near[z as usize], z));
        for &z in sources.iter().take(tried.1) {
            let mut trial = Work::new(board, &work.tokens);
            if z != t {
                let Some(steps) = plan(&shape, &trial, z, t, m) else {
                    continue;
                };
                realize(&mut trial, &shape, z, &steps);
            }
            live[t as usize] = false;
            if rest_solvable(board, live, &trial.tokens, to) {
                return Some(trial);
            }
            live[t as usize] = true;
        }
    }
    None
}

/// Fills a cell of the goal's blanks that cuts nothing with the nearest
/// blank (the tokens on the way each step once towards where it was) and
/// takes it off (`live`): the moves, on a copy of `work`, or `None` when
/// no such cell leaves a solvable rest.
fn fill_blank<'b>(
    work: &Work<'b>,
    live: &mut [bool],
    cells: &[Cell],
    to: &[Token],
) -> Option<Work<'b>> {
    let board = work.board;
    let shape = Shape::new(board, live, cells[0]);
    let targets = cells
        .iter()
        .copied()
        .filter(|&c| to[c as usize] == BLANK && !shape.is_cut(c));
    for t in targets {
        let mut trial = Work::new(board, &work.tokens);
        // The nearest blank: every cell between holds a token.
        let near = distances(board, live, [t].into_iter());
        let z = cells
            .iter()
            .copied()
            .filter(|&z| trial.tokens[z as usize] == BLANK)
            .min_by_key(|&z| (near[z as usize], z))?;
        let mut at = z;
        while at != t {
            let back = board
                .neighbours(at)
                .iter()
                .copied()
                .find(|&w| {
                    live[w as usize] && near[w as usize].checked_add(1) == Some(near[at as usize])
                })
                .expect("a cell nearer t");
            trial.slide(back, at);
            at = back;
        }
        live[t as usize] = false;
        if rest_solvable(board, live, &trial.tokens, to) {
            return Some(trial);
        }
        live[t as usize] = true;
    }
    None
}

/// Whether the live cells can go from `tokens` to `to`.
fn rest_solvable(board: &Board, live: &[bool], tokens: &[Token], to: &[Token]) -> bool {
    let cells: Vec<Cell> = (0..board.cell_count() as Cell)
        .filter(|&c| live[c as usize])
        .collect();
    let part = Part::new(board, &cells);
    crate::reach::decide(&part.board, &part.pick(tokens), &part.pick(to)).is_reachable()
}

/// Breadth-first distances through live cells from `sources`
/// (`usize::MAX` where none reaches).
fn distances(board: &Board, live: &[bool], sources: impl Iterator<Item = Cell>) -> Vec<usize> {
    let mut dist = vec![usize::MAX; board.cell_count()];
    let mut queue = VecDeque::new();
    for s in sources {
        dist[s as usize] = 0;
        queue.push_back(s);
    }
    while let Some(v) = queue.pop_front() {
        for &w in board.neighbours(v) {
            if live[w as usize] && dist[w as usize] == usize::MAX {
                dist[w as usize] = dist[v as usize] + 1;
                queue.push_back(w);
            }
        }
    }
    dist
}
