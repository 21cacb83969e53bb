//! The default answer on boards of up to 30 cells (36 with several
//! blanks) that the rectangles' searches do not take (several blanks,
//! repeated tokens, masks, graphs, boxes of other dimensions): the
//! construction's, or a beam's where that is shorter (see
//! `search::beam_any`), with the beam's estimate of the start (each
//! tile's distance to the nearest goal cell of its kind, see
//! `search::goal_distance`) as the proven lower bound.

use std::time::{Duration, Instant};

use crate::arrangement::Token;
use crate::board::Board;
use crate::solve::Found;
use crate::solve::error::SolveError;
use crate::solve::search::near::Improve;
use crate::solve::search::{beam_any, goal_distance};

use super::Solver;
use super::choice;

/// The most time the answer may take (the construction, the relabelled
/// search on thin rectangles and the beam), on a slow machine: the
/// beam's work is bounded by its width and the best length before it,
/// so that the answer is the same on every machine that ends it within
/// this.
const GUARD: Duration = Duration::from_secs(10);

impl Solver<'_> {
    /// The shorter of the construction and a beam bounded by its length
    /// from `a` to `b` (reachable) on `board`, and a lower bound of the
    /// shortest length. On thin rectangles the relabelled rectangles'
    /// answer comes first, and the beam must be shorter than it (see
    /// [`choice::relabelled_first`]).
    ///
    /// # Errors
    /// Those of the construction; [`SolveError::Cancelled`].
    pub(super) fn near_any(
        &self,
        board: &Board,
        a: &[Token],
        b: &[Token],
    ) -> Result<(Found, u64), SolveError> {
        let started = Instant::now();
        let mut found = self.constructed_simplified(board, a, b)?;
        if choice::relabelled_first(board) {
            let whole = Improve::Whole(None);
            found = self.relabelled_if_shorter(board, (a, b), whole, found)?;
        }
        let width = choice::any_beam_width(board, (a, b));
        let stop = self.stop().by(started + GUARD);
        let memory = self.max_search_memory.unwrap_or(u64::MAX);
        let beam = (width, found.moves.len());
        if let Some((moves, nodes)) = beam_any::search(board, (a, b), beam, (stop, memory)) {
            found = Found {
                moves,
                optimal: false,
                nodes,
            };
        }
        self.stop().check()?;
        Ok((found, goal_distance::lower_bound(board, a, b)))
    }
}
