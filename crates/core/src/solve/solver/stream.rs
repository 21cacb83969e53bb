//! Solutions handed out move by move, for writers and for boxes too big
//! to hold their moves: constructive solutions on boxes are found twice,
//! once to replay them and once to hand them out, so that memory does
//! not grow with the number of moves. Long solves report their progress,
//! and a reader that goes away stops the work at once.

use std::time::Instant;

use super::{Solver, Summary};
use crate::arrangement::Arrangement;
use crate::arrangement::several_blanks;
use crate::board::Board;
use crate::moves::{Canceller, Metric, Move, MultiTileCount, Replayer};
use crate::reach::{Verdict, reach};
use crate::solve::construct::{blanks, boxes};
use crate::solve::error::SolveError;
use crate::solve::progress::Progress;
use crate::solve::search::goal_distance;

/// Where moves go: a writer's `write`, say; the first error stops the
/// solve.
type Out<'o> = &'o mut dyn FnMut(Move) -> std::io::Result<()>;

impl Solver<'_> {
    /// Like [`solve`](Self::solve), but hands the moves to `out` one at a
    /// time, after they have been replayed: boxes of any size can be
    /// solved in constant memory. The first error `out` returns stops the
    /// work (within a slice of the board) and is returned.
    ///
    /// # Errors
    /// As [`solve`](Self::solve), and [`SolveError::Io`] with `out`'s
    /// error; `out` is called only for a replayed, correct sequence.
    pub fn solve_into(
        &self,
        board: &Board,
        from: &Arrangement,
        to: &Arrangement,
        mut out: impl FnMut(Move) -> std::io::Result<()>,
    ) -> Result<Summary, SolveError> {
        self.stream(self.metric, board, (from, to), Some(&mut out))
    }

    /// [`solve_into`](Self::solve_into) in `metric` where given rather
    /// than the solver's own (a batch line that names its metric).
    pub(crate) fn solve_into_in(
        &self,
        metric: Option<Metric>,
        board: &Board,
        (from, to): (&Arrangement, &Arrangement),
        mut out: impl FnMut(Move) -> std::io::Result<()>,
    ) -> Result<Summary, SolveError> {
        self.stream(
            metric.unwrap_or(self.metric),
            board,
            (from, to),
            Some(&mut out),
        )
    }

    /// The length of a solution and how it was found, without its moves
    /// (on big boxes the second pass is skipped).
    ///
    /// # Errors
    /// As [`solve`](Self::solve).
    pub fn count(
        &self,
        board: &Board,
        from: &Arrangement,
        to: &Arrangement,
    ) -> Result<Summary, SolveError> {
        self.stream(self.metric, board, (from, to), None)
    }

    fn stream(
        &self,
        metric: Metric,
        board: &Board,
        (from, to): (&Arrangement, &Arrangement),
        out: Option<Out>,
    ) -> Result<Summary, SolveError> {
        let started = Instant::now();
        let a = from.tokens();
        let streamed = match board.box_dims() {
            Some(dims) if self.streams(board, from) && a.len() == board.cell_count() => Some(dims),
            _ => None,
        };
        let Some(dims) = streamed else {
            let solution = self.solve_in(Some(metric), board, from, to)?;
            if let Some(out) = out {
                for &m in solution.moves() {
                    out(m)?;
                }
            }
            return Ok(solution.summary(started.elapsed()));
        };
        // `solve_in` checks the metric on the other path.
        if metric == Metric::MultiTile {
            self.check_multi_tile(board, a)?;
        }
        if let Verdict::Unreachable(reason) = reach(board, from, to)? {
            return Err(SolveError::Unreachable(reason));
        }
        let (length, multi_tile_moves) = self.replay_box(board, dims, from, to)?;
        if let Some(out) = out {
            self.hand_out(board, dims, from, to, out)?;
        }
        Ok(Summary {
            metric,
            length,
            multi_tile_moves: (dims.len() == 2 && !several_blanks(a)).then_some(multi_tile_moves),
            optimal: false,
            lower_bound: goal_distance::lower_bound(board, a, to.tokens()),
            nodes: 0,
            elapsed: started.elapsed(),
        })
    }

    /// The first pass: the moves found and replayed, never kept; their
    /// number in single- and multi-tile moves.
    fn replay_box(
        &self,
        board: &Board,
        dims: &[usize],
        from: &Arrangement,
        to: &Arrangement,
    ) -> Result<(u64, u64), SolveError> {
        let (a, b) = (from.tokens(), to.tokens());
        // Both passes drop undone moves alike, so the moves handed out
        // are the ones replayed.
        let mut replayer = Replayer::new(board, a);
        let mut multi_tile = MultiTileCount::default();
        let mut canceller = Canceller::new(|m| {
            replayer.push(m);
            multi_tile.push(board, m);
        });
        let mut between = |done, total| {
            self.report(&Progress::Solving {
                stage: "finding the moves",
                done: done as u64,
                total: total as u64,
            });
            true
        };
        solve_box(board, dims, a, b, &mut |m| canceller.push(m), &mut between);
        canceller.finish();
        replayer.finish(b)?;
        Ok((replayer.count(), multi_tile.count))
    }

    /// The second pass: the same moves again, to `out`, until it fails.
    fn hand_out(
        &self,
        board: &Board,
        dims: &[usize],
        from: &Arrangement,
        to: &Arrangement,
        out: Out,
    ) -> Result<(), SolveError> {
        // The sink and the check between slices share the first error.
        let failed: std::cell::RefCell<Option<std::io::Error>> = Default::default();
        let mut canceller = Canceller::new(|m| {
            let mut failed = failed.borrow_mut();
            if failed.is_none() {
                *failed = out(m).err();
            }
        });
        let mut between = |done, total| {
            self.report(&Progress::Solving {
                stage: "writing the moves",
                done: done as u64,
                total: total as u64,
            });
            failed.borrow().is_none()
        };
        let (a, b) = (from.tokens(), to.tokens());
        let mut sink = |m| canceller.push(m);
        solve_box(board, dims, a, b, &mut sink, &mut between);
        canceller.finish();
        match failed.into_inner() {
            Some(e) => Err(e.into()),
            None => Ok(()),
        }
    }
}

/// A box's constructive moves to `sink`, hearing `between` after each
/// slice (with one blank; the several-blank solver goes through without
/// stops or progress).
fn solve_box(
    board: &Board,
    dims: &[usize],
    a: &[crate::arrangement::Token],
    b: &[crate::arrangement::Token],
    sink: &mut dyn FnMut(Move),
    between: &mut dyn FnMut(usize, usize) -> bool,
) {
    if several_blanks(a) {
        blanks::solve_box_into(board, dims, a, b, sink);
    } else {
        boxes::solve_box_into(dims, a, b, sink, between);
    }
}
