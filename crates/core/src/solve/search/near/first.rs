//! Near-shortest default answers on rectangles of 17 to 144 cells: the
//! tables they use, and the search as the plan says (weighted A* on the
//! whole board, or a reduction line by line, after a descent or with a
//! beam beside it), then polished. When a solver looks for one is
//! decided by the facade (`solver/choice.rs`).

use std::ops::RangeInclusive;
use std::time::{Duration, Instant};

use super::anytime::Stages;
use super::end::end_nodes;
use super::{Context, Improve, Plan};
use crate::arrangement::Token;
use crate::solve::Found;
use crate::solve::error::{Limit, PdbError, SolveError};
use crate::solve::progress::Progress;
use crate::solve::search::ida::{self, Iterations};
use crate::solve::search::rectangle::{self, Heuristic, Rectangle};
use crate::solve::search::weighted::{self, Near};
use crate::solve::search::{beam, pdb, played};
use crate::stop::Stop;

/// The longest the default's beam and improvement may go on, from when
/// the answer's tables are at hand (a part of a reduced board's answer
/// keeps to the whole answer's): a guard for slow machines. Their work
/// is bounded by counts ([`POLISH_NODES`], the beam's width), so that
/// the default answer is the same on every machine; this clock cuts it
/// only where those counts would take longer (measured here: 7×7's
/// worst 10.4 s and 2×72's 10.7 s on one core, everything else under
/// 9 s). A beam it stops leaves the reduction's answer.
const DEFAULT_TIME_MOST: Duration = Duration::from_secs(10);

/// The most nodes the default's improvement window by window expands
/// (see `search::shorten`): a bound of work, not of time, so that the
/// default answer is the same on every machine. Measured, it ends far
/// sooner, when a round gains nothing: 0.1–5 M nodes, 0.5–2 s (5×5 to
/// 12×12, with the sub-board's own).
const POLISH_NODES: u64 = 50_000_000;

/// The boards (by cells) whose beam answer is searched again from its
/// middle arrangement, both beams three quarters as wide: 7×7, where a
/// beam's answers move by ±5% with small changes, so that a second
/// beam over the second half is a second chance. Ten shallow and ten
/// fully mixed 7×7 scrambles (`bench/data`): 296.2 / 345.8 moves with
/// one beam, 291.0 / 344.0 with two, in 7% to 9% fewer nodes (9.6 M /
/// 10.9 M against 9.0 M / 10.0 M an answer, the most 12.6 M against
/// 14.8 M, where the second beam found nothing); the second beam at half
/// the width after a whole one, 292.4 / 343.8 in 25% more time; both
/// at 60%, 302.8 / 348.4. On 6×6 the second half gained nothing (127.8
/// moves both); other boards are not measured.
const SECOND_HALF_CELLS: RangeInclusive<usize> = 49..=49;

/// The most nodes of the shortest search a default answer tries first
/// where the shortest search's tables are at hand (6-6-6-6 on 5×5,
/// after a first `--optimal`), counted by whole iterations (the same
/// lengths on the first ten of Korf & Felner's 50 as when they were
/// charged as the cores went, 5.6 s an answer): about a quarter of a
/// second on two cores, for the easy states' shortest answers and, on
/// the others, a proven bound far above the heuristic's. On the ten first shallow 5×5
/// scrambles (`bench/data`), the same answers, the bound 76.6 → 83.4,
/// 3.5 → 3.8 s an answer; on the first ten of Korf & Felner's 50, the
/// same answers, the bound 85.4 → 94.6, 4.9 → 5.2 s. Within 20 M nodes
/// three of the ten scrambles got the shortest answer (89.6 → 89.2
/// moves, the bound 85.2), but Korf & Felner's answers took 7.0 s
/// (worst 10.3 s) where they took 4.4 s, and none ended.
const SHORTEST_FIRST_NODES: u64 = 2_000_000;

/// The most entries of a table a near-shortest search builds on the
/// spot: about a second of work, 32 MB.
const NEAR_TABLE_ENTRIES: usize = 8_000_000;

