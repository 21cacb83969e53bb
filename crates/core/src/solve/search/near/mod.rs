//! Near-shortest answers on rectangles of 17 to 144 cells, found in a
//! few seconds, each with a proven lower bound beside it:
//! - `first`: the first answer as the plan says (weighted A* on the whole
//!   board, or the line reduction, after a descent on boards past 8×8
//!   and with a beam beside it up to 8×8), polished;
//! - `reduction`: the line reduction, a rectangle filled line by line;
//! - `end`: the end of an answer on a board searched whole made shortest;
//! - `anytime`: better answers for those who give them time.
//!
//! They run on a [`Context`]: what the caller (the `Solver`) lends them,
//! its progress callback, its cancel flag, its tables and its answer for
//! the rectangle a reduction leaves, and where the reduction stops.

mod anytime;
mod end;
mod first;
mod reduction;

use std::time::Instant;

use crate::arrangement::Token;
use crate::solve::Found;
use crate::solve::error::SolveError;
use crate::solve::progress::Progress;
use crate::solve::search::beam::Descent;
use crate::solve::search::rectangle::{Heuristic, Rectangle};
use crate::stop::Stop;

/// How a near-shortest answer is first found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Plan {
    /// One weighted A* search of the whole board: the 24-puzzle and
    /// smaller rectangles with both sides at least 4.
    Weighted,
    /// The rectangle reduced line by line until [`reduction_stops`]
    /// says, the rest searched; with `descent` (its width), after a beam
    /// has brought the estimate down (9×9 to 12×12); with `beam` (its
    /// width), a beam search beside it (6×6 to 8×8).
    Reduced {
        /// The descent, where there is one.
        descent: Option<Descent>,
        /// The beam's width, where one is searched.
        beam: Option<usize>,
    },
}

/// How much a near-shortest answer is improved.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Improve {
    /// A whole answer: polished, then improved until the instant when
    /// one is given (a time limit).
    Whole(Option<Instant>),
    /// A part of a reduced board's answer: not polished (the whole answer
    /// is, once it is put together), its work within the whole answer's
    /// `guard` where it has one (see `first::DEFAULT_TIME_MOST`); on a
    /// board searched whole, its `end` searched again shortest where
    /// asked (see `end`: the rest of a reduction with no beam beside it,
    /// whose end is the whole answer's).
    Part {
        /// The whole answer's guard.
        guard: Option<Instant>,
        /// Whether the part's end is searched again, shortest.
        end: bool,
    },
}

/// What a near-shortest search borrows from its caller.
pub(crate) struct Context<'a> {
    /// Hears of each shorter answer (the anytime stages).
    pub report: &'a (dyn Fn(&Progress) + Sync),
    /// What ends the search (with [`SolveError::Cancelled`]).
    pub stop: Stop<'a>,
    /// The heuristic on a rectangle with the blank's goal on a cell, of
    /// these tables (from the caller's memory, cache and budget).
    #[allow(clippy::type_complexity)]
    pub heuristic:
        &'a dyn Fn(&Rectangle, u8, Option<Vec<Vec<u8>>>) -> Result<Heuristic, SolveError>,
    /// The tables of shortest searches on a rectangle with the blank's
    /// goal on a cell, where they are at hand (nothing built): on boards
    /// searched whole, the weighted search takes them over its own.
    #[allow(clippy::type_complexity)]
    pub strong_tables: &'a dyn Fn(&Rectangle, u8) -> Option<Vec<Vec<u8>>>,
    /// A whole answer on the `rows` × `cols` rectangle a reduction
    /// leaves, from one arrangement to another (not improved further
    /// but, where the flag says, its end searched again shortest), its
    /// work done by the instant given, where one is (the guard of the
    /// answer it is part of).
    #[allow(clippy::type_complexity)]
    pub solve_rest: &'a dyn Fn(
        (usize, usize),
        (&[Token], &[Token]),
        (Option<Instant>, bool),
    ) -> Result<Found, SolveError>,
    /// Where the line reduction of a board (rows, columns) stops, with a
    /// rectangle (rows, columns) left: one the caller solves.
    pub reduction_stops: fn((usize, usize), (usize, usize)) -> bool,
    /// Rectangles of at most this many cells are guided by tables.
    pub tables_up_to: usize,
    /// Whether tables built are kept for the next answer (a cache).
    pub keeps_tables: bool,
    /// The most bytes the states of one weighted search or beam may hold
    /// at once, besides the tables (`u64::MAX`: no bound): a smaller
    /// budget gives fewer states and narrower beams, a longer answer
    /// perhaps, never a wrong one.
    pub search_memory: u64,
}

impl Context<'_> {
    fn report(&self, progress: &Progress) {
        (self.report)(progress);
    }

    /// Tells the caller of each shorter length of an answer whose proven
    /// bound is `lower_bound` (the anytime stages' progress).
    fn shorter_reporter(&self, lower_bound: u64) -> impl Fn(usize) + '_ {
        move |moves| {
            self.report(&Progress::Shorter {
                moves: moves as u64,
                lower_bound,
            });
        }
    }

    fn heuristic_of(
        &self,
        rect: &Rectangle,
        blank_goal: u8,
        tables: Option<Vec<Vec<u8>>>,
    ) -> Result<Heuristic, SolveError> {
        (self.heuristic)(rect, blank_goal, tables)
    }
}
