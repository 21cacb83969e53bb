//! Constructive solutions on boxes of any size and dimension: not the
//! shortest, but found in time about proportional to the moves.
//!
//! The unsolved part of the board is always a box. While it has more than
//! eight cells, the first slice along its longest side is filled: each
//! token is walked to its cell, one step at a time, the blank going round
//! it through the unsolved cells; the last two cells of a slice take the
//! usual detour (the last token parked in the corner, the other beyond
//! it, then both slide in). The last few cells are searched breadth first.
//! Repeated tokens are first matched to target cells so that the parity
//! works out.
//!
//! That much is the usual greedy method (Parberry's), about 8/3·n³ moves
//! on a random n×n board. What brings it under 2n³ is how the blank
//! walks: every step of the blank slides one token, so of all the
//! shortest ways to where it is going, it takes the one whose slides
//! bring tokens nearest their own targets, counted by what each slide
//! saves the later walks of that token (`Grid::worth`). Short walks
//! (going round a token) may even take a way two or four steps longer
//! when its slides are worth that much more. Each token then arrives at
//! its turn already part of the way home.

use std::collections::VecDeque;

use crate::arrangement::{BLANK, Token, blank_cell};
use crate::board::box_distance;
use crate::parity::permutation_parity;
use crate::solve::general::end_search;
use crate::solve::{Move, slide_worth};

/// Moves taking `from` to `to` on a box with sides `dims`. The pair must
/// be reachable (checked by the caller).
pub fn solve_box(dims: &[usize], from: &[Token], to: &[Token]) -> Vec<Move> {
    let mut moves = Vec::new();
    solve_box_into(dims, from, to, &mut |m| moves.push(m), &mut |_, _| true);
    moves
}

/// The same moves as [`solve_box`], handed to `sink` one at a time as they
/// are found: memory does not grow with their number. The moves are the
/// same on every call. After each slice, `between` hears how many cells
/// of how many are set; when it answers false, the solver stops there
/// (the moves so far are then not a solution).
pub fn solve_box_into(
    dims: &[usize],
    from: &[Token],
    to: &[Token],
    sink: &mut dyn FnMut(Move),
    between: &mut dyn FnMut(usize, usize) -> bool,
) {
    let n: usize = dims.iter().product();
    let blank_goal = blank_cell(to);
    if dims.iter().filter(|&&d| d > 1).count() <= 1 {
        // A path: the tiles keep their order, only the blank moves.
        let mut grid = Grid::new(dims, (0..n as u32).collect(), from, sink);
        grid.walk_blank(blank_goal, &[]);
        return;
    }
    // The filling leaves the far corner for last, so the blank's goal is
    // moved there first (along each side in turn), and the moves end with
    // the walk back.
    let strides = strides(dims);
    let mut walk = vec![blank_goal];
    let mut c = blank_goal;
    for (k, &d) in dims.iter().enumerate() {
        while (c / strides[k]) % d < d - 1 {
            c += strides[k];
            walk.push(c);
        }
    }
    debug_assert_eq!(c, n - 1);
    let mut goal = to.to_vec();
    for step in walk.windows(2) {
        goal.swap(step[0], step[1]);
    }
    let targets = match_targets(dims, from, &goal);
    let mut grid = Grid::new(dims, targets, from, sink);
    let mut lo = vec![0; dims.len()];
    let hi: Vec<usize> = dims.iter().map(|&d| d - 1).collect();
    while (0..dims.len())
        .map(|k| hi[k] + 1 - lo[k])
        .product::<usize>()
        > 8
    {
        // The longest side (the first of equals) loses its first slice.
        let k = (0..dims.len())
            .max_by_key(|&k| (hi[k] + 1 - lo[k], std::cmp::Reverse(k)))
            .expect("a side");
        grid.fill_slice(k, &lo, &hi);
        lo[k] += 1;
        let left: usize = (0..dims.len()).map(|k| hi[k] + 1 - lo[k]).product();
        if !between(n - left, n) {
            return;
        }
    }
    grid.finish(&lo, &hi);
    for step in walk.windows(2).rev() {
        grid.slide(step[0]);
    }
}

/// How far from the straight line the blank's walks may stray, in cells.
const BAND: i64 = 8;

/// Walks this short or shorter may take a longer way (`detour_walk`).
const SHORT_WALK: usize = 4;

/// How many step pairs longer than the shortest a short walk may be.
const MAX_DETOURS: usize = 2;

/// What each step pair beyond the shortest way costs, in the units of
/// [`Grid::worth`].
const DETOUR_COST: i32 = 10;

