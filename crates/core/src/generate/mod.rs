//! Random arrangements, reproducible from a seed: drawn uniformly from
//! all those that can reach a target, or made by scrambling the target
//! with a random walk of the blank.
//!
//! Uniform draws are exact, two ways:
//! - rejection sampling: the target's tokens are shuffled uniformly over
//!   the cells the blank can visit (the others cannot change), and a
//!   shuffle is kept when the decision says it reaches the target. On
//!   most boards a shuffle is kept with probability 1 or 1/2 (boxes,
//!   2-connected boards);
//! - where reachable arrangements are rarer (tokens locked in dead ends,
//!   corridors), on up to [`MAX_GROUP_CELLS`] cells: a uniformly random
//!   element of the group the blank's round trips generate (Schreier-Sims),
//!   applied to the target, then the blank walked to a uniformly random
//!   cell.
//!
//! Bigger boards where shuffles are rarely kept are refused with the
//! advice to scramble instead.
//!
//! With several blanks each connected part holding a blank is shuffled
//! on its own (tokens never leave their part) and the draw is by
//! rejection only: the group is that of one blank's round trips. A
//! scramble is then a walk of random moves, any token next to any blank.

mod group;

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::arrangement::{Arrangement, BLANK, Token, blank_cell};
use crate::board::{Board, Cell};
use crate::error::Error;
use crate::reach::{reach, several_blanks};
use crate::solve::Move;

/// The most shuffles tried for one uniform draw.
pub const MAX_SHUFFLES: u64 = 200_000;

/// Shuffles tried before the group is built, on boards small enough.
const SHUFFLES_BEFORE_GROUP: u64 = 64;

/// The largest set of cells the blank can visit on which the group of
/// its round trips is built.
pub const MAX_GROUP_CELLS: usize = 64;

/// Makes random arrangements from a seed: the same seed, board and target
/// give the same arrangements on every machine.
///
/// ```
/// use npuzzle_core::{Arrangement, Board, generate::Generator};
/// let board: Board = "4x4".parse()?;
/// let to = Arrangement::solved(16);
/// let mut generator = Generator::new(7);
/// let a = generator.reachable(&board, &to)?;
/// assert!(npuzzle_core::reach(&board, &a, &to)?.is_reachable());
/// let b = Generator::new(7).reachable(&board, &to)?;
/// assert_eq!(a, b);
/// let scrambled = generator.scramble(&board, &to, 20)?;
/// assert!(npuzzle_core::reach(&board, &scrambled, &to)?.is_reachable());
/// # Ok::<(), npuzzle_core::Error>(())
/// ```
pub struct Generator {
    rng: ChaCha8Rng,
    /// The group last built, for the board spec and target it was built for.
    group: Option<(String, Vec<Token>, group::Group)>,
}

impl std::fmt::Debug for Generator {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Generator").finish_non_exhaustive()
    }
}

impl Generator {
    /// A generator seeded with `seed`.
    pub fn new(seed: u64) -> Generator {
        Generator {
            rng: ChaCha8Rng::seed_from_u64(seed),
            group: None,
        }
    }

    /// An arrangement drawn uniformly from all those that can reach `to`.
    ///
    /// # Errors
    /// [`Error::BadArrangement`] when `to` does not fit the board;
    /// [`Error::Input`] when reachable arrangements are so rare on this
    /// board that [`MAX_SHUFFLES`] shuffles found none.
    pub fn reachable(&mut self, board: &Board, to: &Arrangement) -> Result<Arrangement, Error> {
        to.check(board, "to")?;
        if several_blanks(to.tokens()) {
            // Tokens stay in their connected part: each part with a blank
            // is shuffled on its own, and no group is built.
            let parts = parts_with_blanks(board, to.tokens());
            return self
                .shuffled(board, to, &parts, MAX_SHUFFLES)?
                .ok_or_else(too_rare);
        }
        let home = blank_cell(to.tokens());
        let cells = blank_component(board, home);
        let key = (board.to_string(), to.tokens().to_vec());
        let small = cells.len() <= MAX_GROUP_CELLS;
        if small
            && self
                .group
                .as_ref()
                .is_some_and(|(b, t, _)| (b, t) == (&key.0, &key.1))
        {
            return Ok(self.draw_from_group(board, to, &cells));
        }
        let tries = if small {
            SHUFFLES_BEFORE_GROUP
        } else {
            MAX_SHUFFLES
        };
        if let Some(a) = self.shuffled(board, to, std::slice::from_ref(&cells), tries)? {
            return Ok(a);
        }
        if small {
            let trips = group::round_trips(board, &cells, home);
            let group = group::Group::generated_by(cells.len(), &trips);
            self.group = Some((key.0, key.1, group));
            return Ok(self.draw_from_group(board, to, &cells));
        }
        Err(too_rare())
    }

