//! What every search over whole arrangements of a rectangle shares
//! (IDA*, weighted A*, the beam, the windows, the line reduction): the
//! rectangle itself (its sides, each cell's neighbours, distances and
//! the reflection about the main diagonal, in this file), arrangements
//! relabelled by goal cells, and the heuristic:
//! - `heuristic`: pattern database values or Manhattan distance with
//!   linear conflicts, kept incrementally along a search;
//! - `partition`: which tiles each pattern database holds;
//! - `pattern_values`: a state's values per pattern, for searches that
//!   hold many states at once.

mod heuristic;
mod partition;
mod pattern_values;

pub(crate) use heuristic::{Heuristic, SearchState, line_conflicts};
pub(crate) use partition::{
    Sides, catalogue, compact_partition, default_max_tiles, partition, small_max_tiles,
    stronger_max_tiles,
};
pub(crate) use pattern_values::PatternValues;

use crate::moves::Move;
use crate::solve::search::pdb;

/// The blank's mark in a relabelled state.
pub(crate) const BLANK_MARK: u8 = u8::MAX;

/// The most cells of a rectangle the searches take (12×12): cells and
/// goal cells fit a byte, with [`BLANK_MARK`] to spare.
pub(crate) const MAX_CELLS: usize = 144;

/// A rectangle and its distance table.
#[derive(Clone, Debug)]
pub(crate) struct Rectangle {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    pub(crate) neighbours: Vec<Vec<u8>>,
    /// Each cell's row and column: read in the searches' inner loops,
    /// where a division by a width known only at run time is slow. Every
    /// byte has an entry: past the cells (the blank's mark among them)
    /// `u8::MAX`, no line's.
    row_of: [u8; 256],
    col_of: [u8; 256],
}

impl Rectangle {
    /// A rectangle of `rows` × `cols` cells (at most [`MAX_CELLS`]).
    pub(crate) fn new(rows: usize, cols: usize) -> Self {
        assert!((2..=MAX_CELLS).contains(&(rows * cols)));
        let (mut row_of, mut col_of) = ([u8::MAX; 256], [u8::MAX; 256]);
        for c in 0..rows * cols {
            (row_of[c], col_of[c]) = ((c / cols) as u8, (c % cols) as u8);
        }
        Self {
            rows,
            cols,
            neighbours: pdb::grid_neighbours(rows, cols),
            row_of,
            col_of,
        }
    }

    /// The row of cell `c`.
    pub(crate) fn row(&self, c: u8) -> usize {
        self.row_of[c as usize] as usize
    }

    /// The column of cell `c`.
    pub(crate) fn col(&self, c: u8) -> usize {
        self.col_of[c as usize] as usize
    }

    pub(crate) fn cell_count(&self) -> usize {
        self.rows * self.cols
    }

    pub(crate) fn distance(&self, a: u8, b: u8) -> u32 {
        (self.row(a).abs_diff(self.row(b)) + self.col(a).abs_diff(self.col(b))) as u32
    }

    /// The cell mirrored about the main diagonal (square boards).
    pub(crate) fn transpose(&self, c: u8) -> u8 {
        (self.col(c) * self.cols + self.row(c)) as u8
    }

    /// The pattern of the goal cells `cells` on this rectangle, with the
    /// blank's goal on `blank`.
    pub(crate) fn pattern(&self, cells: Vec<u8>, blank: u8) -> pdb::Pattern {
        pdb::Pattern {
            rows: self.rows,
            cols: self.cols,
            cells,
            blank,
        }
    }
}

/// Writes into `place` where each tile of `tiles` is, by its goal cell
/// (`place[t]` is the cell of the tile whose goal is `t`; the blank's
/// entry is at `blank_goal`): the inverse the pattern lookups read.
pub(crate) fn places(tiles: &[u8], blank_goal: u8, place: &mut [u8]) {
    for (cell, &t) in tiles.iter().enumerate() {
        place[if t == BLANK_MARK { blank_goal } else { t } as usize] = cell as u8;
    }
}

/// Relabels an arrangement pair for the search: `tiles[cell]` is the goal
/// cell of the token on `cell` (`BLANK_MARK` for the blank). Tokens must
/// be distinct.
pub(crate) fn relabel(from: &[u32], to: &[u32]) -> (Vec<u8>, u8) {
    let mut goal_of = std::collections::HashMap::new();
    for (cell, &t) in to.iter().enumerate() {
        goal_of.insert(t, cell as u8);
    }
    let tiles = from
        .iter()
        .map(|&t| if t == 0 { BLANK_MARK } else { goal_of[&t] })
        .collect();
    let blank_goal = goal_of[&0];
    (tiles, blank_goal)
}

/// The moves along a path of blank cells.
pub(crate) fn path_moves(path: &[u8]) -> Vec<Move> {
    path.windows(2)
        .map(|w| Move {
            from: w[1] as u32,
            to: w[0] as u32,
        })
        .collect()
}