fn strides(dims: &[usize]) -> Vec<usize> {
    let mut strides = vec![1; dims.len()];
    for k in (0..dims.len().saturating_sub(1)).rev() {
        strides[k] = strides[k + 1] * dims[k + 1];
    }
    strides
}

/// For each cell of `from`, the target cell of its token: equal tokens are
/// matched in reading order, then two of them swapped if the permutation
/// would otherwise have the wrong parity for the blank's distance.
fn match_targets(dims: &[usize], from: &[Token], to: &[Token]) -> Vec<u32> {
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
    let odd = permutation_parity(&targets).expect("a permutation");
    if odd != (box_distance(dims, blank_cell(from), blank_cell(to)) % 2 == 1) {
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
    targets
}

/// Scratch of [`Grid::detour_walk`], per (cell, level) state.
#[derive(Default)]
struct DetourScratch {
    stamp: Vec<u32>,
    parent: Vec<u32>,
    score: Vec<i32>,
    /// Per cell, found once a search (`seen`: the search's generation):
    /// whether the walk may use it, and its token's longest side.
    seen: Vec<u32>,
    open: Vec<bool>,
    longest: Vec<Option<usize>>,
    queue: VecDeque<usize>,
}

/// The board as the solver sees it: each cell's token named by its
/// target cell.
struct Grid<'s> {
    dims: Vec<usize>,
    strides: Vec<usize>,
    /// `coords[cell * dims + k]`: the cell's coordinate along side `k`.
    coords: Vec<u32>,
    /// `at[cell]`: the target of the token there (the blank's included).
    at: Vec<u32>,
    /// `place[target]`: where that token is now.
    place: Vec<u32>,
    blank: usize,
    fixed: Vec<bool>,
    sink: &'s mut dyn FnMut(Move),
    /// Search scratch: generation stamps, parents, and each way's worth
    /// (see [`Grid::worth`]).
    stamp: Vec<u32>,
    parent: Vec<u32>,
    depth: Vec<u32>,
    score: Vec<i32>,
    detour: DetourScratch,
    generation: u32,
}

