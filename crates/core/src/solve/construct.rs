//! Constructive solutions on 2-D boxes of any size: not the shortest, but
//! found in time about proportional to the moves.
//!
//! The unsolved part of the board is always a rectangle. While it has more
//! than two rows or columns, its longer side's first line is filled: each
//! token is walked to its cell, one step at a time, the blank going round
//! it through the unsolved cells; the last two cells of a line take the
//! usual detour (the last token parked in the corner, the other below it,
//! then both slide in). The final 2×2 is turned until solved. Repeated
//! tokens are first matched to target cells so that the final parity
//! works out.

use std::collections::VecDeque;

use crate::arrangement::{BLANK, Token};
use crate::solve::Move;

/// Moves taking `from` to `to` on a `rows` × `cols` box. The pair must be
/// reachable (checked by the caller).
pub fn solve_grid(rows: usize, cols: usize, from: &[Token], to: &[Token]) -> Vec<Move> {
    let mut moves = Vec::new();
    solve_grid_into(rows, cols, from, to, &mut |m| moves.push(m));
    moves
}

/// The same moves as [`solve_grid`], handed to `sink` one at a time as
/// they are found: memory does not grow with their number. The moves are
/// the same on every call.
pub fn solve_grid_into(
    rows: usize,
    cols: usize,
    from: &[Token],
    to: &[Token],
    sink: &mut dyn FnMut(Move),
) {
    let n = rows * cols;
    let blank_goal = to.iter().position(|&t| t == BLANK).expect("a blank");
    if rows == 1 || cols == 1 {
        // A path: the tiles keep their order, only the blank moves.
        let mut grid = Grid::new(rows, cols, (0..n as u32).collect(), from, sink);
        grid.walk_blank(blank_goal, &[]);
        return;
    }
    // The filling leaves the bottom-right 2×2 for last, so the blank's
    // goal is moved there first (down its column, then along the last
    // row), and the moves end with the walk back.
    let corner = n - 1;
    let mut walk = vec![blank_goal];
    let mut c = blank_goal;
    while c / cols < rows - 1 {
        c += cols;
        walk.push(c);
    }
    while c % cols < cols - 1 {
        c += 1;
        walk.push(c);
    }
    debug_assert_eq!(c, corner);
    let mut goal = to.to_vec();
    for step in walk.windows(2) {
        goal.swap(step[0], step[1]);
    }
    let mut grid = Grid::new(
        rows,
        cols,
        match_targets(rows, cols, from, &goal),
        from,
        sink,
    );
    let (mut top, mut left) = (0, 0);
    while rows - top > 2 || cols - left > 2 {
        if rows - top >= cols - left && rows - top > 2 {
            grid.fill_line(top, left, cols - 1, true);
            top += 1;
        } else {
            grid.fill_line(left, top, rows - 1, false);
            left += 1;
        }
    }
    grid.finish_square(top, left);
    for step in walk.windows(2).rev() {
        grid.slide(step[0]);
    }
}

/// For each cell of `from`, the target cell of its token: equal tokens are
/// matched in reading order, then two of them swapped if the permutation
/// would otherwise have the wrong parity for the blank's distance.
fn match_targets(rows: usize, cols: usize, from: &[Token], to: &[Token]) -> Vec<u32> {
    let mut by_token: std::collections::HashMap<Token, VecDeque<u32>> = Default::default();
    for (cell, &t) in to.iter().enumerate() {
        by_token.entry(t).or_default().push_back(cell as u32);
    }
    let mut targets: Vec<u32> = from
        .iter()
        .map(|t| {
            by_token
                .get_mut(t)
                .and_then(VecDeque::pop_front)
                .expect("same tokens")
        })
        .collect();
    if rows > 1 && cols > 1 {
        let odd = crate::reach::permutation_parity(&targets).expect("a permutation");
        let (a, b) = (
            from.iter().position(|&t| t == BLANK).expect("a blank"),
            to.iter().position(|&t| t == BLANK).expect("a blank"),
        );
        let distance = (a / cols).abs_diff(b / cols) + (a % cols).abs_diff(b % cols);
        if odd != (distance % 2 == 1) {
            // Only possible with a repeated token: swap two equal ones.
            let mut first: std::collections::HashMap<Token, usize> = Default::default();
            for (cell, &t) in from.iter().enumerate() {
                if t == BLANK {
                    continue;
                }
                if let Some(&other) = first.get(&t) {
                    targets.swap(other, cell);
                    break;
                }
                first.insert(t, cell);
            }
        }
    }
    targets
}

