//! Near-shortest default answers on rectangles of 17 to 36 cells: when
//! a solver looks for one, the tables it uses, and the search (weighted
//! A* on the whole board, or after a reduction line by line).

use super::line_reduction;
use super::{Solver, sides};
use crate::arrangement::several_blanks;
use crate::arrangement::{Arrangement, all_distinct};
use crate::board::Board;
use crate::solve::error::SolveError;
use crate::solve::search::beam;
use crate::solve::search::ida::{self, Rectangle};
use crate::solve::search::pdb;
use crate::solve::search::weighted;

/// Rectangles of at most this many cells get near-shortest answers by
/// default (6×6, 7×7, …, 12×12, 4×9, 3×12); bigger ones constructive.
const NEAR_UP_TO: usize = 144;

/// The sides of a rectangle that gets near-shortest answers: both at
/// least 2, at most [`NEAR_UP_TO`] cells.
pub(super) fn near_rectangle(board: &Board) -> Option<(usize, usize)> {
    sides(board, NEAR_UP_TO, "near-shortest answers").ok()
}

/// The most entries of a table a near-shortest search builds on the
/// spot: about a second of work, 32 MB.
const NEAR_TABLE_ENTRIES: usize = 8_000_000;

/// The largest pattern whose tables on `cells` cells have at most
/// [`NEAR_TABLE_ENTRIES`] placements: 5 tiles up to 26 cells (four 6.4M
/// entry tables and one of 4 tiles on 5×5), 4 beyond.
fn near_tiles(cells: usize) -> usize {
    (1..cells)
        .take_while(|&k| (cells - k + 1..=cells).product::<usize>() <= NEAR_TABLE_ENTRIES)
        .last()
        .unwrap_or(1)
}

/// The width of the beam searched beside the line reduction, on
/// rectangles with both sides at least 6 and at most 49 cells (6×6,
/// 6×7, 7×7): about five seconds on one core, where the beam's answers
/// were 10–20% shorter than the reduction's. `None` elsewhere: on 5×6,
/// 4×8 and the like the reduction was not measured against it, and
/// past 7×7 a beam on the Manhattan distance wanders (10×10 answers
/// came out a third longer than the reduction's).
fn beam_width(rows: usize, cols: usize) -> Option<usize> {
    (rows.min(cols) >= 6 && rows * cols <= 49).then(|| BEAM_STATES / (rows * cols))
}

/// The arrangements a beam may hold over all its layers' widths, times
/// the cells: the width is this over the board's cells.
const BEAM_STATES: usize = 500_000;

impl Solver<'_> {
    /// Whether this solver looks for a near-shortest solution from `from`:
    /// by default, on rectangles of 17 to [`NEAR_UP_TO`] cells with one
    /// blank and distinct tokens.
    pub(super) fn wants_near(&self, board: &Board, from: &Arrangement) -> bool {
        let a = from.tokens();
        self.shortest_when_cheap
            && !self.wants_shortest(board, from)
            && near_rectangle(board).is_some()
            && !several_blanks(a)
            && all_distinct(a)
    }

    /// A near-shortest solution by weighted A* (see `search::weighted`), or `None`
    /// when this solver does not look for one or its budget ran out.
    pub(super) fn near(
        &self,
        board: &Board,
        from: &Arrangement,
        to: &Arrangement,
    ) -> Result<Option<weighted::Near>, SolveError> {
        if !self.wants_near(board, from) {
            return Ok(None);
        }
        let (rows, cols) = near_rectangle(board).expect("a rectangle");
        if !line_reduction::searched_whole(rows, cols) {
            let (mut found, lower_bound) = self.reduced(board, from.tokens(), to.tokens())?;
            if let Some(width) = beam_width(rows, cols) {
                let (a, b) = (from.tokens(), to.tokens());
                let beam = beam::search(rows, cols, a, b, width, self.cancel.as_deref());
                if let Some((moves, expanded)) = beam {
                    found.nodes += expanded;
                    if moves.len() < found.moves.len() {
                        found.moves = moves;
                    }
                }
                self.cancelled()?;
            }
            return Ok(Some(weighted::Near { found, lower_bound }));
        }
        let rect = Rectangle::new(rows, cols);
        let (tiles, blank_goal) = ida::relabel(from.tokens(), to.tokens());
        let heuristic =
            self.heuristic_of(&rect, blank_goal, self.near_tables(&rect, blank_goal))?;
        let found = weighted::search(&heuristic, &tiles, weighted::BUDGET, self.cancel.as_deref());
        self.cancelled()?;
        Ok(found)
    }

    /// The tables of a near-shortest search on `rect`: small compact ones
    /// (built in seconds once, loaded in milliseconds), none past 32
    /// cells. The strong tables are not used even when at hand: loading
    /// them (2 GB on 5×5) would take longer than the whole search.
    fn near_tables(&self, rect: &Rectangle, blank_goal: u8) -> Option<Vec<Vec<u8>>> {
        (rect.rows * rect.cols <= pdb::MAX_TABLE_CELLS)
            .then(|| ida::compact_partition(rect, blank_goal, near_tiles(rect.rows * rect.cols)))
    }
}