    /// A uniform random element of the cached group applied to `to`,
    /// then the blank walked to a uniformly random cell of `cells`.
    fn draw_from_group(&mut self, board: &Board, to: &Arrangement, cells: &[usize]) -> Arrangement {
        let (_, _, group) = self.group.as_ref().expect("a group built");
        let g = group.random(&mut self.rng);
        let mut tokens = to.tokens().to_vec();
        for (i, &c) in cells.iter().enumerate() {
            tokens[c] = to.tokens()[cells[g[i] as usize]];
        }
        let target = cells[self.rng.random_range(0..cells.len())] as Cell;
        let path = crate::graph::shortest_path(board, blank_cell(&tokens) as Cell, target)
            .expect("a cell the blank can visit");
        for step in path.windows(2) {
            tokens.swap(step[0] as usize, step[1] as usize);
        }
        Arrangement::new(tokens)
    }

    /// Up to `tries` uniform shuffles of the tokens on `cells`; the first
    /// that reaches `to`.
    fn shuffled(
        &mut self,
        board: &Board,
        to: &Arrangement,
        parts: &[Vec<usize>],
        tries: u64,
    ) -> Result<Option<Arrangement>, Error> {
        let mut tokens: Vec<Vec<Token>> = parts
            .iter()
            .map(|cells| cells.iter().map(|&c| to.tokens()[c]).collect())
            .collect();
        let mut draw = to.tokens().to_vec();
        for _ in 0..tries {
            for (cells, tokens) in parts.iter().zip(&mut tokens) {
                tokens.shuffle(&mut self.rng);
                for (&c, &t) in cells.iter().zip(tokens.iter()) {
                    draw[c] = t;
                }
            }
            let candidate = Arrangement::new(draw.clone());
            if reach(board, &candidate, to)?.is_reachable() {
                return Ok(Some(candidate));
            }
        }
        Ok(None)
    }

    /// `to` after a random walk of exactly `moves` moves of the blank that
    /// never undoes the move before, unless a dead end leaves no other
    /// (an isolated blank does not move).
    ///
    /// # Errors
    /// [`Error::BadArrangement`] when `to` does not fit the board.
    pub fn scramble(
        &mut self,
        board: &Board,
        to: &Arrangement,
        moves: u64,
    ) -> Result<Arrangement, Error> {
        to.check(board, "to")?;
        if several_blanks(to.tokens()) {
            return Ok(self.scramble_blanks(board, to.tokens(), moves));
        }
        let mut tokens = to.tokens().to_vec();
        let mut blank = blank_cell(&tokens) as Cell;
        let mut previous: Option<Cell> = None;
        for _ in 0..moves {
            let around = board.neighbours(blank);
            let choices: Vec<Cell> = around
                .iter()
                .copied()
                .filter(|&c| Some(c) != previous)
                .collect();
            let next = match (choices.is_empty(), around.is_empty()) {
                (_, true) => break,
                (true, false) => around[0],
                (false, false) => choices[self.rng.random_range(0..choices.len())],
            };
            tokens.swap(blank as usize, next as usize);
            previous = Some(blank);
            blank = next;
        }
        debug_assert_eq!(tokens[blank as usize], BLANK);
        Ok(Arrangement::new(tokens))
    }
}

impl Generator {
    /// A walk of `moves` random moves with several blanks: each a token
    /// next to a blank slid into it, chosen uniformly among all such
    /// moves but the one undoing the move before (unless it is the only
    /// one).
    fn scramble_blanks(&mut self, board: &Board, to: &[Token], moves: u64) -> Arrangement {
        let mut tokens = to.to_vec();
        let mut previous: Option<Move> = None;
        for _ in 0..moves {
            let all: Vec<Move> = (0..tokens.len())
                .filter(|&b| tokens[b] == BLANK)
                .flat_map(|b| {
                    let tokens = &tokens;
                    board
                        .neighbours(b as Cell)
                        .iter()
                        .filter(move |&&w| tokens[w as usize] != BLANK)
                        .map(move |&w| Move {
                            from: w,
                            to: b as Cell,
                        })
                })
                .collect();
            let choices: Vec<Move> = all
                .iter()
                .copied()
                .filter(|&m| Some(m.undo()) != previous)
                .collect();
            let next = match (choices.is_empty(), all.is_empty()) {
                (_, true) => break,
                (true, false) => all[0],
                (false, false) => choices[self.rng.random_range(0..choices.len())],
            };
            tokens.swap(next.from as usize, next.to as usize);
            previous = Some(next);
        }
        Arrangement::new(tokens)
    }
}

