//! The rectangle a search runs on: its sides, each cell's neighbours,
//! distances between cells and the reflection about the main diagonal.

use crate::solve::search::pdb;

/// A rectangle and its distance table.
#[derive(Clone, Debug)]
pub struct Rectangle {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    pub(super) neighbours: Vec<Vec<u8>>,
}

impl Rectangle {
    /// A rectangle of `rows` × `cols` cells (at most 64).
    pub fn new(rows: usize, cols: usize) -> Self {
        assert!((2..=64).contains(&(rows * cols)));
        Self {
            rows,
            cols,
            neighbours: pdb::grid_neighbours(rows, cols),
        }
    }

    pub(super) fn cell_count(&self) -> usize {
        self.rows * self.cols
    }

    pub(crate) fn distance(&self, a: u8, b: u8) -> u32 {
        let (a, b) = (a as usize, b as usize);
        ((a / self.cols).abs_diff(b / self.cols) + (a % self.cols).abs_diff(b % self.cols)) as u32
    }

    /// The cell mirrored about the main diagonal (square boards).
    pub(super) fn transpose(&self, c: u8) -> u8 {
        let c = c as usize;
        ((c % self.cols) * self.cols + c / self.cols) as u8
    }
}
