//! What a solver hands out: a [`Solution`] held in memory, or the
//! [`Summary`] of one written move by move.

use std::time::Duration;

use crate::board::Board;
use crate::moves::{Metric, Move, directions, multi_tile_moves};

/// A move sequence found and replayed by a [`Solver`](crate::Solver).
#[derive(Clone, Debug)]
pub struct Solution {
    pub(super) metric: Metric,
    pub(super) moves: Vec<Move>,
    pub(super) optimal: bool,
    pub(super) lower_bound: u64,
    pub(super) nodes: u64,
    /// The board, kept for [`directions`](Self::directions) on 2-D boards.
    pub(super) board_2d: Option<Board>,
}

impl Solution {
    /// What is known of this solution without its moves, found in
    /// `elapsed`.
    #[must_use]
    pub fn summary(&self, elapsed: Duration) -> Summary {
        Summary {
            metric: self.metric,
            length: self.len() as u64,
            multi_tile_moves: self.multi_tile_moves(),
            optimal: self.is_optimal(),
            lower_bound: self.lower_bound(),
            nodes: self.nodes(),
            elapsed,
        }
    }

    /// A solution found and replayed on `board`.
    pub(crate) fn new(moves: Vec<Move>, optimal: bool, nodes: u64, board: &Board) -> Self {
        Self {
            metric: Metric::SingleTile,
            lower_bound: if optimal { moves.len() as u64 } else { 0 },
            moves,
            optimal,
            nodes,
            board_2d: board.row_col(0).map(|_| board.clone()),
        }
    }

    /// The moves, first to last.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The number of moves (single-tile moves).
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether there are no moves (`from` was `to`).
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The metric the solver was asked to minimise: what
    /// [`is_optimal`](Self::is_optimal) and [`lower_bound`](Self::lower_bound)
    /// count.
    pub fn metric(&self) -> Metric {
        self.metric
    }

    /// Whether no sequence with fewer moves exists, counted in
    /// [`metric`](Self::metric).
    pub fn is_optimal(&self) -> bool {
        self.optimal
    }

    /// A proven lower bound of the fewest moves, counted in
    /// [`metric`](Self::metric): the count itself when the solution is
    /// shortest; for near-shortest ones the bound their search proves
    /// (the solution is then at most its count over the bound times the
    /// shortest); 0 when nothing is known (constructive solutions).
    pub fn lower_bound(&self) -> u64 {
        self.lower_bound
    }

    /// Search nodes expanded (shortest and near-shortest solutions).
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The number of multi-tile moves (a row of tiles sliding together
    /// counts once), on 2-D boards; `None` elsewhere.
    pub fn multi_tile_moves(&self) -> Option<u64> {
        multi_tile_moves(self.board_2d.as_ref()?, &self.moves)
    }

    /// The moves as direction letters (`D3L3U3`: the direction each tile
    /// moves, repeats folded), on 2-D boards; `None` elsewhere.
    pub fn directions(&self) -> Option<String> {
        directions(self.board_2d.as_ref()?, &self.moves)
    }

    /// Consumes the solution, giving its moves.
    pub fn into_moves(self) -> Vec<Move> {
        self.moves
    }
}

/// What [`Solver::solve_into`](crate::Solver::solve_into) and
/// [`Solver::count`](crate::Solver::count) found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Summary {
    /// The metric asked for: what `optimal` and `lower_bound` count.
    pub metric: Metric,
    /// The number of moves (single-tile moves).
    pub length: u64,
    /// The number of multi-tile moves, on 2-D boards.
    pub multi_tile_moves: Option<u64>,
    /// Whether no sequence with fewer moves exists, in `metric`.
    pub optimal: bool,
    /// A proven lower bound of the fewest moves, in `metric` (see
    /// [`Solution::lower_bound`]).
    pub lower_bound: u64,
    /// Search nodes expanded, for optimal searches.
    pub nodes: u64,
    /// The time taken, replay included.
    pub elapsed: Duration,
}
