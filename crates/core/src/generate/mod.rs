//! Random arrangements, reproducible from a seed: drawn uniformly from
//! all those that can reach a target, or made by scrambling the target
//! with a random walk of the blank.
//!
//! Uniform draws are exact, four ways:
//! - rejection sampling: the target's tokens are shuffled uniformly over
//!   the cells the blank can visit (the others cannot change), and a
//!   shuffle is kept when the decision says it reaches the target. On
//!   most boards a shuffle is kept with probability 1 or 1/2 (boxes,
//!   2-connected boards);
//! - on trees and cycles, from their structure (`thin.rs`), in O(N);
//! - where reachable arrangements are rarer (tokens locked in dead ends,
//!   corridors), on up to [`MAX_GROUP_CELLS`] cells: a uniformly random
//!   element of the group the blank's round trips generate (Schreier-Sims),
//!   applied to the target, then the blank walked to a uniformly random
//!   cell;
//! - on bigger boards with cut cells, block by block (`blocks.rs`): the
//!   same group is the product of the blocks' own, each known outright.
//!
//! Bigger 2-connected boards where shuffles are rarely kept (none met:
//! most keep one in two) are refused with the advice to scramble instead.
//!
//! With several blanks each connected part holding a blank is shuffled
//! on its own (tokens never leave their part) and the draw is by
//! rejection only: the group is that of one blank's round trips. A
//! scramble is then a walk of random moves, any token next to any blank.

mod blocks;
mod group;
mod thin;

use rand::seq::SliceRandom;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::arrangement::several_blanks;
use crate::arrangement::{Arrangement, BLANK, Token, blank_cell};
use crate::board::{Board, Cell};
use crate::error::Error;
use crate::moves::Move;
use crate::reach::reach;
use crate::stop::Stop;
use blocks::BlockDraw;
use thin::Thin;

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
    /// Stops long draws when set.
    cancel: Option<Arc<AtomicBool>>,
    /// The group last built, for the board spec and target it was built for.
    group: Option<(String, Vec<Token>, group::Group)>,
    /// The blocks' groups last found (`None`: one block), for the board
    /// spec and home cell.
    blocks: Option<(String, usize, Option<BlockDraw>)>,
}

impl std::fmt::Debug for Generator {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Generator").finish_non_exhaustive()
    }
}

impl Generator {
    /// A seed from the clock (nanoseconds since 1970), for callers given
    /// none: different on every run, and shown so a run can be repeated.
    #[must_use]
    pub fn clock_seed() -> u64 {
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
        now.map(|d| d.as_nanos() as u64).unwrap_or(0)
    }

    /// A generator seeded with `seed`.
    #[must_use]
    pub fn new(seed: u64) -> Self {
        Self {
            rng: ChaCha8Rng::seed_from_u64(seed),
            cancel: None,
            group: None,
            blocks: None,
        }
    }

    /// A flag that stops a long draw when set (from another thread): the
    /// draw then ends with [`Error::Cancelled`]. Uniform draws look at it
    /// before each shuffle, scrambles every 1,024 moves. Default: none.
    #[must_use]
    pub fn cancel_on(mut self, flag: Arc<AtomicBool>) -> Self {
        self.cancel = Some(flag);
        self
    }

    /// What ends a draw: the flag of [`cancel_on`](Self::cancel_on).
    fn stop(&self) -> Stop<'_> {
        Stop::on(self.cancel.as_deref())
    }

    /// An arrangement drawn uniformly from all those that can reach `to`.
    ///
    /// # Errors
    /// [`Error::BadArrangement`] when `to` does not fit the board;
    /// [`Error::Input`] when reachable arrangements are so rare on this
    /// board that [`MAX_SHUFFLES`] shuffles found none;
    /// [`Error::Cancelled`] when the flag of [`cancel_on`](Self::cancel_on)
    /// is set.
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
        if let Some(shape) = Thin::of(board, &cells, home) {
            let mut tokens = to.tokens().to_vec();
            shape.apply_random(&mut tokens, &mut self.rng);
            return Ok(self.blank_to_random_cell(board, tokens, &cells));
        }
        let key = (board.to_string(), to.tokens().to_vec());
        let small = cells.len() <= MAX_GROUP_CELLS;
        if !small {
            let cached = self.blocks.as_ref();
            if cached.is_none_or(|(b, h, _)| (b, *h) != (&key.0, home)) {
                let draw = BlockDraw::of(board, home, blocks::BUILT_UP_TO);
                self.blocks = Some((key.0.clone(), home, draw));
            }
            if let Some((_, _, Some(draw))) = &self.blocks {
                let mut tokens = to.tokens().to_vec();
                draw.apply_random(&mut tokens, &mut self.rng);
                return Ok(self.blank_to_random_cell(board, tokens, &cells));
            }
        }
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
        self.blank_to_random_cell(board, tokens, cells)
    }

    /// `tokens` with the blank walked, by a shortest path, to a uniformly
    /// random cell of `cells`.
    fn blank_to_random_cell(
        &mut self,
        board: &Board,
        mut tokens: Vec<Token>,
        cells: &[usize],
    ) -> Arrangement {
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
            self.stop().check()?;
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
    /// [`Error::BadArrangement`] when `to` does not fit the board,
    /// [`Error::Cancelled`] when the flag of [`cancel_on`](Self::cancel_on)
    /// is set.
    pub fn scramble(
        &mut self,
        board: &Board,
        to: &Arrangement,
        moves: u64,
    ) -> Result<Arrangement, Error> {
        to.check(board, "to")?;
        if several_blanks(to.tokens()) {
            return self.scramble_blanks(board, to.tokens(), moves);
        }
        let mut tokens = to.tokens().to_vec();
        let mut blank = blank_cell(&tokens) as Cell;
        let mut previous: Option<Cell> = None;
        for i in 0..moves {
            if i.is_multiple_of(1024) {
                self.stop().check()?;
            }
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
    fn scramble_blanks(
        &mut self,
        board: &Board,
        to: &[Token],
        moves: u64,
    ) -> Result<Arrangement, Error> {
        let mut tokens = to.to_vec();
        let mut previous: Option<Move> = None;
        for i in 0..moves {
            if i.is_multiple_of(1024) {
                self.stop().check()?;
            }
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
        Ok(Arrangement::new(tokens))
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
    let mut done = vec![false; board.cell_count()];
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
    let mut seen = vec![false; board.cell_count()];
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
    (0..board.cell_count()).filter(|&c| seen[c]).collect()
}

#[cfg(test)]
mod tests;
