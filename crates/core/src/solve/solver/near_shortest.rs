//! Near-shortest default answers on rectangles of 17 to 36 cells: when
//! a solver looks for one, the tables it uses, and the search (weighted
//! A* on the whole board, or after a reduction line by line).

use std::time::{Duration, Instant};

use super::line_reduction;
use super::{Improve, Solver, sides};
use crate::arrangement::several_blanks;
use crate::arrangement::{Arrangement, Token, all_distinct};
use crate::board::Board;
use crate::solve::error::SolveError;
use crate::solve::search::beam;
use crate::solve::search::ida::{self, Rectangle};
use crate::solve::search::pdb;
use crate::solve::search::stop::Stop;
use crate::solve::search::weighted::{self, Near};

/// The longest the default's improvement may go on: a guard for slow
/// machines, rarely reached (its work is bounded by [`POLISH_NODES`],
/// and the first answer and the beam by theirs: at most about 8 s in
/// all here, on 7×7).
const POLISH_TIME_MOST: Duration = Duration::from_secs(10);

/// The most nodes the default's improvement window by window expands
/// (see `search::shorten`): a bound of work, not of time, so that the
/// default answer is the same on every machine. Measured, it ends far
/// sooner, when a round gains nothing: 0.1–5 M nodes, 0.5–2 s (5×5 to
/// 12×12, with the sub-board's own).
const POLISH_NODES: u64 = 50_000_000;

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

    /// A near-shortest solution, or `None` when this solver does not
    /// look for one or the weighted search's budget ran out: the first
    /// answer (weighted A* on the whole board, or the line reduction and,
    /// on 6×6 to 7×7, a beam beside it), then improved window by window
    /// with at most [`POLISH_NODES`] (a whole answer only); then, when
    /// `improve` gives an instant, improved further until then (see
    /// `anytime`).
    pub(super) fn near(
        &self,
        board: &Board,
        from: &Arrangement,
        to: &Arrangement,
        improve: Improve,
    ) -> Result<Option<Near>, SolveError> {
        if !self.wants_near(board, from) {
            return Ok(None);
        }
        let (rows, cols) = near_rectangle(board).expect("a rectangle");
        let (a, b) = (from.tokens(), to.tokens());
        // The default's work has bounds of its own, which a time limit
        // does not shorten: a limit only ever adds time.
        let cancel = Stop::on(self.cancel.as_deref());
        let (polish, later) = match improve {
            Improve::Whole(anytime) => (true, anytime.map(|deadline| cancel.by(deadline))),
            Improve::Part => (false, None),
        };
        let near = if line_reduction::searched_whole(rows, cols) {
            let rect = Rectangle::new(rows, cols);
            let (tiles, blank_goal) = ida::relabel(a, b);
            let tables = self.near_tables(&rect, blank_goal);
            let heuristic = self.heuristic_of(&rect, blank_goal, tables)?;
            let first = weighted::search(
                &heuristic,
                &tiles,
                &weighted::WEIGHTS,
                weighted::BUDGET,
                cancel,
            );
            self.cancelled()?;
            let Some(mut near) = first else {
                return Ok(None);
            };
            if polish {
                self.polish(rows, cols, a, &mut near, cancel);
            }
            if let Some(later) = later {
                self.improve_weighted(rows, cols, a, (&heuristic, &tiles), &mut near, later);
            }
            near
        } else {
            let (found, lower_bound) = self.reduced(board, a, b)?;
            let mut near = Near { found, lower_bound };
            // The beam is bounded by its width, not the clock: the same
            // answer on every machine. Its answers are not polished: they
            // gained 0.7% (6×6) for 1–2 s, and 7×7 answers then passed 10 s.
            let beam_won = beam_width(rows, cols)
                .is_some_and(|width| self.beam_into(rows, cols, (a, b), width, &mut near, cancel));
            self.cancelled()?;
            if polish && !beam_won {
                self.polish(rows, cols, a, &mut near, cancel);
            }
            if let Some(later) = later {
                let width = beam_width(rows, cols);
                self.improve_reduced(rows, cols, (a, b), width, &mut near, later);
            }
            near
        };
        self.cancelled()?;
        Ok(Some(near))
    }

    /// A beam of `width` from `a` to `b` (see `search::beam`), its
    /// answer kept in `near` when shorter; true when it was.
    pub(super) fn beam_into(
        &self,
        rows: usize,
        cols: usize,
        (a, b): (&[Token], &[Token]),
        width: usize,
        near: &mut Near,
        stop: Stop,
    ) -> bool {
        let Some((moves, expanded)) = beam::search(rows, cols, a, b, width, stop) else {
            return false;
        };
        near.found.nodes += expanded;
        let shorter = moves.len() < near.found.moves.len();
        if shorter {
            near.found.moves = moves;
        }
        shorter
    }

    /// The first improvement of every near-shortest answer: windows
    /// re-searched with the lightest effort, at most [`POLISH_NODES`]
    /// and [`POLISH_TIME_MOST`].
    fn polish(&self, rows: usize, cols: usize, a: &[Token], near: &mut Near, cancel: Stop) {
        let stop = cancel.by(Instant::now() + POLISH_TIME_MOST);
        self.shorten_into(rows, cols, a, near, (0, POLISH_NODES), stop);
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
