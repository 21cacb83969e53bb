//! How the blank walks: of the ways to where it is going, the one whose
//! slides bring tokens nearest their own targets (a little longer than
//! the shortest on short walks, when that is worth it), with a
//! breadth-first search in a window, then over the board, as fallbacks.

use std::collections::VecDeque;

use super::BoxState;
use super::state::Aim;

/// How far from the straight line the blank's walks may stray, in cells:
/// a wider band finds slides worth more (random 100×100 boxes, with the
/// rest as now: 1.589 n³ at 8 cells, 1.584 at 16).
const BAND: i64 = 16;

/// Walks this short or shorter may take a longer way (`detour_walk`).
const SHORT_WALK: usize = 4;

/// How many step pairs longer than the shortest a short walk may be
/// (random 100×100 boxes, two seeded, the detour cost chosen for each:
/// 1.547 n³ with 2, 1.508 with 3, 1.507 with 4, 1.529 with 5).
const MAX_DETOURS: usize = 3;

/// Levels of the detour search: steps away from the blank, 0 to
/// `MAX_DETOURS`.
const LEVELS: usize = MAX_DETOURS + 1;

/// What each step pair beyond the shortest way costs, in the units of
/// [`BoxState::worth`]: a little more than a token's straight step saved.
/// Random 100×100 boxes (two seeded): 1.525 n³ at 5, 1.516 at 6, 1.508
/// at 7, 1.510 at 8 while two rings at least weighed double; with a
/// sixth of the side only, 1.483 at 7, 1.475 at 8, 1.477 at 9, 1.477 at
/// 10, 1.502 at 12 (60×60: 1.512, 1.502, 1.499, 1.503, 1.527).
const DETOUR_COST: i32 = 8;

/// Scratch of [`BoxState::detour_walk`], per (cell, level) state.
#[derive(Default)]
pub(super) struct DetourScratch {
    stamp: Vec<u32>,
    parent: Vec<u32>,
    score: Vec<i32>,
    /// Per cell, found once a search (`seen`: the search's generation):
    /// whether the walk may use it, and its token's aim.
    seen: Vec<u32>,
    open: Vec<bool>,
    aim: Vec<Aim>,
    queue: VecDeque<usize>,
}

impl DetourScratch {
    fn for_cells(n: usize) -> Self {
        Self {
            stamp: vec![0; LEVELS * n],
            parent: vec![0; LEVELS * n],
            score: vec![0; LEVELS * n],
            seen: vec![0; n],
            open: vec![false; n],
            aim: vec![Aim::default(); n],
            queue: VecDeque::new(),
        }
    }
}