/// The most entries the tables of a beam may have in all when they are
/// built for one answer only (a solver without a cache): the 6×6 set
/// (12.7M entries, a few seconds), not the 7×7 one (61M, about 40 s on
/// two cores, worth it only once).
const UNKEPT_BEAM_ENTRIES: usize = 16_000_000;

/// The largest pattern whose tables on `cells` cells have at most
/// [`NEAR_TABLE_ENTRIES`] placements: 5 tiles up to 26 cells (four 6.4M
/// entry tables and one of 4 tiles on 5×5), 4 beyond.
fn near_tiles(cells: usize) -> usize {
    (1..cells)
        .take_while(|&k| pdb::placements(cells, k).is_some_and(|p| p <= NEAR_TABLE_ENTRIES))
        .last()
        .unwrap_or(1)
}

impl Context<'_> {
    /// A near-shortest solution on a `rows` × `cols` rectangle, or `None`
    /// when the weighted search's budget ran out: on boards searched
    /// whole with the shortest search's tables at hand, a shortest one
    /// where IDA* finds it within [`SHORTEST_FIRST_NODES`]; otherwise
    /// the first answer as
    /// `plan` says (weighted A* on the whole board, or the line reduction
    /// and, on 6×6 to 8×8, a beam beside it), then improved window by window
    /// with at most [`POLISH_NODES`] (a whole answer only) and, on boards
    /// searched whole, by the anytime stages within [`Stages::DEFAULT`]
    /// and a shortest search of its end (see `near::end`, `END_NODES`);
    /// then, when
    /// `improve` gives an instant, improved further until then (see
    /// `anytime`).
    pub(crate) fn near(
        &self,
        (rows, cols, plan): (usize, usize, Plan),
        a: &[Token],
        b: &[Token],
        improve: Improve,
    ) -> Result<Option<Near>, SolveError> {
        // The default's work has bounds of its own, which a time limit
        // does not shorten: a limit only ever adds time. A clock guards
        // it on slow machines, from when its tables are at hand, and a
        // beam's from where the beam starts (the reduction before it may
        // build its rest's tables): a first 7×7 answer, which builds the
        // beam's tables and the 5×5 rest's (36 s once), had left its beam
        // no time, 378 moves where the next answer gave 264. A part of a
        // reduced board keeps to the whole answer's guard (a 12×12
        // answer's last 8×8 had started a clock of its own).
        let cancel = self.stop;
        let (polish, later, part_of, part_end) = match improve {
            Improve::Whole(anytime) => {
                let later = anytime.map(|deadline| cancel.by(deadline));
                (true, later, None, false)
            }
            Improve::Part { guard, end } => (false, None, guard, end),
        };
        let guard = || cancel.by(part_of.unwrap_or_else(|| Instant::now() + DEFAULT_TIME_MOST));
        let near = if let Plan::Reduced { descent, beam } = plan {
            let tables = match beam {
                Some(_) => self.beam_tables(&Rectangle::new(rows, cols), a, b)?,
                None => None,
            };
            let reduced_by = guard();
            let (found, lower_bound) = self.descended_and_reduced(
                (rows, cols),
                (a, b),
                (descent, beam.is_none()),
                reduced_by,
            )?;
            let mut near = Near { found, lower_bound };
            let guarded = if beam.is_some() { guard() } else { reduced_by };
            // The beam is bounded by its width, not the clock: the same
            // answer on every machine. Its answers are polished too, since
            // its nodes were made cheap: ten uniformly random states, 7×7
            // 337.5 → 333.5 moves, 8×8 588.7 → 582.7 (0.7 s more an
            // answer); shallow 6×6 128.2 → 127.8.
            if let Some(width) = beam {
                let again = SECOND_HALF_CELLS.contains(&(rows * cols));
                let width = if again { width * 3 / 4 } else { width };
                let beam = (width, tables.as_ref());
                self.beam_into(rows, cols, (a, 0, b), beam, &mut near, guarded);
                if again {
                    let half = near.found.moves.len() / 2;
                    self.beam_into(rows, cols, (a, half, b), beam, &mut near, guarded);
                }
            }
            self.stop.check()?;
            if polish {
                self.polish(rows, cols, a, &mut near, guarded);
            }
            if let Some(later) = later {
                let beam = beam.map(|width| (width, tables.as_ref()));
                self.improve_reduced(rows, cols, (a, b), beam, &mut near, later);
            }
            near
        } else {
            let rect = Rectangle::new(rows, cols);
            let (tiles, blank_goal) = rectangle::relabel(a, b);
            // The shortest search's tables where they are at hand: a
            // stronger guide, and a shortest search is tried first.
            let strong = (self.strong_tables)(&rect, blank_goal);
            let mut shortest_first = strong.is_some();
            // Tables that cannot be had (past the memory budget, or
            // memory the system refuses): the search goes on with
            // lighter ones, the small compact tables after the shortest
            // search's, and at last without any (Manhattan distance with
            // linear conflicts), as a default answer should, rather than
            // refusing.
            let lighter = self.near_tables(&rect, blank_goal);
            let mut choices = [strong, lighter]
                .into_iter()
                .flatten()
                .map(Some)
                .chain([None])
                .peekable();
            let heuristic = loop {
                let tables = choices
                    .next()
                    .expect("the last choice, no tables, always serves");
                match self.heuristic_of(&rect, blank_goal, tables) {
                    Err(
                        error @ (SolveError::Unsupported(Limit::TablesTooBig { .. })
                        | SolveError::Pdb(PdbError::OutOfMemory { .. })),
                    ) if choices.peek().is_some() => {
                        let lighter = choices.peek().is_some_and(Option::is_some);
                        self.left_out(&rect, lighter, &error);
                        shortest_first = false;
                    }
                    other => break other?,
                }
            };
            // With those tables, a shortest search first, within a
            // count of nodes (see `SHORTEST_FIRST_NODES`).
            let mut proven = 0;
            if shortest_first {
                let (shortest, bound) = self.shortest_within(&heuristic, &tiles);
                self.stop.check()?;
                if let Some(found) = shortest {
                    let lower_bound = found.moves.len() as u64;
                    return Ok(Some(Near { found, lower_bound }));
                }
                proven = bound;
            }
            let budget = weighted::Budget {
                expanded: weighted::BUDGET,
                memory: self.search_memory,
            };
            let first = weighted::search(&heuristic, &tiles, &weighted::WEIGHTS, budget, cancel);
            self.stop.check()?;
            let Some(mut near) = first else {
                return Ok(None);
            };
            near.lower_bound = near.lower_bound.max(proven);
            let search = (&heuristic, tiles.as_slice());
            let guarded = guard();
            let mut finished = 0;
            if polish {
                self.polish(rows, cols, a, &mut near, guarded);
                let stages = (Stages::DEFAULT, 0, guarded);
                finished = self.improve_weighted(rows, cols, a, search, &mut near, stages);
            }
            if polish || part_end {
                self.shortest_end(
                    &heuristic,
                    (a, b),
                    &mut near,
                    (end_nodes(&heuristic), guarded),
                );
            }
            if let Some(later) = later {
                let stages = (Stages::ANYTIME, finished, later);
                self.improve_weighted(rows, cols, a, search, &mut near, stages);
            }
            near
        };
        self.stop.check()?;
        Ok(Some(near))
    }

    /// A shortest solution of `tiles` by IDA* on `heuristic` within
    /// [`SHORTEST_FIRST_NODES`], or where the count runs out first, none;
    /// and the lower bound its iterations searched through prove (0 where
    /// none was). The nodes are counted by whole iterations (see
    /// [`Iterations`]), so that the answer is the same in every run; no
    /// answer depends on the clock.
    fn shortest_within(&self, heuristic: &Heuristic, tiles: &[u8]) -> (Option<Found>, u64) {
        let mut iterations = Iterations::within(SHORTEST_FIRST_NODES);
        let mut proven = 0;
        // A bound searched through without a solution: the shortest is
        // longer, and of the same parity (each move a transposition).
        let mut searched = |bound: u32, expanded| {
            proven = u64::from(bound) + 2;
            iterations.go_on(expanded)
        };
        let found = ida::ida_star_logged(heuristic, tiles, self.stop, &mut searched);
        (found, proven)
    }

    /// A beam of `width` from the arrangement `from` moves along
    /// `near`'s answer (which starts at `a`) to `b`, guided by `tables`
    /// where there are some (see `search::beam`; their blank goal is
    /// `b`'s), its moves taking the place of the answer's after `from`
    /// when fewer; true when they were.
    pub(crate) fn beam_into(
        &self,
        rows: usize,
        cols: usize,
        (a, from, b): (&[Token], usize, &[Token]),
        (width, tables): (usize, Option<&Heuristic>),
        near: &mut Near,
        stop: Stop,
    ) -> bool {
        let start = played(a, &near.found.moves[..from]);
        let beam = (width, near.found.moves.len() - from);
        let within = (stop, self.search_memory);
        let Some((moves, expanded)) = beam::search(rows, cols, &start, b, beam, tables, within)
        else {
            return false;
        };
        near.found.nodes += expanded;
        let shorter = from + moves.len() < near.found.moves.len();
        if shorter {
            near.found.moves.truncate(from);
            near.found.moves.extend(moves);
        }
        shorter
    }

    /// The first improvement of every near-shortest answer: windows
    /// re-searched with the lightest effort, at most [`POLISH_NODES`],
    /// until `stop` (the default's guard, [`DEFAULT_TIME_MOST`]).
    fn polish(&self, rows: usize, cols: usize, a: &[Token], near: &mut Near, stop: Stop) {
        self.shorten_into(rows, cols, a, near, (0, POLISH_NODES), stop);
    }

    /// The tables that guide a beam from `a` to `b` on `rect`: those of
    /// [`near_tables`](Self::near_tables), looked up on the board as it
    /// is only (the reflected lookup doubled the beam's time on 6×6 and
    /// 7×7 scrambles and shortened nothing). `None` where there are none,
    /// where they would be built for this answer only and are big (see
    /// [`UNKEPT_BEAM_ENTRIES`]), or where they cannot be had (past the
    /// memory budget, a cache that fails): the beam then goes on with
    /// Manhattan distance and linear conflicts.
    ///
    /// # Errors
    /// [`SolveError::Cancelled`].
    fn beam_tables(
        &self,
        rect: &Rectangle,
        a: &[Token],
        b: &[Token],
    ) -> Result<Option<Heuristic>, SolveError> {
        let (_, blank_goal) = rectangle::relabel(a, b);
        let Some(patterns) = self.near_tables(rect, blank_goal) else {
            return Ok(None);
        };
        let n = rect.rows * rect.cols;
        let entries = patterns.iter().fold(0usize, |sum, p| {
            sum.saturating_add(pdb::placements(n, p.len()).unwrap_or(usize::MAX))
        });
        if !self.keeps_tables && entries > UNKEPT_BEAM_ENTRIES {
            return Ok(None);
        }
        match self.heuristic_of(rect, blank_goal, Some(patterns)) {
            Ok(tables) => Ok(Some(tables.without_reflection())),
            Err(SolveError::Cancelled) => Err(SolveError::Cancelled),
            Err(error) => {
                self.left_out(rect, false, &error);
                Ok(None)
            }
        }
    }

    /// Tells that a search on `rect` goes on without its tables (`lighter`:
    /// with lighter ones, else with none), and why.
    fn left_out(&self, rect: &Rectangle, lighter: bool, error: &SolveError) {
        // A limit in its own words: "not supported yet" is for refusals.
        let reason = match error {
            SolveError::Unsupported(limit) => limit.to_string(),
            other => other.to_string(),
        };
        self.report(&Progress::TablesLeftOut {
            cells: rect.cell_count(),
            lighter,
            reason,
        });
    }

    /// The tables of a near-shortest search on `rect`: small compact ones
    /// (built in seconds once, loaded in milliseconds), none past the
    /// caller's `tables_up_to`. The beam's, and the weighted search's
    /// where the shortest search's own are not at hand (see
    /// `Context::strong_tables`): those are never built for a
    /// near-shortest answer (2 GB on 5×5, minutes).
    fn near_tables(&self, rect: &Rectangle, blank_goal: u8) -> Option<Vec<Vec<u8>>> {
        (rect.rows * rect.cols <= self.tables_up_to).then(|| {
            rectangle::compact_partition(rect, blank_goal, near_tiles(rect.rows * rect.cols))
        })
    }
}
