//! The 3×3 puzzle ("Eight") by table: breadth-first search from a goal
//! over all 181,440 arrangements it reaches gives each its distance, and
//! a shortest answer walks down the distances, taking among the moves
//! that go one nearer the first in a given order of letters. With the
//! order `d l r u` that is the lexicographically smallest shortest
//! answer (HDU 3567).

/// A 3×3 arrangement: the tile on each cell, 0 the blank.
pub(crate) type Grid = [u8; 9];

/// Which way the blank moves, and its letter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// Up: the blank swaps with the tile above it.
    Up,
    /// Down.
    Down,
    /// Left.
    Left,
    /// Right.
    Right,
}

impl Step {
    /// The blank's new cell, if the step stays on the board.
    fn from(self, blank: usize) -> Option<usize> {
        let (r, c) = (blank / 3, blank % 3);
        match self {
            Self::Up => (r > 0).then(|| blank - 3),
            Self::Down => (r < 2).then(|| blank + 3),
            Self::Left => (c > 0).then(|| blank - 1),
            Self::Right => (c < 2).then(|| blank + 1),
        }
    }
}

/// The four steps in the order of HDU 3567's letters: `d < l < r < u`.
pub(crate) const LEXICOGRAPHIC: [Step; 4] = [Step::Down, Step::Left, Step::Right, Step::Up];

/// 9! arrangements, numbered by their rank among the permutations.
const PERMUTATIONS: usize = 362_880;
/// Not reached from the goal.
const FAR: u8 = u8::MAX;

/// The rank of a permutation of 0..9 (its Lehmer code).
fn rank(grid: &Grid) -> usize {
    let mut r = 0;
    for i in 0..9 {
        let smaller_after = grid[i + 1..].iter().filter(|&&x| x < grid[i]).count();
        r = r * (9 - i) + smaller_after;
    }
    r
}

/// The distances to one goal of every arrangement.
pub(crate) struct Table {
    distance: Vec<u8>,
}

impl Table {
    /// Breadth-first search from `goal` (a permutation of 0..9).
    pub(crate) fn new(goal: &Grid) -> Self {
        let mut distance = vec![FAR; PERMUTATIONS];
        distance[rank(goal)] = 0;
        let mut layer = vec![*goal];
        let mut d = 0u8;
        while !layer.is_empty() {
            d += 1;
            let mut next = Vec::new();
            for grid in &layer {
                for step in LEXICOGRAPHIC {
                    if let Some(g) = moved(grid, step) {
                        let r = rank(&g);
                        if distance[r] == FAR {
                            distance[r] = d;
                            next.push(g);
                        }
                    }
                }
            }
            layer = next;
        }
        Self { distance }
    }

    /// The fewest moves from `grid` to the goal, `None` when it is not
    /// reachable.
    pub(crate) fn distance(&self, grid: &Grid) -> Option<u8> {
        Some(self.distance[rank(grid)]).filter(|&d| d != FAR)
    }

    /// A shortest way from `grid` to the goal: at each move the first
    /// step in `order` that goes one nearer. `None` when unreachable.
    pub(crate) fn path(&self, grid: &Grid, order: &[Step; 4]) -> Option<Vec<Step>> {
        let mut d = self.distance(grid)?;
        let mut grid = *grid;
        let mut steps = Vec::with_capacity(d as usize);
        while d > 0 {
            let (step, next) = order
                .iter()
                .find_map(|&s| {
                    moved(&grid, s)
                        .filter(|g| self.distance(g) == Some(d - 1))
                        .map(|g| (s, g))
                })
                .expect("a neighbour one move nearer");
            steps.push(step);
            grid = next;
            d -= 1;
        }
        Some(steps)
    }
}

/// `grid` after the blank takes `step`, if it stays on the board.
pub(crate) fn moved(grid: &Grid, step: Step) -> Option<Grid> {
    let blank = grid.iter().position(|&t| t == 0).expect("a blank");
    let to = step.from(blank)?;
    let mut g = *grid;
    g.swap(blank, to);
    Some(g)
}

/// The problem `a` → `b` relabelled so that `b` is the solved grid with
/// its blank where `b` has it: tiles renamed by their cell in `b`. The
/// tables needed are then one per cell of the blank's goal.
pub(crate) fn relabelled(a: &Grid, b: &Grid) -> (Grid, Grid) {
    let mut name = [0u8; 9];
    for (cell, &t) in b.iter().enumerate() {
        if t != 0 {
            name[t as usize] = cell as u8 + 1;
        }
    }
    let rename = |g: &Grid| g.map(|t| if t == 0 { 0 } else { name[t as usize] });
    (rename(a), rename(b))
}

/// The tables of the nine goals the relabelling makes, built when first
/// needed (each about 20 ms).
#[derive(Default)]
pub(crate) struct Tables {
    by_blank: [Option<Table>; 9],
}

impl Tables {
    /// The table whose goal is the solved grid (tiles 1..8 in order)
    /// with the blank on `blank`.
    pub(crate) fn for_blank(&mut self, blank: usize) -> &Table {
        self.by_blank[blank].get_or_insert_with(|| {
            let mut goal = [0u8; 9];
            let mut tile = 1;
            for (cell, slot) in goal.iter_mut().enumerate() {
                if cell != blank {
                    *slot = tile;
                    tile += 1;
                }
            }
            Table::new(&goal)
        })
    }

    /// A shortest way from `a` to `b` (the same tiles), the first step in
    /// `order` taken wherever there is a choice; `None` when unreachable.
    pub(crate) fn path(&mut self, a: &Grid, b: &Grid, order: &[Step; 4]) -> Option<Vec<Step>> {
        let (a, b) = relabelled(a, b);
        let blank = b.iter().position(|&t| t == 0).expect("a blank");
        self.for_blank(blank).path(&a, order)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_number_every_permutation_once() {
        assert_eq!(rank(&[0, 1, 2, 3, 4, 5, 6, 7, 8]), 0);
        assert_eq!(rank(&[8, 7, 6, 5, 4, 3, 2, 1, 0]), PERMUTATIONS - 1);
    }

    #[test]
    fn half_the_arrangements_reach_a_goal() {
        let table = Table::new(&[1, 2, 3, 4, 5, 6, 7, 8, 0]);
        let reached = table.distance.iter().filter(|&&d| d != FAR).count();
        assert_eq!(reached, PERMUTATIONS / 2);
        // The farthest 3×3 arrangements are 31 moves away.
        assert_eq!(
            table.distance.iter().filter(|&&d| d != FAR).max(),
            Some(&31)
        );
    }
}
