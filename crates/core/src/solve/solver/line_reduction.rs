//! Near-shortest answers on rectangles too big or too thin for one
//! weighted A* search (6×6, 5×6, 4×8, 3×12, 2×16): the rectangle is
//! reduced line by line by the constructive solver until what is left is
//! a rectangle searched well (at most 16 cells: shortest; at most 25 with
//! both sides at least 4: near-shortest), which is then solved by search.
//!
//! The constructive solver fills lines towards the bottom-right corner
//! and ends with the blank there, so the goal is first changed into one
//! with the blank in that corner (the blank walked down, then right), and
//! the answer ends with the walk back.

use super::{Solver, rectangle};
use crate::arrangement::{Arrangement, BLANK, Token};
use crate::board::Board;
use crate::moves::Move;
use crate::solve::Found;
use crate::solve::construct::boxes;
use crate::solve::error::SolveError;
use crate::solve::search::ida::{self, Heuristic, Rectangle};

/// Whether one weighted A* search does well on `rows` × `cols`: the
/// 24-puzzle and smaller rectangles with both sides at least 4.
pub(super) fn searched_whole(rows: usize, cols: usize) -> bool {
    rows * cols <= 25 && rows.min(cols) >= 4
}

/// Where the reduction stops: a rectangle solved by search (two-wide
/// ones at 2×7: the shortest search on 2×8 can take seconds).
fn small_enough(rows: usize, cols: usize) -> bool {
    let most = if rows.min(cols) == 2 { 14 } else { 16 };
    rows * cols <= most || searched_whole(rows, cols)
}

impl Solver<'_> {
    /// A solution of `a` → `b` on a rectangle: lines filled constructively,
    /// the rest searched; and a lower bound of the shortest length
    /// (Manhattan distance with linear conflicts).
    pub(super) fn reduced(
        &self,
        board: &Board,
        a: &[Token],
        b: &[Token],
    ) -> Result<(Found, u64), SolveError> {
        let (rows, cols) = rectangle(board).expect("a rectangle");
        let n = rows * cols;
        // The goal with the blank walked to the far corner, and the walk.
        let (walk, cornered) = boxes::cornered(&[rows, cols], b);
        let (mut moves, left_rows, left_cols) = fill_lines(rows, cols, a, &cornered);
        let mut state = a.to_vec();
        for m in &moves {
            state.swap(m.from as usize, m.to as usize);
        }
        // The rest, a box in the bottom-right corner.
        let (top, left) = (rows - left_rows, cols - left_cols);
        let cell = |i: usize, j: usize| (top + i) * cols + left + j;
        let part = |tokens: &[Token]| -> Arrangement {
            Arrangement::new(
                (0..left_rows)
                    .flat_map(|i| (0..left_cols).map(move |j| (i, j)))
                    .map(|(i, j)| tokens[cell(i, j)])
                    .collect(),
            )
        };
        let rest = Board::new_box(&[left_rows, left_cols])?;
        let solved = self.solve(&rest, &part(&state), &part(&cornered))?;
        let on_board = |c: u32| cell(c as usize / left_cols, c as usize % left_cols) as u32;
        moves.extend(solved.moves().iter().map(|m| Move {
            from: on_board(m.from),
            to: on_board(m.to),
        }));
        // The walk back: the blank returns to its goal.
        for step in walk.windows(2).rev() {
            moves.push(Move {
                from: step[0] as u32,
                to: step[1] as u32,
            });
        }
        debug_assert_eq!(walk.last().copied(), Some(n - 1));
        let (tiles, blank_goal) = ida::relabel(a, b);
        let lower_bound =
            Heuristic::manhattan(&Rectangle::new(rows, cols), blank_goal).value(&tiles);
        debug_assert!(a.iter().filter(|&&t| t == BLANK).count() == 1);
        Ok((
            Found {
                moves,
                optimal: false,
                nodes: solved.nodes(),
            },
            lower_bound as u64,
        ))
    }
}

/// Lines of `a` filled towards `goal` by the constructive solver until
/// the rest is small enough: the moves, and the rows and columns left in
/// the bottom-right corner. The slices are taken as the solver takes them
/// (the longer side, rows on ties).
fn fill_lines(rows: usize, cols: usize, a: &[Token], goal: &[Token]) -> (Vec<Move>, usize, usize) {
    let mut moves = Vec::new();
    let (mut left_rows, mut left_cols) = (rows, cols);
    let mut between = |_, _| {
        if left_rows >= left_cols {
            left_rows -= 1;
        } else {
            left_cols -= 1;
        }
        !small_enough(left_rows, left_cols)
    };
    if !small_enough(rows, cols) {
        boxes::solve_box_into(&[rows, cols], a, goal, &mut |m| moves.push(m), &mut between);
    }
    (moves, left_rows, left_cols)
}