/// The board as the solver sees it: each cell's token named by its
/// target cell.
struct Grid<'s> {
    rows: usize,
    cols: usize,
    /// `at[cell]`: the target of the token there (`BLANK_MARK`: blank).
    at: Vec<u32>,
    /// `place[target]`: where that token is now.
    place: Vec<u32>,
    blank: usize,
    fixed: Vec<bool>,
    sink: &'s mut dyn FnMut(Move),
    /// Breadth-first search scratch: generation stamps and parents.
    stamp: Vec<u32>,
    parent: Vec<u32>,
    generation: u32,
}

impl<'s> Grid<'s> {
    /// `targets[cell]`: where the token on `cell` must go (the blank's
    /// included); `from` tells which cell holds the blank.
    fn new(
        rows: usize,
        cols: usize,
        targets: Vec<u32>,
        from: &[Token],
        sink: &'s mut dyn FnMut(Move),
    ) -> Grid<'s> {
        let n = rows * cols;
        let mut place = vec![0; n];
        for (cell, &t) in targets.iter().enumerate() {
            place[t as usize] = cell as u32;
        }
        Grid {
            rows,
            cols,
            at: targets,
            place,
            blank: from.iter().position(|&t| t == BLANK).expect("a blank"),
            fixed: vec![false; n],
            sink,
            stamp: vec![0; n],
            parent: vec![0; n],
            generation: 0,
        }
    }

    fn neighbours(&self, c: usize) -> impl Iterator<Item = usize> + use<> {
        let (rows, cols) = (self.rows, self.cols);
        let (r, col) = (c / cols, c % cols);
        [
            (r > 0).then(|| c - cols),
            (col > 0).then(|| c - 1),
            (col + 1 < cols).then(|| c + 1),
            (r + 1 < rows).then(|| c + cols),
        ]
        .into_iter()
        .flatten()
    }

    fn distance(&self, a: usize, b: usize) -> usize {
        (a / self.cols).abs_diff(b / self.cols) + (a % self.cols).abs_diff(b % self.cols)
    }

    /// The token on `cell` (next to the blank) slides into the blank.
    fn slide(&mut self, cell: usize) {
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

    /// Walks the blank to `dest` through unfixed cells not in `avoid`:
    /// greedily while it can, then by breadth-first search in a small
    /// window round the blank and `dest` (going round a token), then over
    /// the whole board. False when `dest` cannot be reached.
    fn walk_blank(&mut self, dest: usize, avoid: &[usize]) -> bool {
        for _ in 0..2 * (self.rows + self.cols) {
            if self.blank == dest {
                return true;
            }
            let d = self.distance(self.blank, dest);
            let step = self
                .neighbours(self.blank)
                .find(|&c| self.distance(c, dest) < d && self.free(c, avoid));
            match step {
                Some(c) => self.slide(c),
                None => break,
            }
        }
        self.blank == dest
            || self.search_blank(dest, avoid, 2)
            || self.search_blank(dest, avoid, usize::MAX)
    }

    fn free(&self, c: usize, avoid: &[usize]) -> bool {
        !self.fixed[c] && !avoid.contains(&c)
    }

    /// Breadth-first search for the blank's way to `dest`, inside the box
    /// round both widened by `margin`; walks it when found.
    fn search_blank(&mut self, dest: usize, avoid: &[usize], margin: usize) -> bool {
        let (br, bc) = (self.blank / self.cols, self.blank % self.cols);
        let (dr, dc) = (dest / self.cols, dest % self.cols);
        let (r0, r1) = (
            br.min(dr).saturating_sub(margin),
            br.max(dr).saturating_add(margin),
        );
        let (c0, c1) = (
            bc.min(dc).saturating_sub(margin),
            bc.max(dc).saturating_add(margin),
        );
        let inside = |c: usize| {
            let (r, col) = (c / self.cols, c % self.cols);
            (r0..=r1).contains(&r) && (c0..=c1).contains(&col)
        };
        self.generation += 1;
        let generation = self.generation;
        self.stamp[dest] = generation;
        let mut queue = VecDeque::from([dest]);
        while let Some(c) = queue.pop_front() {
            if c == self.blank {
                break;
            }
            for w in self.neighbours(c) {
                if self.stamp[w] != generation
                    && inside(w)
                    && (w == self.blank || self.free(w, avoid))
                {
                    self.stamp[w] = generation;
                    self.parent[w] = c as u32;
                    queue.push_back(w);
                }
            }
        }
        if self.stamp[self.blank] != generation {
            return false;
        }
        while self.blank != dest {
            let next = self.parent[self.blank] as usize;
            self.slide(next);
        }
        true
    }

    /// Walks the token bound for cell `target` to cell `dest`, one step at
    /// a time, the blank going round it through unfixed cells other than
    /// `protect`. False if the blank cannot get round (it is shut in).
    fn move_token(&mut self, target: usize, dest: usize, protect: &[usize]) -> bool {
        let mut avoid = protect.to_vec();
        avoid.push(0);
        loop {
            let at = self.place[target] as usize;
            if at == dest {
                return true;
            }
            // The next step: a free neighbour closer to `dest`, the one
            // nearest the blank.
            let d = self.distance(at, dest);
            let Some(next) = self
                .neighbours(at)
                .filter(|&c| self.distance(c, dest) < d && self.free(c, protect))
                .min_by_key(|&c| self.distance(c, self.blank))
            else {
                return false;
            };
            *avoid.last_mut().expect("the token's cell") = at;
            if !self.walk_blank(next, &avoid) {
                return false;
            }
            self.slide(at);
        }
    }

    /// Fills one line of the unsolved rectangle: row `line` (columns
    /// `start..=end`) or column `line` (rows `start..=end`); at least two
    /// more rows (columns) stay unsolved beyond it.
    fn fill_line(&mut self, line: usize, start: usize, end: usize, row: bool) {
        let cols = self.cols;
        // Cell `i` along the line, `depth` away from it into the rectangle.
        let cell = |i: usize, depth: usize| {
            if row {
                (line + depth) * cols + i
            } else {
                i * cols + line + depth
            }
        };
        for i in start..end - 1 {
            let c = cell(i, 0);
            assert!(
                self.move_token(c, c, &[]),
                "an open rectangle lets tokens through"
            );
            self.fixed[c] = true;
        }
        let (a, b, below, far) = (
            cell(end - 1, 0),
            cell(end, 0),
            cell(end, 1),
            cell(end - 1, 2),
        );
        if self.place[a] as usize != a || self.place[b] as usize != b {
            // Park a's token on b and b's token just beyond, then bring
            // the blank to a and slide both in. When the blank is shut in
            // on a (b's token next to it), b's token goes further off and
            // the parking starts again.
            loop {
                assert!(
                    self.move_token(a, b, &[]),
                    "an open rectangle lets tokens through"
                );
                if self.move_token(b, below, &[b]) {
                    break;
                }
                assert!(
                    self.move_token(b, far, &[]),
                    "an open rectangle lets tokens through"
                );
            }
            assert!(
                self.walk_blank(a, &[b, below]),
                "the blank reaches the line"
            );
            self.slide(b);
            self.slide(below);
        }
        self.fixed[a] = true;
        self.fixed[b] = true;
    }

    /// Turns the last 2×2 (top-left corner `top`, `left`) until solved:
    /// the blank going round it passes through all twelve arrangements.
    fn finish_square(&mut self, top: usize, left: usize) {
        let c = top * self.cols + left;
        let ring = [c, c + 1, c + 1 + self.cols, c + self.cols];
        for _ in 0..12 {
            if ring.iter().all(|&x| self.at[x] as usize == x) {
                return;
            }
            let k = ring
                .iter()
                .position(|&x| x == self.blank)
                .expect("the blank is in the square");
            self.slide(ring[(k + 1) % 4]);
        }
        assert!(
            ring.iter().all(|&x| self.at[x] as usize == x),
            "the square solves"
        );
    }
}
