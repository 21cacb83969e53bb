//! The rectangle a database is built on, as bit masks of its cells: the
//! flood fill that finds the blank's region, and a region's slot.

use super::SLOTS;

/// The neighbours of each cell of a `rows` × `cols` rectangle: up, left,
/// right, down.
pub(crate) fn grid_neighbours(rows: usize, cols: usize) -> Vec<Vec<u8>> {
    (0..rows * cols)
        .map(|c| {
            let (r, col) = (c / cols, c % cols);
            let mut v = Vec::with_capacity(4);
            if r > 0 {
                v.push((c - cols) as u8);
            }
            if col > 0 {
                v.push((c - 1) as u8);
            }
            if col + 1 < cols {
                v.push((c + 1) as u8);
            }
            if r + 1 < rows {
                v.push((c + cols) as u8);
            }
            v
        })
        .collect()
}

/// Bit masks of a rectangle's cells, for flood fills.
pub(super) struct Geometry {
    cols: usize,
    pub(super) all: u64,
    /// Cells that have a left / right neighbour.
    has_left: u64,
    has_right: u64,
    pub(super) neighbours: Vec<Vec<u8>>,
}

impl Geometry {
    pub(super) fn new(rows: usize, cols: usize) -> Self {
        let n = rows * cols;
        let all = u64::MAX >> (64 - n);
        let (mut has_left, mut has_right) = (0u64, 0u64);
        for c in 0..n {
            if c % cols > 0 {
                has_left |= 1 << c;
            }
            if c % cols + 1 < cols {
                has_right |= 1 << c;
            }
        }
        Self {
            cols,
            all,
            has_left,
            has_right,
            neighbours: grid_neighbours(rows, cols),
        }
    }

    /// The connected region of `free` cells containing `start`.
    #[inline]
    pub(super) fn region(&self, start: u64, free: u64) -> u64 {
        let mut r = start & free;
        loop {
            let grown = (r
                | ((r & self.has_right) << 1)
                | ((r & self.has_left) >> 1)
                | (r << self.cols)
                | (r >> self.cols))
                & free;
            if grown == r {
                return r;
            }
            r = grown;
        }
    }

    /// The slot of `region`, a region of the `free` cells: how many other
    /// regions have a lower lowest cell (at most `SLOTS - 1`).
    #[inline]
    pub(super) fn slot(&self, region: u64, free: u64) -> usize {
        let mut below = free & ((1u64 << region.trailing_zeros()) - 1);
        let mut slot = 0;
        while below != 0 && slot < SLOTS - 1 {
            below &= !self.region(below & below.wrapping_neg(), free);
            slot += 1;
        }
        slot
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regions_follow_the_grid() {
        let g = Geometry::new(3, 3);
        // Free: the left column and the bottom row.
        let free = 0b111_001_001;
        assert_eq!(g.region(1, free), free);
        // The right column alone does not touch cell 0.
        assert_eq!(g.region(1, 0b100_100_101), 1);
    }

    #[test]
    fn slots_count_the_regions_below() {
        let g = Geometry::new(3, 3);
        // Free: cells 0, 2 and 8, three regions of one cell each.
        let free = 0b100_000_101;
        assert_eq!(g.slot(g.region(1, free), free), 0);
        assert_eq!(g.slot(g.region(1 << 2, free), free), 1);
        assert_eq!(g.slot(g.region(1 << 8, free), free), 2);
    }

    #[test]
    fn grid_neighbours_go_up_left_right_down() {
        let n = grid_neighbours(2, 3);
        assert_eq!(n[0], vec![1, 3]);
        assert_eq!(n[4], vec![1, 3, 5]);
    }
}
