//! The board as the constructive solver sees it: each cell's token named
//! by its target cell, the blank's place, the cells already fixed, and
//! what a slide is worth to the moves still to come.

use crate::arrangement::{Token, blank_cell};
use crate::moves::Move;
use crate::solve::construct::slide_worth;

use super::strides;
use super::walk::DetourScratch;

/// The board as the solver sees it: each cell's token named by its
/// target cell.
pub(super) struct BoxState<'s> {
    pub(super) dims: Vec<usize>,
    pub(super) strides: Vec<usize>,
    /// `coords[cell * dims + k]`: the cell's coordinate along side `k`.
    pub(super) coords: Vec<u32>,
    /// `at[cell]`: the target of the token there (the blank's included).
    pub(super) at: Vec<u32>,
    /// `place[target]`: where that token is now.
    pub(super) place: Vec<u32>,
    pub(super) blank: usize,
    pub(super) fixed: Vec<bool>,
    pub(super) sink: &'s mut dyn FnMut(Move),
    /// Search scratch: generation stamps, parents, and each way's worth
    /// (see [`BoxState::worth`]).
    pub(super) stamp: Vec<u32>,
    pub(super) parent: Vec<u32>,
    pub(super) depth: Vec<u32>,
    pub(super) score: Vec<i32>,
    pub(super) detour: DetourScratch,
    pub(super) generation: u32,
    /// Along each side, the coordinate below which a cell is in the
    /// unsolved box's outer rings, the next slices (see
    /// [`URGENT_FRACTION`]).
    soon_below: Vec<usize>,
}

/// What a token's slides are worth, per side ([`BoxState::worth`]): its
/// longest remaining side, if one side is strictly the longest, and the
/// weight of its slides, 2 for a token bound for the outer rings of the
/// unsolved box, which the next slices fill (its walk is soon, and
/// nothing else will bring it nearer first), else 1.
#[derive(Clone, Copy, Default)]
pub(super) struct Aim {
    longest: Option<usize>,
    weight: i32,
}

/// How many outer rings of the unsolved box have their tokens' slides
/// weigh double ([`BoxState::worth`]): a sixth of its shortest side (none
/// on boxes narrower than six). Random n×n boxes (two seeded 100×100, six
/// 30×30, with the rest of the solver as then, at least two rings): two
/// rings 1.514 n³ on 100×100, 1.584 on 30×30; three 1.508, 1.584; six
/// 1.496, 1.582; ten 1.486, 1.618; sixteen 1.487, 1.651; a sixth of the
/// side 1.483, 1.573 (an eighth 1.483, 1.584; a quarter 1.487, 1.575).
/// None at all: 1.609 → 1.584 in the first measure, before the detours'
/// changes. At least two rings, as first, made small boxes' answers
/// longer (there they are most of the box): thirty random states each,
/// 4×6 7%, 3×7 6% and 6×6 4% longer than with a sixth of the side alone.
const URGENT_FRACTION: usize = 6;

impl<'s> BoxState<'s> {
    /// `targets[cell]`: where the token on `cell` must go (the blank's
    /// included); `from` tells which cell holds the blank.
    pub(super) fn new(
        dims: &[usize],
        targets: Vec<u32>,
        from: &[Token],
        sink: &'s mut dyn FnMut(Move),
    ) -> Self {
        let n = targets.len();
        let mut place = vec![0; n];
        for (cell, &t) in targets.iter().enumerate() {
            place[t as usize] = cell as u32;
        }
        let strides = strides(dims);
        let mut coords = Vec::with_capacity(n * dims.len());
        for c in 0..n {
            for (k, &d) in dims.iter().enumerate() {
                coords.push(((c / strides[k]) % d) as u32);
            }
        }
        BoxState {
            dims: dims.to_vec(),
            strides,
            coords,
            at: targets,
            place,
            blank: blank_cell(from),
            fixed: vec![false; n],
            sink,
            stamp: vec![0; n],
            parent: vec![0; n],
            depth: vec![0; n],
            score: vec![0; n],
            detour: DetourScratch::default(),
            generation: 0,
            soon_below: vec![0; dims.len()],
        }
    }

    pub(super) fn coord(&self, c: usize, k: usize) -> usize {
        self.coords[c * self.dims.len() + k] as usize
    }

