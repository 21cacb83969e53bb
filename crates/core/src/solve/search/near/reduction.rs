//! Near-shortest answers on rectangles too big or too thin for one
//! weighted A* search (6×6, 7×7, 5×6, 4×8, 3×12, 2×16, …): the rectangle
//! is reduced line by line, each line filled a few tiles at a time by a
//! shortest placement of those tiles, until what is left is a rectangle
//! searched well (at most 16 cells: shortest; at most 25 with both sides
//! at least 4: near-shortest; on boards past 8×8, the last 8×8, searched
//! by a beam; the caller's `reduction_stops` says), which is then solved
//! by search.
//!
//! On 9×9 to 12×12 a descent comes first (see `search::beam`): a beam
//! brings the estimate down to a fifth, and the reduction starts from
//! there, where most tiles are near their cells.
//!
//! Lines are filled towards the bottom-right corner, where the blank
//! ends, so the goal is first changed into one with the blank in that
//! corner (the blank walked down, then right), and the answer ends with
//! the walk back.

use super::Context;
use crate::arrangement::{BLANK, Token};
use crate::moves::{Move, cornered};
use crate::solve::Found;
use crate::solve::error::SolveError;
use crate::solve::search::rectangle::{self, Heuristic, Rectangle};
use crate::solve::search::{beam, placement, played};
use crate::stop::Stop;