/// The error when shuffles found nothing that reaches the target.
fn too_rare() -> Error {
    Error::Input {
        place: "gen".into(),
        problem: format!(
            "no arrangement reaching the target in {MAX_SHUFFLES} shuffles: reachable \
             ones are too rare on this board to draw uniformly; scramble instead (--moves)"
        ),
    }
}

/// The cells of each connected part of the board that holds a blank.
fn parts_with_blanks(board: &Board, tokens: &[Token]) -> Vec<Vec<usize>> {
    let mut done = vec![false; board.cells()];
    let mut parts = Vec::new();
    for start in (0..tokens.len()).filter(|&c| tokens[c] == BLANK) {
        if !done[start] {
            let cells = blank_component(board, start);
            cells.iter().for_each(|&c| done[c] = true);
            parts.push(cells);
        }
    }
    parts
}

/// The cells the blank on `start` can visit, in increasing order.
fn blank_component(board: &Board, start: usize) -> Vec<usize> {
    let mut seen = vec![false; board.cells()];
    let mut stack = vec![start as Cell];
    seen[start] = true;
    while let Some(c) = stack.pop() {
        for &n in board.neighbours(c) {
            if !seen[n as usize] {
                seen[n as usize] = true;
                stack.push(n);
            }
        }
    }
    (0..board.cells()).filter(|&c| seen[c]).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::{HashMap, HashSet, VecDeque};

    /// Every arrangement that can reach `to`, by breadth-first search.
    fn reachable_set(board: &Board, to: &[u32]) -> HashSet<Vec<u32>> {
        let mut seen = HashSet::from([to.to_vec()]);
        let mut queue = VecDeque::from([to.to_vec()]);
        while let Some(s) = queue.pop_front() {
            for b in (0..s.len()).filter(|&c| s[c] == BLANK) {
                for &n in board.neighbours(b as Cell) {
                    let mut t = s.clone();
                    t.swap(b, n as usize);
                    if seen.insert(t.clone()) {
                        queue.push_back(t);
                    }
                }
            }
        }
        seen
    }

    /// Draws `per_state` times the number of reachable arrangements and
    /// checks, by a chi-square test, that every one comes up about as
    /// often as the others (and nothing else comes up).
    fn check_uniform(spec: &str, to: &[u32], per_state: usize, seed: u64) {
        check_draws(spec, to, per_state, seed, false);
        check_draws(spec, to, per_state, seed, true);
    }

    /// As [`check_uniform`], by rejection (with the group behind it) or
    /// from the group alone.
    fn check_draws(spec: &str, to: &[u32], per_state: usize, seed: u64, group_only: bool) {
        let board: Board = spec.parse().unwrap();
        let all = reachable_set(&board, to);
        let to = Arrangement::new(to.to_vec());
        let mut generator = Generator::new(seed);
        let cells = blank_component(&board, blank_cell(to.tokens()));
        if group_only {
            let trips = group::round_trips(&board, &cells, blank_cell(to.tokens()));
            let g = group::Group::generated_by(cells.len(), &trips);
            generator.group = Some((board.to_string(), to.tokens().to_vec(), g));
        }
        let draws = per_state * all.len();
        let mut counts: HashMap<Vec<u32>, usize> = HashMap::new();
        for _ in 0..draws {
            let a = match group_only {
                true => generator.draw_from_group(&board, &to, &cells),
                false => generator.reachable(&board, &to).unwrap(),
            };
            assert!(all.contains(a.tokens()), "{spec}: drew an unreachable {a}");
            *counts.entry(a.into_tokens()).or_default() += 1;
        }
        let expected = per_state as f64;
        let chi2: f64 = all
            .iter()
            .map(|s| {
                let o = *counts.get(s).unwrap_or(&0) as f64;
                (o - expected).powi(2) / expected
            })
            .sum();
        // Degrees of freedom k - 1; for large k the statistic is about
        // normal with mean k - 1 and variance 2(k - 1): five deviations
        // above is a false alarm once in millions of runs.
        let k = all.len() as f64 - 1.0;
        let limit = k + 5.0 * (2.0 * k).sqrt() + 10.0;
        assert!(
            chi2 < limit,
            "{spec}: chi-square {chi2:.1} over {} states (limit {limit:.1})",
            all.len()
        );
    }

    #[test]
    fn uniform_on_a_2x3_box() {
        check_uniform("2x3", &[1, 2, 3, 4, 5, 0], 20, 1);
    }

    #[test]
    fn uniform_on_theta0() {
        check_uniform("theta0", &[0, 1, 2, 3, 4, 5, 6], 30, 2);
    }

    #[test]
    fn uniform_with_several_blanks() {
        // Every arrangement of a 2×3 box with two blanks is reachable; on
        // a triangle with a tail of three and two blanks, the deepest
        // token of the tail never changes.
        check_draws("2x3", &[1, 2, 3, 4, 0, 0], 20, 4, false);
        check_draws(
            "graph:6:0-1,1-2,2-0,2-3,3-4,4-5",
            &[1, 2, 3, 0, 4, 0],
            100,
            5,
            false,
        );
        let board: Board = "graph:6:0-1,1-2,2-0,2-3,3-4,4-5".parse().unwrap();
        let to = Arrangement::new(vec![1, 2, 3, 0, 4, 0]);
        let a = Generator::new(1).scramble(&board, &to, 50).unwrap();
        assert!(reach(&board, &a, &to).unwrap().is_reachable());
        assert_eq!(a.blank_count(), 2);
    }

    #[test]
    fn uniform_on_a_lollipop() {
        // A triangle with a tail of two: tokens in the tail are stuck in
        // order, so few of the arrangements are reachable.
        check_uniform("graph:5:0-1,1-2,2-0,2-3,3-4", &[0, 1, 2, 3, 4], 200, 3);
    }

    #[test]
    fn uniform_on_a_triangle_with_two_tails() {
        // Most shuffles lock a token in a tail: drawn from the group.
        check_uniform(
            "graph:7:0-1,1-2,2-0,2-3,3-4,0-5,5-6",
            &[0, 1, 2, 3, 4, 5, 6],
            50,
            6,
        );
    }

    #[test]
    fn uniform_on_a_cycle_and_on_a_cycle_with_repeated_tokens() {
        check_uniform(
            "graph:6:0-1,1-2,2-3,3-4,4-5,5-0",
            &[0, 1, 2, 3, 4, 5],
            200,
            7,
        );
        check_uniform(
            "graph:6:0-1,1-2,2-3,3-4,4-5,5-0",
            &[0, 1, 1, 2, 2, 3],
            200,
            8,
        );
    }

    #[test]
    fn the_hdu_board_draws_from_its_group() {
        let board: Board = "hdu4021".parse().unwrap();
        let to = Arrangement::new((0..24).collect());
        let mut generator = Generator::new(11);
        let mut seen = HashSet::new();
        for _ in 0..200 {
            let a = generator.reachable(&board, &to).unwrap();
            assert!(reach(&board, &a, &to).unwrap().is_reachable(), "{a}");
            seen.insert(a);
        }
        assert!(seen.len() > 190, "{} distinct of 200", seen.len());
    }

    #[test]
    fn uniform_with_repeated_tokens() {
        check_uniform("2x3", &[1, 1, 2, 2, 3, 0], 100, 4);
    }

    #[test]
    fn uniform_on_a_3x3_box_with_few_draws() {
        // 181,440 arrangements: each drawn about 4 times on average.
        let board: Board = "3x3".parse().unwrap();
        let to = Arrangement::solved(9);
        let mut generator = Generator::new(5);
        let mut seen = HashSet::new();
        for _ in 0..2000 {
            let a = generator.reachable(&board, &to).unwrap();
            assert!(reach(&board, &a, &to).unwrap().is_reachable());
            seen.insert(a);
        }
        // Birthday bound: 2000 uniform draws among 181,440 nearly never repeat much.
        assert!(seen.len() > 1970, "{} distinct of 2000", seen.len());
    }

    #[test]
    fn scrambles_walk_exactly_and_never_undo() {
        let board: Board = "5x5".parse().unwrap();
        let to = Arrangement::solved(25);
        let mut generator = Generator::new(9);
        for moves in [0, 1, 2, 17, 80] {
            let a = generator.scramble(&board, &to, moves).unwrap();
            assert!(reach(&board, &a, &to).unwrap().is_reachable());
            // The blank moved exactly `moves` steps: its distance has that parity.
            let (b, g) = (a.blank().unwrap() as i64, 24i64);
            let distance = (b / 5 - g / 5).abs() + (b % 5 - g % 5).abs();
            assert_eq!(distance % 2, moves as i64 % 2);
        }
        // A walk of one step after another never comes straight back.
        let two = generator.scramble(&board, &to, 2).unwrap();
        assert_ne!(two, to);
    }

    #[test]
    fn a_dead_end_forces_the_undo() {
        let board: Board = "1x3".parse().unwrap();
        let to: Arrangement = "1 2 0".parse().unwrap();
        let a = Generator::new(1).scramble(&board, &to, 3).unwrap();
        assert_eq!(a.tokens(), &[1, 0, 2]);
    }

    #[test]
    fn cells_the_blank_cannot_reach_keep_their_tokens() {
        let board: Board = "graph:5:0-1,1-2,3-4".parse().unwrap();
        let to: Arrangement = "1 2 0 3 4".parse().unwrap();
        let a = Generator::new(3).reachable(&board, &to).unwrap();
        assert_eq!(&a.tokens()[3..], &[3, 4]);
    }
}