    /// The neighbour of `c` in direction `dir` (side `dir / 2`, down or
    /// up by `dir % 2`), if on the board.
    pub(super) fn step(&self, c: usize, dir: usize) -> Option<usize> {
        let k = dir / 2;
        let x = self.coord(c, k);
        if dir.is_multiple_of(2) {
            (x > 0).then(|| c - self.strides[k])
        } else {
            (x + 1 < self.dims[k]).then(|| c + self.strides[k])
        }
    }

    pub(super) fn neighbours(&self, c: usize) -> impl Iterator<Item = usize> + '_ {
        (0..2 * self.dims.len()).filter_map(move |dir| self.step(c, dir))
    }

    pub(super) fn distance(&self, a: usize, b: usize) -> usize {
        let d = self.dims.len();
        self.coords[a * d..a * d + d]
            .iter()
            .zip(&self.coords[b * d..b * d + d])
            .map(|(&x, &y)| x.abs_diff(y) as usize)
            .sum()
    }

    /// The token on `cell` (next to the blank) slides into the blank.
    pub(super) fn slide(&mut self, cell: usize) {
        debug_assert_eq!(self.distance(cell, self.blank), 1);
        (self.sink)(Move {
            from: cell as u32,
            to: self.blank as u32,
        });
        let (t, b) = (self.at[cell], self.at[self.blank]);
        self.at.swap(cell, self.blank);
        self.place[t as usize] = self.blank as u32;
        self.place[b as usize] = cell as u32;
        self.blank = cell;
    }

    pub(super) fn free(&self, c: usize, avoid: &[usize]) -> bool {
        !self.fixed[c] && !avoid.contains(&c)
    }

    /// What sliding the token on `c` one step along side `k`, to `w`,
    /// does for the moves still to come ([`slide_worth`]), `aim` being
    /// the token's ([`BoxState::aim`]).
    pub(super) fn worth(&self, c: usize, k: usize, w: usize, aim: Aim) -> i32 {
        let x = self.coord(self.at[c] as usize, k);
        let closer = x.abs_diff(self.coord(w, k)) < x.abs_diff(self.coord(c, k));
        slide_worth(aim.longest == Some(k), closer) * aim.weight
    }

    /// What [`BoxState::worth`] needs of the token on `c`, found once for
    /// all its slides a search weighs.
    pub(super) fn aim(&self, c: usize) -> Aim {
        let target = self.at[c] as usize;
        let soon = (0..self.dims.len()).any(|j| self.coord(target, j) < self.soon_below[j]);
        Aim {
            longest: self.longest_side(c),
            weight: if soon { 2 } else { 1 },
        }
    }

    /// Notes the unsolved box `lo..=hi`, whose outer rings' tokens weigh
    /// more in [`BoxState::worth`].
    pub(super) fn set_unsolved(&mut self, lo: &[usize], hi: &[usize]) {
        let shortest = (0..self.dims.len())
            .map(|k| hi[k] + 1 - lo[k])
            .min()
            .unwrap_or(1);
        let rings = shortest / URGENT_FRACTION;
        for (below, &lo) in self.soon_below.iter_mut().zip(lo) {
            *below = lo + rings;
        }
    }

    /// The side along which the token on `c` is furthest from its target,
    /// if one side is strictly the furthest.
    fn longest_side(&self, c: usize) -> Option<usize> {
        let t = self.at[c] as usize;
        let mut best = (0, None);
        for k in 0..self.dims.len() {
            let along = self.coord(t, k).abs_diff(self.coord(c, k));
            if along > best.0 {
                best = (along, Some(k));
            } else if along == best.0 {
                best.1 = None;
            }
        }
        best.1
    }

    /// The cells of the sub-box `lo..=hi`, in reading order, found from
    /// their coordinates (not by scanning the board).
    pub(super) fn cells_in(&self, lo: &[usize], hi: &[usize]) -> Vec<usize> {
        let mut cells = vec![0usize];
        for k in 0..self.dims.len() {
            cells = cells
                .iter()
                .flat_map(|&c| (lo[k]..=hi[k]).map(move |x| c + x * self.strides[k]))
                .collect();
        }
        cells
    }
}