impl<'s> Grid<'s> {
    /// `targets[cell]`: where the token on `cell` must go (the blank's
    /// included); `from` tells which cell holds the blank.
    fn new(
        dims: &[usize],
        targets: Vec<u32>,
        from: &[Token],
        sink: &'s mut dyn FnMut(Move),
    ) -> Grid<'s> {
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
        Grid {
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
        }
    }

    fn coord(&self, c: usize, k: usize) -> usize {
        self.coords[c * self.dims.len() + k] as usize
    }

    /// The neighbour of `c` in direction `dir` (side `dir / 2`, down or
    /// up by `dir % 2`), if on the board.
    fn step(&self, c: usize, dir: usize) -> Option<usize> {
        let k = dir / 2;
        let x = self.coord(c, k);
        if dir.is_multiple_of(2) {
            (x > 0).then(|| c - self.strides[k])
        } else {
            (x + 1 < self.dims[k]).then(|| c + self.strides[k])
        }
    }

    fn neighbours(&self, c: usize) -> impl Iterator<Item = usize> + '_ {
        (0..2 * self.dims.len()).filter_map(move |dir| self.step(c, dir))
    }

    fn distance(&self, a: usize, b: usize) -> usize {
        let d = self.dims.len();
        self.coords[a * d..a * d + d]
            .iter()
            .zip(&self.coords[b * d..b * d + d])
            .map(|(&x, &y)| x.abs_diff(y) as usize)
            .sum()
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

    fn free(&self, c: usize, avoid: &[usize]) -> bool {
        !self.fixed[c] && !avoid.contains(&c)
    }

    /// Walks the blank to `dest` through unfixed cells not in `avoid`. A
    /// short walk (going round a token) takes the way worth most, a
    /// little longer than the shortest if need be
    /// ([`Grid::detour_walk`]); a longer one the shortest way near the
    /// straight line worth most ([`Grid::straight_walk`]); failing those,
    /// a breadth-first search in a small window round the blank and
    /// `dest`, then over the whole board. False when `dest` cannot be
    /// reached.
    fn walk_blank(&mut self, dest: usize, avoid: &[usize]) -> bool {
        self.blank == dest
            || (self.distance(self.blank, dest) <= SHORT_WALK && self.detour_walk(dest, avoid))
            || self.straight_walk(dest, avoid)
            || self.search_blank(dest, avoid, 2)
            || self.search_blank(dest, avoid, usize::MAX)
    }

    /// What sliding the token on `c` one step along side `k`, to `w`,
    /// does for the moves still to come ([`slide_worth`]); `longest` is
    /// the token's longest remaining side ([`Grid::longest_side`]).
    fn worth(&self, c: usize, k: usize, w: usize, longest: Option<usize>) -> i32 {
        let x = self.coord(self.at[c] as usize, k);
        let closer = x.abs_diff(self.coord(w, k)) < x.abs_diff(self.coord(c, k));
        slide_worth(longest == Some(k), closer)
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

    /// Walks the blank to `dest` by the shortest way, within `BAND` steps
    /// of the straight line, whose slides are worth most: its walks then
    /// do some of the later work. Every step of the blank moves a token
    /// one cell, and chosen well most of those steps are towards the
    /// token's target. False (nothing moved) when fixed or avoided cells
    /// block every such way.
    fn straight_walk(&mut self, dest: usize, avoid: &[usize]) -> bool {
        let d = self.dims.len();
        let (start, span) = (self.blank, self.distance(self.blank, dest) as i64);
        let from: Vec<i64> = (0..d).map(|k| self.coord(start, k) as i64).collect();
        let rise: Vec<i64> = (0..d)
            .map(|k| self.coord(dest, k) as i64 - from[k])
            .collect();
        // Cells are searched from `dest`, each step one nearer the blank.
        // A cell `a` steps from the blank is `off / span` cells off the
        // straight line.
        let near_line = |g: &Grid, c: usize| {
            let a = g.distance(start, c) as i64;
            let off: i64 = (0..d)
                .map(|k| (span * (g.coord(c, k) as i64 - from[k]) - rise[k] * a).abs())
                .sum();
            off <= BAND * span
        };
        self.generation += 1;
        let generation = self.generation;
        self.stamp[dest] = generation;
        self.score[dest] = 0;
        let mut queue = VecDeque::from([dest]);
        while let Some(c) = queue.pop_front() {
            if c == start {
                break;
            }
            let longest = self.longest_side(c);
            for k in 0..d {
                let (x, b) = (self.coord(c, k), self.coord(start, k));
                let w = match x.cmp(&b) {
                    std::cmp::Ordering::Less => c + self.strides[k],
                    std::cmp::Ordering::Greater => c - self.strides[k],
                    std::cmp::Ordering::Equal => continue,
                };
                // When the blank steps from `w` to `c`, the token on `c`
                // slides to `w`.
                let score = self.score[c] + self.worth(c, k, w, longest);
                if self.stamp[w] != generation {
                    if w == start || (self.free(w, avoid) && near_line(self, w)) {
                        self.stamp[w] = generation;
                        self.parent[w] = c as u32;
                        self.score[w] = score;
                        queue.push_back(w);
                    }
                } else if score > self.score[w] {
                    self.parent[w] = c as u32;
                    self.score[w] = score;
                }
            }
        }
        self.follow_parents(generation, dest)
    }

    /// Walks the blank a short way to `dest` (going round a token, say),
    /// by the way worth most less `DETOUR_COST` for each step pair longer
    /// than the shortest: a way a little longer than the shortest often
    /// moves more tokens home. Inside the box round the blank and `dest`
    /// widened by `MAX_DETOURS`. False (nothing moved) when there is no
    /// way with at most `MAX_DETOURS` such pairs.
    fn detour_walk(&mut self, dest: usize, avoid: &[usize]) -> bool {
        const LEVELS: usize = MAX_DETOURS + 1;
        let d = self.dims.len();
        let start = self.blank;
        let bounds: Vec<(usize, usize)> = (0..d)
            .map(|k| {
                let (a, b) = (self.coord(start, k), self.coord(dest, k));
                (a.min(b).saturating_sub(MAX_DETOURS), a.max(b) + MAX_DETOURS)
            })
            .collect();
        // States: (cell, steps away from the blank), `cell * LEVELS +
        // away`. Searched from `dest`: a step towards the blank keeps the
        // level, one away from it goes up one (and adds two to the walk).
        let n = self.at.len();
        if self.detour.stamp.len() < LEVELS * n {
            self.detour = DetourScratch {
                stamp: vec![0; LEVELS * n],
                parent: vec![0; LEVELS * n],
                score: vec![0; LEVELS * n],
                seen: vec![0; n],
                open: vec![false; n],
                longest: vec![None; n],
                queue: VecDeque::new(),
            };
        }
        self.generation += 1;
        let generation = self.generation;
        self.detour.stamp[LEVELS * dest] = generation;
        self.detour.score[LEVELS * dest] = 0;
        let mut queue = std::mem::take(&mut self.detour.queue);
        queue.clear();
        queue.push_back(LEVELS * dest);
        while let Some(state) = queue.pop_front() {
            let (c, away) = (state / LEVELS, state % LEVELS);
            if c == start {
                continue;
            }
            let longest = if c == dest {
                self.longest_side(c)
            } else {
                self.detour.longest[c]
            };
            for dir in 0..2 * d {
                let Some(w) = self.step(c, dir) else { continue };
                let k = dir / 2;
                let b = self.coord(start, k);
                let level = if self.coord(w, k).abs_diff(b) < self.coord(c, k).abs_diff(b) {
                    away
                } else if away < MAX_DETOURS {
                    away + 1
                } else {
                    continue;
                };
                let next = LEVELS * w + level;
                // When the blank steps from `w` to `c`, the token on `c`
                // slides to `w`.
                let score = self.detour.score[state] + self.worth(c, k, w, longest);
                if self.detour.stamp[next] != generation {
                    if self.detour.seen[w] != generation {
                        self.detour.seen[w] = generation;
                        let inside =
                            (0..d).all(|j| (bounds[j].0..=bounds[j].1).contains(&self.coord(w, j)));
                        self.detour.open[w] = inside && (w == start || self.free(w, avoid));
                        self.detour.longest[w] = self.longest_side(w);
                    }
                    if self.detour.open[w] {
                        self.detour.stamp[next] = generation;
                        self.detour.parent[next] = state as u32;
                        self.detour.score[next] = score;
                        queue.push_back(next);
                    }
                } else if score > self.detour.score[next] {
                    self.detour.parent[next] = state as u32;
                    self.detour.score[next] = score;
                }
            }
        }
        self.detour.queue = queue;
        let best = (0..LEVELS)
            .map(|away| LEVELS * start + away)
            .filter(|&s| self.detour.stamp[s] == generation)
            .max_by_key(|&s| {
                let away = (s % LEVELS) as i32;
                (self.detour.score[s] - DETOUR_COST * away, -away)
            });
        let Some(mut state) = best else {
            return false;
        };
        while state / LEVELS != dest {
            state = self.detour.parent[state] as usize;
            self.slide(state / LEVELS);
        }
        true
    }

    /// Breadth-first search for the blank's way to `dest`, inside the box
    /// round both widened by `margin`; walks it when found.
    fn search_blank(&mut self, dest: usize, avoid: &[usize], margin: usize) -> bool {
        let bounds: Vec<(usize, usize)> = (0..self.dims.len())
            .map(|k| {
                let (a, b) = (self.coord(self.blank, k), self.coord(dest, k));
                (
                    a.min(b).saturating_sub(margin),
                    a.max(b).saturating_add(margin),
                )
            })
            .collect();
        let inside = |g: &Grid, c: usize| {
            (0..g.dims.len()).all(|k| (bounds[k].0..=bounds[k].1).contains(&g.coord(c, k)))
        };
        self.generation += 1;
        let generation = self.generation;
        self.stamp[dest] = generation;
        self.depth[dest] = 0;
        self.score[dest] = 0;
        let mut queue = VecDeque::from([dest]);
        while let Some(c) = queue.pop_front() {
            if c == self.blank {
                break;
            }
            let longest = self.longest_side(c);
            for dir in 0..2 * self.dims.len() {
                let Some(w) = self.step(c, dir) else { continue };
                // Of the shortest ways, the one worth most (as in
                // `straight_walk`).
                let score = self.score[c] + self.worth(c, dir / 2, w, longest);
                if self.stamp[w] != generation {
                    if inside(self, w) && (w == self.blank || self.free(w, avoid)) {
                        self.stamp[w] = generation;
                        self.parent[w] = c as u32;
                        self.depth[w] = self.depth[c] + 1;
                        self.score[w] = score;
                        queue.push_back(w);
                    }
                } else if self.depth[w] == self.depth[c] + 1 && score > self.score[w] {
                    self.parent[w] = c as u32;
                    self.score[w] = score;
                }
            }
        }
        self.follow_parents(generation, dest)
    }

    /// Walks the blank to `dest` along the parents a search from `dest`
    /// (this `generation`) left; false if that search never reached it.
    fn follow_parents(&mut self, generation: u32, dest: usize) -> bool {
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
            // the blank reaches first. A blank right behind the token
            // (just after a step) needs two moves to get beside it but
            // four to get in front: so tokens going diagonally zigzag, at
            // three moves a step instead of five.
            let d = self.distance(at, dest);
            let behind = self.distance(at, self.blank) == 1;
            let Some(next) = self
                .neighbours(at)
                .filter(|&c| self.distance(c, dest) < d && self.free(c, protect))
                .min_by_key(|&c| {
                    let in_front = behind && c + self.blank == 2 * at;
                    self.distance(c, self.blank) + 2 * usize::from(in_front)
                })
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

    /// Fills the slice `lo[k]` along side `k` of the unsolved box `lo..=hi`
    /// (which has at least two cells along `k`).
    fn fill_slice(&mut self, k: usize, lo: &[usize], hi: &[usize]) {
        // The slice's cells in reading order, a side longer than one cell
        // varying fastest so that the last two cells are neighbours.
        let mut order: Vec<usize> = (0..self.dims.len()).filter(|&j| j != k).collect();
        if let Some(p) = order.iter().rposition(|&j| hi[j] > lo[j]) {
            let j = order.remove(p);
            order.push(j);
        }
        let mut slice_hi = hi.to_vec();
        slice_hi[k] = lo[k];
        let key = |g: &Grid, c: usize| {
            order
                .iter()
                .fold(0usize, |acc, &j| acc * g.dims[j] + g.coord(c, j))
        };
        let mut cells = self.cells_in(lo, &slice_hi);
        cells.sort_by_key(|&c| key(self, c));
        let m = cells.len();
        for &c in &cells[..m.saturating_sub(2)] {
            assert!(
                self.move_token(c, c, &[]),
                "an open box lets tokens through"
            );
            self.fixed[c] = true;
        }
        if m < 2 {
            if let Some(&c) = cells.first() {
                assert!(
                    self.move_token(c, c, &[]),
                    "an open box lets tokens through"
                );
                self.fixed[c] = true;
            }
            return;
        }
        let (a, b) = (cells[m - 2], cells[m - 1]);
        let below = b + self.strides[k];
        if self.place[a] as usize != a || self.place[b] as usize != b {
            // Park a's token on b and b's token just beyond, then bring
            // the blank to a and slide both in. When the blank is shut in
            // on a (b's token next to it), b's token goes further off and
            // the parking starts again.
            let far = self.far_cell(k, lo, hi, a + self.strides[k], below);
            loop {
                assert!(
                    self.move_token(a, b, &[]),
                    "an open box lets tokens through"
                );
                if self.move_token(b, below, &[b]) {
                    break;
                }
                assert!(
                    self.move_token(b, far, &[]),
                    "an open box lets tokens through"
                );
            }
            assert!(
                self.walk_blank(a, &[b, below]),
                "the blank reaches the slice"
            );
            self.slide(b);
            self.slide(below);
        }
        self.fixed[a] = true;
        self.fixed[b] = true;
    }

    /// A cell of the unsolved box beyond the slice `lo[k]`, at least two
    /// steps from both `x` and `y`.
    fn far_cell(&self, k: usize, lo: &[usize], hi: &[usize], x: usize, y: usize) -> usize {
        let mut beyond = lo.to_vec();
        beyond[k] += 1;
        self.cells_in(&beyond, hi)
            .into_iter()
            .find(|&c| self.distance(c, x) >= 2 && self.distance(c, y) >= 2)
            .expect("a box of more than eight cells has room")
    }

    /// The cells of the sub-box `lo..=hi`, in reading order, found from
    /// their coordinates (not by scanning the board).
    fn cells_in(&self, lo: &[usize], hi: &[usize]) -> Vec<usize> {
        let mut cells = vec![0usize];
        for k in 0..self.dims.len() {
            cells = cells
                .iter()
                .flat_map(|&c| (lo[k]..=hi[k]).map(move |x| c + x * self.strides[k]))
                .collect();
        }
        cells
    }

    /// Finishes the last few cells (`lo..=hi`) by breadth-first search.
    fn finish(&mut self, lo: &[usize], hi: &[usize]) {
        let cells = self.cells_in(lo, hi);
        // Tokens are named by their target cell + 1, the blank 0.
        let blank_target = self.at[self.blank];
        let name = |t: u32| if t == blank_target { 0 } else { t + 1 };
        let now: Vec<Token> = cells.iter().map(|&c| name(self.at[c])).collect();
        let goal: Vec<Token> = cells.iter().map(|&c| name(c as u32)).collect();
        let walk =
            end_search(&cells, |c| self.neighbours(c), &now, &goal).expect("the last cells solve");
        for c in walk {
            self.slide(c);
        }
    }
}