impl BoxState<'_> {
    /// Walks the blank to `dest` through unfixed cells not in `avoid`. A
    /// short walk (going round a token) takes the way worth most, a
    /// little longer than the shortest if need be
    /// ([`BoxState::detour_walk`]); a longer one the shortest way near the
    /// straight line worth most ([`BoxState::straight_walk`]); failing those,
    /// a breadth-first search in a small window round the blank and
    /// `dest`, then over the whole board. False when `dest` cannot be
    /// reached.
    pub(super) fn walk_blank(&mut self, dest: usize, avoid: &[usize]) -> bool {
        self.blank == dest
            || (self.distance(self.blank, dest) <= SHORT_WALK && self.detour_walk(dest, avoid))
            || self.straight_walk(dest, avoid)
            || self.search_blank(dest, avoid, 2)
            || self.search_blank(dest, avoid, usize::MAX)
    }

    /// Walks the blank to `dest` by the shortest way, within `BAND` steps
    /// of the straight line, whose slides are worth most: its walks then
    /// do some of the later work. Every step of the blank moves a token
    /// one cell, and chosen well most of those steps are towards the
    /// token's target. False (nothing moved) when fixed or avoided cells
    /// block every such way.
    pub(super) fn straight_walk(&mut self, dest: usize, avoid: &[usize]) -> bool {
        let d = self.dims.len();
        let (start, span) = (self.blank, self.distance(self.blank, dest) as i64);
        let from: Vec<i64> = (0..d).map(|k| self.coord(start, k) as i64).collect();
        let rise: Vec<i64> = (0..d)
            .map(|k| self.coord(dest, k) as i64 - from[k])
            .collect();
        // Cells are searched from `dest`, each step one nearer the blank.
        // A cell `a` steps from the blank is `off / span` cells off the
        // straight line.
        let near_line = |g: &BoxState, c: usize| {
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
            let aim = self.aim(c);
            for k in 0..d {
                let (x, b) = (self.coord(c, k), self.coord(start, k));
                let w = match x.cmp(&b) {
                    std::cmp::Ordering::Less => c + self.strides[k],
                    std::cmp::Ordering::Greater => c - self.strides[k],
                    std::cmp::Ordering::Equal => continue,
                };
                // When the blank steps from `w` to `c`, the token on `c`
                // slides to `w`.
                let score = self.score[c] + self.worth(c, k, w, aim);
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
    pub(super) fn detour_walk(&mut self, dest: usize, avoid: &[usize]) -> bool {
        let Some(mut state) = self.detour_search(dest, avoid) else {
            return false;
        };
        while state / LEVELS != dest {
            state = self.detour.parent[state] as usize;
            self.slide(state / LEVELS);
        }
        true
    }

    /// The search behind [`BoxState::detour_walk`], over states (cell, steps
    /// away from the blank), `cell * LEVELS + away`, from `dest`: a step
    /// towards the blank keeps the level, one away from it goes up one
    /// (and adds two to the walk). Returns the blank's state on the way
    /// worth most, if any.
    fn detour_search(&mut self, dest: usize, avoid: &[usize]) -> Option<usize> {
        let start = self.blank;
        let bounds = self.window(start, dest, MAX_DETOURS);
        if self.detour.stamp.len() < LEVELS * self.at.len() {
            self.detour = DetourScratch::for_cells(self.at.len());
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
            let aim = match c == dest {
                true => self.aim(c),
                false => self.detour.aim[c],
            };
            for dir in 0..2 * self.dims.len() {
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
                let score = self.detour.score[state] + self.worth(c, k, w, aim);
                if self.detour.stamp[next] != generation {
                    if self.detour_open(w, generation, &bounds, avoid) {
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
        (0..LEVELS)
            .map(|away| LEVELS * start + away)
            .filter(|&s| self.detour.stamp[s] == generation)
            .max_by_key(|&s| {
                let away = (s % LEVELS) as i32;
                (self.detour.score[s] - DETOUR_COST * away, -away)
            })
    }

    /// Whether the detour search may use cell `w`: inside `bounds`, and
    /// the blank's cell or free. Found once a search (with its token's
    /// aim, kept for when the search leaves `w`).
    #[inline]
    fn detour_open(
        &mut self,
        w: usize,
        generation: u32,
        bounds: &[(usize, usize)],
        avoid: &[usize],
    ) -> bool {
        if self.detour.seen[w] != generation {
            self.detour.seen[w] = generation;
            self.detour.open[w] =
                self.inside(w, bounds) && (w == self.blank || self.free(w, avoid));
            self.detour.aim[w] = self.aim(w);
        }
        self.detour.open[w]
    }

    /// The box round cells `a` and `b`, widened by `margin` on every side:
    /// per side, the least and the largest coordinate.
    fn window(&self, a: usize, b: usize, margin: usize) -> Vec<(usize, usize)> {
        (0..self.dims.len())
            .map(|k| {
                let (x, y) = (self.coord(a, k), self.coord(b, k));
                (
                    x.min(y).saturating_sub(margin),
                    x.max(y).saturating_add(margin),
                )
            })
            .collect()
    }

    fn inside(&self, c: usize, bounds: &[(usize, usize)]) -> bool {
        (0..self.dims.len()).all(|k| (bounds[k].0..=bounds[k].1).contains(&self.coord(c, k)))
    }

    /// Breadth-first search for the blank's way to `dest`, inside the box
    /// round both widened by `margin`; walks it when found.
    pub(super) fn search_blank(&mut self, dest: usize, avoid: &[usize], margin: usize) -> bool {
        let bounds = self.window(self.blank, dest, margin);
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
            let aim = self.aim(c);
            for dir in 0..2 * self.dims.len() {
                let Some(w) = self.step(c, dir) else { continue };
                // Of the shortest ways, the one worth most (as in
                // `straight_walk`).
                let score = self.score[c] + self.worth(c, dir / 2, w, aim);
                if self.stamp[w] != generation {
                    if self.inside(w, &bounds) && (w == self.blank || self.free(w, avoid)) {
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
    pub(super) fn follow_parents(&mut self, generation: u32, dest: usize) -> bool {
        if self.stamp[self.blank] != generation {
            return false;
        }
        while self.blank != dest {
            let next = self.parent[self.blank] as usize;
            self.slide(next);
        }
        true
    }
}