impl Context<'_> {
    /// A solution of `a` → `b` on a rectangle: lines filled by shortest
    /// placements (of three tiles at a time on big rectangles only where
    /// `descended`: `a` is where a descent ended), the rest searched
    /// within `guard` (its deadline), its end searched again shortest
    /// where `end` says; and a lower bound of the shortest length
    /// (Manhattan distance with linear conflicts).
    fn reduced(
        &self,
        (rows, cols): (usize, usize),
        (a, b): (&[Token], &[Token]),
        (guard, descended, end): (Stop, bool, bool),
    ) -> Result<(Found, u64), SolveError> {
        let n = rows * cols;
        // The goal with the blank walked to the far corner, and the walk.
        let (walk, cornered) = cornered(&[rows, cols], b);
        let stops = self.reduction_stops;
        let (mut moves, left_rows, left_cols) =
            fill_lines(rows, cols, a, &cornered, stops, descended);
        let state = played(a, &moves);
        // The rest, a box in the bottom-right corner.
        let (top, left) = (rows - left_rows, cols - left_cols);
        let cell = |i: usize, j: usize| (top + i) * cols + left + j;
        let corner = |tokens: &[Token]| -> Vec<Token> {
            (0..left_rows)
                .flat_map(|i| (0..left_cols).map(move |j| (i, j)))
                .map(|(i, j)| tokens[cell(i, j)])
                .collect()
        };
        let rest = (&corner(&state)[..], &corner(&cornered)[..]);
        let solved = (self.solve_rest)((left_rows, left_cols), rest, (guard.deadline, end))?;
        let on_board = |c: u32| cell(c as usize / left_cols, c as usize % left_cols) as u32;
        moves.extend(solved.moves.iter().map(|m| Move {
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
        debug_assert!(a.iter().filter(|&&t| t == BLANK).count() == 1);
        Ok((
            Found {
                moves,
                optimal: false,
                nodes: solved.nodes,
            },
            lower_bound(rows, cols, a, b),
        ))
    }

    /// [`reduced`](Self::reduced) after a descent where there is one: a
    /// beam brings the estimate down (see [`beam::Descent`]), and the
    /// reduction goes on from there. Where the clock stops the descent,
    /// the reduction starts from `a`. The rest's end is searched again
    /// shortest where `end` says.
    pub(crate) fn descended_and_reduced(
        &self,
        (rows, cols): (usize, usize),
        (a, b): (&[Token], &[Token]),
        (descent, end): (Option<beam::Descent>, bool),
        stop: Stop,
    ) -> Result<(Found, u64), SolveError> {
        let within = (stop, self.search_memory);
        let descended = descent.and_then(|d| beam::descend(rows, cols, (a, b), d, within));
        self.stop.check()?;
        let Some((mut moves, expanded)) = descended else {
            return self.reduced((rows, cols), (a, b), (stop, false, end));
        };
        let (rest, _) = self.reduced((rows, cols), (&played(a, &moves), b), (stop, true, end))?;
        moves.extend(rest.moves);
        let found = Found {
            moves,
            optimal: false,
            nodes: expanded + rest.nodes,
        };
        Ok((found, lower_bound(rows, cols, a, b)))
    }
}

/// A lower bound of the shortest length of `a` → `b`: Manhattan distance
/// with linear conflicts.
fn lower_bound(rows: usize, cols: usize, a: &[Token], b: &[Token]) -> u64 {
    let (tiles, blank_goal) = rectangle::relabel(a, b);
    let rect = Rectangle::new(rows, cols);
    u64::from(Heuristic::manhattan(&rect, blank_goal).value(&tiles))
}

/// The largest group of tiles placed by one search.
const GROUP_MOST: usize = 3;

/// Whether a group of three is placed by one search (else a tile and
/// then a pair) where the rectangle left to fill has `cells` cells:
/// where its states are few (at most 64 cells: 2²⁴ states), or after a
/// descent (see `search::beam`), which leaves the tiles near their
/// cells, so that a search reaches a few hundred thousand states at
/// most: on twenty uniformly random states each, 9×9 to 12×12 answers
/// came 3–4% shorter (12×12 2,284.8 → 2,214.7 moves, 5.6 → 6.1 s an
/// answer; see the performance docs). Elsewhere the tiles
/// are far from their cells: groups of three on 2×72 and 3×48 took 1.3
/// to 2 times the time (the most a search may reach, a million states,
/// often spent for nothing) for no fewer moves.
fn threes_placed_whole(cells: usize, descended: bool) -> bool {
    cells <= 64 || descended
}

/// Lines of `a` filled towards `goal` until the rest is small enough: the
/// moves, and the rows and columns left in the bottom-right corner. The
/// lines are taken as the constructive solver takes them (the longer
/// side, rows on ties), each filled a group of tiles at a time by a
/// shortest placement of the group with the tiles placed before held
/// fixed (see `search::placement`). A line's last tile never goes alone:
/// with its neighbours fixed it could only be put there by moving one
/// of them. Groups of three are searched whole as
/// [`threes_placed_whole`] says.
fn fill_lines(
    rows: usize,
    cols: usize,
    a: &[Token],
    goal: &[Token],
    reduction_stops: fn((usize, usize), (usize, usize)) -> bool,
    descended: bool,
) -> (Vec<Move>, usize, usize) {
    let mut state = a.to_vec();
    let mut fixed = vec![false; rows * cols];
    let mut moves = Vec::new();
    let (mut top, mut left) = (0, 0);
    while !reduction_stops((rows, cols), (rows - top, cols - left)) {
        let line: Vec<usize> = if rows - top >= cols - left {
            (left..cols).map(|j| top * cols + j).collect()
        } else {
            (top..rows).map(|i| i * cols + left).collect()
        };
        let threes = threes_placed_whole((rows - top) * (cols - left), descended);
        for group in line_groups(&line, GROUP_MOST) {
            place_and_fix(
                (rows, cols, threes),
                (&mut state, &mut fixed, &mut moves),
                goal,
                group,
            );
        }
        if rows - top >= cols - left {
            top += 1;
        } else {
            left += 1;
        }
    }
    (moves, rows - top, cols - left)
}

/// The moves that place the tiles of `goal` on the cells of `group`,
/// the fixed cells kept: a shortest placement of the whole group (of
/// three only where `threes`), or where that search grows too big, of
/// its parts one after the other.
fn place_group(
    (rows, cols, threes): (usize, usize, bool),
    state: &[Token],
    fixed: &[bool],
    goal: &[Token],
    group: &[usize],
) -> Vec<Move> {
    let tiles: Vec<(Token, usize)> = group.iter().map(|&c| (goal[c], c)).collect();
    if (group.len() <= 2 || threes)
        && let Some(placed) = placement::place(rows, cols, state, fixed, &tiles)
    {
        return placed;
    }
    assert!(group.len() > 2, "a pair of a line can always be placed");
    let mut state = state.to_vec();
    let mut fixed = fixed.to_vec();
    let mut moves = Vec::new();
    for part in line_groups(group, group.len() - 1) {
        place_and_fix(
            (rows, cols, threes),
            (&mut state, &mut fixed, &mut moves),
            goal,
            part,
        );
    }
    moves
}

/// Places `group` (see [`place_group`]), plays the moves on `state`,
/// adds them to `moves` and holds the group's cells fixed from then on.
fn place_and_fix(
    (rows, cols, threes): (usize, usize, bool),
    (state, fixed, moves): (&mut Vec<Token>, &mut Vec<bool>, &mut Vec<Move>),
    goal: &[Token],
    group: &[usize],
) {
    let placed = place_group((rows, cols, threes), state, fixed, goal, group);
    for m in &placed {
        state.swap(m.from as usize, m.to as usize);
    }
    moves.extend(placed);
    for &c in group {
        fixed[c] = true;
    }
}

/// A line cut into groups of at most `most` cells, in order, the last of
/// at least two cells.
fn line_groups(line: &[usize], most: usize) -> Vec<&[usize]> {
    let mut groups: Vec<&[usize]> = line.chunks(most.max(2)).collect();
    let k = groups.len();
    if k >= 2 && groups[k - 1].len() == 1 {
        // (…, g, 1) becomes (…, g - 1, 2).
        let end = line.len() - 2;
        let start = end + 1 - groups[k - 2].len();
        groups[k - 2] = &line[start..end];
        groups[k - 1] = &line[end..];
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_never_ends_with_a_group_of_one() {
        let line: Vec<usize> = (0..7).collect();
        let sizes = |most| {
            line_groups(&line, most)
                .iter()
                .map(|g| g.len())
                .collect::<Vec<_>>()
        };
        assert_eq!(sizes(3), vec![3, 2, 2]);
        assert_eq!(sizes(2), vec![2, 2, 1, 2]);
        assert_eq!(sizes(4), vec![4, 3]);
        assert_eq!(sizes(1), vec![2, 2, 1, 2]);
        let flat: Vec<usize> = line_groups(&line, 3).concat();
        assert_eq!(flat, line);
    }
}
