//! Better near-shortest answers for those who give them time
//! ([`Solver::time_limit`] without [`Solver::optimal`]): the first answer
//! is improved in stages until the deadline, each stage a stronger
//! search than the last, the best answer and the best proven bound kept,
//! and every shorter length reported as it is found.
//!
//! The stages: on boards searched whole (the 24-puzzle, 4×5, 4×6),
//! weighted A* again with smaller weights and a bigger budget (each
//! success proves a tighter bound as well, Richter, Thayer & Ruml 2010);
//! on 6×6 to 8×8, beams twice as wide each time; on every board, the
//! windows of `search::shorten` searched harder.

use super::Context;
use crate::arrangement::Token;
use crate::solve::search::rectangle::Heuristic;
use crate::solve::search::shorten::{self, EFFORTS};
use crate::solve::search::weighted::{self, Near, Weight};
use crate::stop::Stop;

/// The weights of the stages on boards searched whole, after the first
/// answer's 1.5. With the compact tables a weight of 1.3 often needs
/// more than two million states on the 24-puzzle, so 1.4 comes first:
/// it finishes in about 0.1–0.3 M, and its answer, polished, is what the
/// end search starts from when 1.3 does not finish (see
/// [`Stages::DEFAULT`]).
const STAGE_WEIGHTS: [Weight; 5] = [
    Weight { num: 7, den: 5 },
    Weight { num: 13, den: 10 },
    Weight { num: 6, den: 5 },
    Weight { num: 11, den: 10 },
    Weight { num: 21, den: 20 },
];

/// How much work the stages on a board searched whole may do.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Stages {
    /// Nodes of all the stages together, about (a stage that has begun
    /// ends its window or its weighted search's budget).
    pub nodes: u64,
    /// States each weighted search may expand.
    pub per_weight: usize,
}

impl Stages {
    /// The default's own stages, after its first answer and polish:
    /// bounded by counts, so that the answer is the same on every
    /// machine. Measured on Korf & Felner's 50 24-puzzles (length over
    /// the shortest, with the end search after the stages), the compact
    /// tables: 2 M nodes in all and 1 M states a weight, from 1.3,
    /// 1.064 (3.2 s an answer, worst 4.8 s); 4 M and 2 M from 1.3, 1.050
    /// (5.4 s, worst 8.3 s); from 1.4, 3 M and 1.5 M 1.047 (3.6 s, worst
    /// 5.1 s), these 1.043 (4.6–4.8 s, worst 7.3–7.9 s; a 1.15 stage
    /// more, the same). With the 6-6-6-6 tables, 1.035 from 1.3 or 1.4.
    /// The weighted searches' states take about 820 MB at the peak.
    pub(crate) const DEFAULT: Self = Self {
        nodes: 4_000_000,
        per_weight: 2_000_000,
    };

    /// The anytime stages, until the time limit, from the first weight
    /// whose search the default's stages did not end: each weighted
    /// search up to 4 M states, about 1.7 GB of states reached and open
    /// at its end (the default's two million about 800 MB).
    pub(crate) const ANYTIME: Self = Self {
        nodes: u64::MAX,
        per_weight: 4_000_000,
    };
}

/// The widest beam of the anytime stages, over the default's: 16 times
/// (about 16 times its time, a minute and more, and 500 MB on 7×7).
const MOST_WIDER: usize = 16;

impl Context<'_> {
    /// `near`'s moves shortened window by window with effort `level`
    /// of [`EFFORTS`] until `stop`, `max_nodes` expanded or no gain; true
    /// when shorter.
    pub(crate) fn shorten_into(
        &self,
        rows: usize,
        cols: usize,
        a: &[Token],
        near: &mut Near,
        (level, max_nodes): (usize, u64),
        stop: Stop,
    ) -> bool {
        let mut report = self.shorter_reporter(near.lower_bound);
        let effort = EFFORTS[level.min(EFFORTS.len() - 1)];
        let moves = &near.found.moves;
        let shorter =
            shorten::shorten(rows, cols, a, moves, (effort, max_nodes), stop, &mut report);
        near.found.nodes += shorter.nodes;
        let gained = shorter.moves.len() < near.found.moves.len();
        near.found.moves = shorter.moves;
        gained
    }

    /// The stages on a board searched whole: smaller weights (until one
    /// fails in its budget), then harder windows, until `stop` or the
    /// nodes of `stages`. The first `finished` weights' searches are not
    /// made again (they ended before, and with more states would end
    /// the same way); the weights whose searches have ended, those
    /// counted, are returned.
    pub(crate) fn improve_weighted(
        &self,
        rows: usize,
        cols: usize,
        a: &[Token],
        (heuristic, tiles): (&Heuristic, &[u8]),
        near: &mut Near,
        (stages, finished, stop): (Stages, usize, Stop),
    ) -> usize {
        let first = near.found.nodes;
        let left = |near: &Near| stages.nodes.saturating_sub(near.found.nodes - first);
        let mut ended = finished;
        for (stage, weight) in STAGE_WEIGHTS.into_iter().enumerate().skip(finished) {
            if stop.now() || left(near) == 0 {
                return ended;
            }
            let expanded = stages
                .per_weight
                .min(usize::try_from(left(near)).unwrap_or(usize::MAX));
            let budget = weighted::Budget {
                expanded,
                memory: self.search_memory,
            };
            let found = weighted::search(heuristic, tiles, &[weight], budget, stop);
            if let Some(better) = found {
                let before = (near.found.moves.len(), near.lower_bound);
                near.lower_bound = near.lower_bound.max(better.lower_bound);
                near.found.nodes += better.found.nodes;
                if better.found.moves.len() < near.found.moves.len() {
                    near.found.moves = better.found.moves;
                }
                if (near.found.moves.len(), near.lower_bound) != before {
                    self.tell_shorter(near);
                }
                ended = stage + 1;
            } else {
                // A smaller weight with no more states would fail too:
                // the rest goes to the windows.
                near.found.nodes += expanded as u64;
                break;
            }
            let level = (stage.min(1) + 1, left(near));
            self.shorten_into(rows, cols, a, near, level, stop);
        }
        let level = (EFFORTS.len() - 1, left(near));
        self.shorten_into(rows, cols, a, near, level, stop);
        ended
    }

    /// The anytime stages on a reduced board: wider beams where the
    /// default has one, harder windows everywhere, until `stop`.
    pub(crate) fn improve_reduced(
        &self,
        rows: usize,
        cols: usize,
        (a, b): (&[Token], &[Token]),
        beam: Option<(usize, Option<&Heuristic>)>,
        near: &mut Near,
        stop: Stop,
    ) {
        let mut wider = 2;
        for level in 1..EFFORTS.len() {
            self.shorten_into(rows, cols, a, near, (level, u64::MAX), stop);
        }
        while let Some((width, tables)) = beam.filter(|_| wider <= MOST_WIDER) {
            if stop.now() {
                return;
            }
            if self.beam_into(rows, cols, (a, 0, b), (width * wider, tables), near, stop) {
                self.tell_shorter(near);
                self.shorten_into(rows, cols, a, near, (1, u64::MAX), stop);
            }
            wider *= 2;
        }
    }

    fn tell_shorter(&self, near: &Near) {
        self.shorter_reporter(near.lower_bound)(near.found.moves.len());
    }
}
