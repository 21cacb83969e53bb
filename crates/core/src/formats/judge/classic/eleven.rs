//! The Eleven Puzzle (AOJ 0190, HDU 3095): eleven cards and two blanks
//! on a diamond of 13 cells (rows of 1, 3, 5, 3 and 1, each cell next to
//! its neighbours up, down, left and right), solved when the blanks are
//! on the top and bottom cells and 1..11 in reading order between. The
//! question is the fewest moves if there are at most 20.
//!
//! Meet in the middle: every arrangement within 10 moves of the goal is
//! found once, by breadth-first search, with its distance; each case
//! then searches at most 10 moves from its start and adds the two
//! distances where the searches meet. Any way of at most 20 moves has a
//! middle arrangement at most 10 from either end, so the least sum is
//! the answer.

use rustc_hash::FxHashMap;

/// The diamond's cells, in reading order: (row, column) on a 5×5 grid.
const CELLS: [(i8, i8); 13] = [
    (0, 2),
    (1, 1),
    (1, 2),
    (1, 3),
    (2, 0),
    (2, 1),
    (2, 2),
    (2, 3),
    (2, 4),
    (3, 1),
    (3, 2),
    (3, 3),
    (4, 2),
];

/// The most moves an answer may have.
const MAX_MOVES: u32 = 20;
/// How far each side of the meeting searches.
const HALF: u32 = MAX_MOVES / 2;

/// An arrangement: the token on each cell, four bits a cell.
type Packed = u64;

fn pack(cells: &[u8; 13]) -> Packed {
    cells
        .iter()
        .rev()
        .fold(0, |acc, &t| (acc << 4) | Packed::from(t))
}

fn unpack(mut p: Packed) -> [u8; 13] {
    let mut cells = [0u8; 13];
    for c in &mut cells {
        *c = (p & 15) as u8;
        p >>= 4;
    }
    cells
}

/// Each cell's neighbours on the diamond.
fn neighbours() -> Vec<Vec<usize>> {
    CELLS
        .iter()
        .map(|&(r, c)| {
            CELLS
                .iter()
                .enumerate()
                .filter(|&(_, &(r2, c2))| (r - r2).abs() + (c - c2).abs() == 1)
                .map(|(i, _)| i)
                .collect()
        })
        .collect()
}

/// The arrangements one move from `p`: a card next to a blank slides in.
fn moves_from(p: Packed, next: &[Vec<usize>], out: &mut Vec<Packed>) {
    let cells = unpack(p);
    for (blank, &t) in cells.iter().enumerate() {
        if t != 0 {
            continue;
        }
        for &card in &next[blank] {
            if cells[card] != 0 {
                let mut moved = cells;
                moved.swap(blank, card);
                out.push(pack(&moved));
            }
        }
    }
}

/// Breadth-first search from `start` to `depth` moves: each arrangement
/// reached, with its distance.
fn within(start: Packed, depth: u32, next: &[Vec<usize>]) -> FxHashMap<Packed, u32> {
    let mut seen = FxHashMap::default();
    seen.insert(start, 0);
    let mut layer = vec![start];
    let mut step = Vec::new();
    for d in 1..=depth {
        let mut new_layer = Vec::new();
        for &p in &layer {
            step.clear();
            moves_from(p, next, &mut step);
            for &q in &step {
                seen.entry(q).or_insert_with(|| {
                    new_layer.push(q);
                    d
                });
            }
        }
        layer = new_layer;
    }
    seen
}

/// The solver: the goal's side of the search, made once.
pub(crate) struct Eleven {
    next: Vec<Vec<usize>>,
    near_goal: FxHashMap<Packed, u32>,
}

impl Eleven {
    pub(crate) fn new() -> Self {
        let next = neighbours();
        let near_goal = within(goal(), HALF, &next);
        Self { next, near_goal }
    }

    /// The fewest moves from `cells` (the token on each diamond cell in
    /// reading order: 1..11 once each, 0 twice) to the goal, if at most
    /// [`MAX_MOVES`].
    pub(crate) fn distance(&self, cells: &[u8; 13]) -> Option<u32> {
        within(pack(cells), HALF, &self.next)
            .iter()
            .filter_map(|(p, d)| self.near_goal.get(p).map(|rest| d + rest))
            .min()
    }
}

/// The goal: the blanks on the top and bottom cells, 1..11 between.
fn goal() -> Packed {
    let mut cells = [0u8; 13];
    for (cell, slot) in cells.iter_mut().enumerate().take(12).skip(1) {
        *slot = cell as u8;
    }
    pack(&cells)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_diamond_has_the_shape_of_the_problem() {
        let next = neighbours();
        // The centre touches four cells, the tips one.
        assert_eq!(next[6].len(), 4);
        assert_eq!((next[0].len(), next[12].len()), (1, 1));
        let edges: usize = next.iter().map(Vec::len).sum::<usize>() / 2;
        assert_eq!(edges, 16);
    }

    #[test]
    fn the_meeting_agrees_with_one_search_from_the_start() {
        let eleven = Eleven::new();
        let next = neighbours();
        let goal = goal();
        // Starts scrambled from the goal: their distance by a plain
        // breadth-first search from them, to 12 moves.
        let mut p = goal;
        let mut step = Vec::new();
        for k in 0..40usize {
            step.clear();
            moves_from(p, &next, &mut step);
            p = step[(k * 7 + 3) % step.len()];
            let plain = within(p, 12, &next).get(&goal).copied();
            let met = eleven.distance(&unpack(p));
            if let Some(d) = plain {
                assert_eq!(met, Some(d), "start {k}");
            } else {
                assert!(met.is_none_or(|m| m > 12), "start {k}");
            }
        }
    }
}
