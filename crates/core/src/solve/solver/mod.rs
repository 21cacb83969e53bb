//! The one entry point for solutions: a [`Solver`] configured by a
//! builder, which chooses the method for the board and replays every
//! sequence before handing it out.
//!
//! - `choice`: the method, chosen once, with every threshold: breadth-first
//!   search on small state spaces, IDA* (one blank or several), the
//!   near-shortest search, or a construction;
//! - the near-shortest answers are `search::near`'s: this facade lends
//!   them its progress callback, cancel flag, tables and answers for the
//!   rest of a reduction (`Solver::near`);
//! - `tables`: the pattern databases a search uses, and
//!   [`Solver::prepare`];
//! - `stream`: moves handed out one by one ([`Solver::solve_into`]);
//! - `solution`: what a solve gives.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use crate::arrangement::{Arrangement, Token, several_blanks};
use crate::board::Board;
use crate::moves::{Metric, multi_tile_moves, replay, simplify};
use crate::reach::{Verdict, reach};
use crate::solve::Found;
use crate::solve::construct::{blanks, block_by_block, boxes, budget};
use crate::solve::error::{Limit, SolveError};
use crate::solve::progress::Progress;
use crate::solve::search::ida;
use crate::solve::search::ida::split::SplitSearch;
use crate::solve::search::near::{self, Improve, Plan};
use crate::solve::search::pdb::PdbCache;
use crate::solve::search::weighted::Near;
use crate::solve::search::{bfs, bfs_multi_tile, goal_distance, ida_blanks};

mod choice;
mod near_any;
mod near_relabelled;
mod stream;
mod tables;

use crate::solve::solution::{Solution, Summary};
use crate::stop::{NodeBudget, Stop};
use choice::Construction;
pub(crate) use choice::Method;
pub use choice::{MAX_CONSTRUCTED, MAX_MOVES_HELD};
pub use tables::Table;

/// Finds move sequences, each replayed before it is handed out.
///
/// What a new solver gives: a shortest solution on boards with at most
/// two million arrangements (breadth-first search), a constructive one
/// elsewhere. [`shortest_when_cheap`](Self::shortest_when_cheap) adds
/// the command line's default (shortest on rectangles of up to 16 cells,
/// near-shortest on rectangles of 17 to 144, and on other boards of up
/// to 30 cells, 36 with several blanks), [`optimal`](Self::optimal) insists on a
/// shortest one. Tables for shortest solutions are kept in memory only,
/// unless a [`PdbCache`] is given.
///
/// The options, each with its default: [`optimal`](Self::optimal)
/// (false), [`shortest_when_cheap`](Self::shortest_when_cheap) (false),
/// [`pattern_tiles`](Self::pattern_tiles) (chosen by board),
/// [`cache`](Self::cache) (none), [`on_progress`](Self::on_progress)
/// (none), [`cancel_on`](Self::cancel_on) (none),
/// [`time_limit`](Self::time_limit) (none),
/// [`max_nodes`](Self::max_nodes) (none), [`max_moves`](Self::max_moves)
/// (none), [`max_table_memory`](Self::max_table_memory) (none),
/// [`max_search_memory`](Self::max_search_memory) (none),
/// [`metric`](Self::metric) (single-tile moves). The methods:
/// [`solve`](Self::solve), [`solve_into`](Self::solve_into),
/// [`count`](Self::count), [`prepare`](Self::prepare).
///
/// ```
/// use npuzzle_core::{Arrangement, Board, SolveError, Solver};
/// let board: Board = "3x3".parse()?;
/// let from: Arrangement = "8 2 0/4 6 1/3 7 5".parse()?;
/// let solution = Solver::new().solve(&board, &from, &Arrangement::solved(9))?;
/// assert_eq!(solution.len(), 24); // small boards: always shortest
/// assert!(solution.is_optimal());
///
/// let swapped: Arrangement = "2 1 3/4 5 6/7 8 0".parse()?;
/// let why = Solver::new().solve(&board, &swapped, &Arrangement::solved(9));
/// assert!(matches!(why, Err(SolveError::Unreachable(_))));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Default)]
pub struct Solver<'a> {
    optimal: bool,
    shortest_when_cheap: bool,
    pattern_tiles: Option<usize>,
    cache: Option<PdbCache>,
    progress: Option<Callback<'a>>,
    cancel: Option<Arc<AtomicBool>>,
    time_limit: Option<Duration>,
    max_nodes: Option<u64>,
    max_moves: Option<usize>,
    max_table_memory: Option<u64>,
    max_search_memory: Option<u64>,
    metric: Metric,
}

/// The progress callback a solver holds.
type Callback<'a> = Box<dyn Fn(&Progress) + Sync + 'a>;

impl std::fmt::Debug for Solver<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solver")
            .field("optimal", &self.optimal)
            .field("shortest_when_cheap", &self.shortest_when_cheap)
            .field("pattern_tiles", &self.pattern_tiles)
            .field("cache", &self.cache)
            .field("progress", &self.progress.is_some())
            .field("cancel", &self.cancel)
            .field("time_limit", &self.time_limit)
            .field("max_nodes", &self.max_nodes)
            .field("max_moves", &self.max_moves)
            .field("max_table_memory", &self.max_table_memory)
            .field("max_search_memory", &self.max_search_memory)
            .field("metric", &self.metric)
            .finish()
    }
}

impl<'a> Solver<'a> {
    /// A solver with every option at its default: shortest by
    /// breadth-first search on small boards, constructive elsewhere; no
    /// cache, no progress reports, no limits.
    #[must_use]
    pub fn new() -> Self {
        Solver::default()
    }

    /// Whether to insist on a shortest solution (IDA* on rectangles of at
    /// most 64 cells with distinct tokens). Default: false.
    #[must_use]
    pub fn optimal(mut self, optimal: bool) -> Self {
        self.optimal = optimal;
        self
    }

    /// Whether to give a shortest solution wherever that is cheap (see
    /// [`shortest_is_cheap`](Self::shortest_is_cheap)) and a constructive
    /// one elsewhere, and a near-shortest one with a proven lower bound on
    /// rectangles of 17 to 144 cells with one blank and distinct tiles,
    /// and on any other board of up to 30 cells, 36 with several blanks
    /// (repeated tiles, masks, graphs, boxes of other dimensions): the
    /// best default answer, the command line's. Default: false (constructive beyond breadth-first search).
    #[must_use]
    pub fn shortest_when_cheap(mut self, yes: bool) -> Self {
        self.shortest_when_cheap = yes;
        self
    }

    /// The largest pattern database, in tiles, for shortest solutions
    /// (0 or 1: Manhattan distance with linear conflicts only). By
    /// default: the strong tables (7-7-1 on 4×4, 6 tiles elsewhere) where
    /// they are at hand or the board has more than 16 cells, small ones
    /// (5-5-5 on 4×4) built in seconds otherwise.
    #[must_use]
    pub fn pattern_tiles(mut self, tiles: usize) -> Self {
        self.pattern_tiles = Some(tiles);
        self
    }

    /// Where pattern databases are read from and written to. Default:
    /// none (tables are built in memory and dropped with the solver).
    #[must_use]
    pub fn cache(mut self, cache: PdbCache) -> Self {
        self.cache = Some(cache);
        self
    }

    /// A callback that hears about long work (table builds) and cache
    /// failures. Default: none.
    #[must_use]
    pub fn on_progress(mut self, progress: impl Fn(&Progress) + Sync + 'a) -> Self {
        self.progress = Some(Box::new(progress));
        self
    }

    /// A flag that stops a shortest-path search when it is set (from
    /// another thread, a signal handler, ...): the search then ends with
    /// [`SolveError::Cancelled`]. IDA*'s workers look at it at every node
    /// they expand, a pattern database build every 4,096 states it
    /// expands (the table is then neither kept nor saved), and the
    /// near-shortest search at every state. Other methods (breadth-first
    /// search on small boards, constructive solutions on boxes) are quick
    /// and do not look at it; constructive solutions on other boards look
    /// at it every 16,384 moves. Default: none; without a flag nothing
    /// changes, node counts included.
    ///
    /// ```
    /// use std::sync::{Arc, atomic::AtomicBool};
    /// use npuzzle_core::{Arrangement, Board, SolveError, Solver};
    /// let board: Board = "4x4".parse()?;
    /// let from: Arrangement = "14 13 15 7/11 12 9 5/6 0 2 1/4 8 10 3".parse()?;
    /// let to = Arrangement::new((0..16).collect());
    /// let flag = Arc::new(AtomicBool::new(true)); // set at once, here
    /// let solver = Solver::new().optimal(true).pattern_tiles(0).cancel_on(flag);
    /// let why = solver.solve(&board, &from, &to);
    /// assert!(matches!(why, Err(SolveError::Cancelled)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn cancel_on(mut self, flag: Arc<AtomicBool>) -> Self {
        self.cancel = Some(flag);
        self
    }

    /// The longest a shortest-path search may take, counted from the
    /// moment its tables are ready (loading or building them is not
    /// counted; [`on_progress`](Self::on_progress) hears of builds): past
    /// it the search ends with [`SolveError::LimitReached`] and what it
    /// ruled out. The clock is looked at every 16,384 nodes a worker
    /// expands. Default: none.
    ///
    /// Near-shortest answers (see
    /// [`shortest_when_cheap`](Self::shortest_when_cheap)) are anytime
    /// instead: the default answer is found as without a limit (its work
    /// has a budget of its own, about 10 s at most), then improved by
    /// stronger searches until `limit` has passed since the solve began,
    /// the best answer and the best proven lower bound kept;
    /// [`on_progress`](Self::on_progress) hears of each
    /// ([`Progress::Shorter`]). A limit never makes an answer longer.
    ///
    /// ```
    /// use std::time::Duration;
    /// use npuzzle_core::{Arrangement, Board, SolveError, Solver};
    /// let board: Board = "4x4".parse()?;
    /// let from: Arrangement = "14 13 15 7/11 12 9 5/6 0 2 1/4 8 10 3".parse()?;
    /// let to = Arrangement::new((0..16).collect());
    /// // No time at all: the search stops at its first look at the clock.
    /// let solver = Solver::new().optimal(true).pattern_tiles(0).time_limit(Duration::ZERO);
    /// match solver.solve(&board, &from, &to) {
    ///     Err(SolveError::LimitReached { lower_bound, .. }) => {
    ///         assert!(lower_bound > 30 && lower_bound <= 57); // 57 is the shortest
    ///     }
    ///     other => panic!("{other:?}"),
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn time_limit(mut self, limit: Duration) -> Self {
        self.time_limit = Some(limit);
        self
    }

    /// The most nodes a shortest-path search may expand (counted in steps
    /// of 16,384 a worker): past it the search ends with
    /// [`SolveError::LimitReached`]. See [`time_limit`](Self::time_limit).
    /// Default: none.
    ///
    /// ```
    /// use npuzzle_core::{Arrangement, Board, SolveError, Solver};
    /// let board: Board = "4x4".parse()?;
    /// let from: Arrangement = "14 13 15 7/11 12 9 5/6 0 2 1/4 8 10 3".parse()?;
    /// let to = Arrangement::new((0..16).collect());
    /// let solver = Solver::new().optimal(true).pattern_tiles(0).max_nodes(100_000);
    /// match solver.solve(&board, &from, &to) {
    ///     Err(SolveError::LimitReached { lower_bound, nodes }) => {
    ///         assert!(lower_bound > 30 && lower_bound <= 57); // 57 is the shortest
    ///         assert!(nodes >= 100_000 && nodes < 200_000);
    ///     }
    ///     other => panic!("{other:?}"),
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn max_nodes(mut self, nodes: u64) -> Self {
        self.max_nodes = Some(nodes);
        self
    }

    /// The longest constructive solution wanted: one that would be longer
    /// ends with [`Limit::TooManyMoves`] as soon as it passes `moves`
    /// (on boards other than boxes, before it is held in memory; boxes'
    /// lengths are known to be about 1.7 N^1.5 and are checked when made).
    /// Searches are bounded by [`max_nodes`](Self::max_nodes) instead.
    /// Default: none (at most [`MAX_MOVES_HELD`] on boards other than
    /// boxes).
    ///
    /// ```
    /// use npuzzle_core::{Arrangement, Board, Limit, SolveError, Solver};
    /// let board: Board = "10x10".parse()?;
    /// let from = Arrangement::new((1..100).chain([0]).rev().collect());
    /// let to = Arrangement::solved(100);
    /// let why = Solver::new().max_moves(100).solve(&board, &from, &to);
    /// assert!(matches!(why, Err(SolveError::Unsupported(Limit::TooManyMoves { max: 100 }))));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn max_moves(mut self, moves: usize) -> Self {
        self.max_moves = Some(moves);
        self
    }

    /// The most memory, in bytes, that pattern databases may take in this
    /// process: those a search still has to build (4 bytes an entry, and 4
    /// more for the largest while it is built; tables in the cache cost
    /// nothing), with the tables already in memory and those that other
    /// searches are building. A search that needs more ends with
    /// [`Limit::TablesTooBig`] before it starts building. Default: none.
    ///
    /// ```
    /// use npuzzle_core::{Arrangement, Board, Limit, SolveError, Solver};
    /// let board: Board = "3x4".parse()?;
    /// let from: Arrangement = "1 2 3 4/5 6 7 8/9 10 0 11".parse()?;
    /// let to = Arrangement::solved(12);
    /// let small = Solver::new().optimal(true).max_table_memory(1 << 20);
    /// let why = small.solve(&board, &from, &to);
    /// // 95,040 and 665,280 entries of 4 bytes, and the larger's 4 more while built.
    /// let needed = (95_040 + 2 * 665_280) * 4;
    /// let too_big = matches!(why, Err(SolveError::Unsupported(Limit::TablesTooBig { needed: n, .. })) if n == needed);
    /// assert!(too_big);
    /// let enough = Solver::new().optimal(true).max_table_memory(needed);
    /// assert_eq!(enough.solve(&board, &from, &to)?.len(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn max_table_memory(mut self, bytes: u64) -> Self {
        self.max_table_memory = Some(bytes);
        self
    }

    /// The most memory, in bytes, that the states of one search of a
    /// near-shortest answer may hold at once, besides the tables: the
    /// weighted A* searches (the 24-puzzle and smaller rectangles) keep
    /// fewer states, the beams (6×6 to 12×12) are narrower. Counted at
    /// the worst of their growth, so what they hold is at most this, and
    /// usually less. A search that needs more ends early; the answer is
    /// then longer, never wrong (the constructive one where the first
    /// search had no room). Default: none.
    ///
    /// ```
    /// use npuzzle_core::{Arrangement, Board, Solver, replay};
    /// let board: Board = "4x5".parse()?;
    /// let from: Arrangement = "0 19 18 17 16/15 14 13 12 11/10 9 8 7 6/5 4 3 1 2".parse()?;
    /// let to = Arrangement::solved(20);
    /// // Room for a few hundred states: too little for the weighted
    /// // search, so the answer is the constructive one, with its bound
    /// // (the tiles' Manhattan distance).
    /// let small = Solver::new().shortest_when_cheap(true).max_search_memory(64 << 10);
    /// let solution = small.solve(&board, &from, &to)?;
    /// replay(&board, from.tokens(), to.tokens(), solution.moves())?;
    /// let constructed = Solver::new().solve(&board, &from, &to)?;
    /// assert_eq!(solution.len(), constructed.len());
    /// assert_eq!(solution.lower_bound(), constructed.lower_bound());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn max_search_memory(mut self, bytes: u64) -> Self {
        self.max_search_memory = Some(bytes);
        self
    }

    /// Both memory bounds from what this process may have
    /// ([`usable_memory`](crate::usable_memory): the machine's, `ulimit
    /// -v`, the control groups'): [`max_table_memory`](Self::max_table_memory)
    /// half of it, [`max_search_memory`](Self::max_search_memory) a
    /// quarter; nothing where it cannot be told. What the command line
    /// and the Python module do: on a big machine nothing changes, and
    /// in a small container a default answer takes lighter tables (or
    /// none) instead of paging big ones in and out.
    ///
    /// ```
    /// use npuzzle_core::{Arrangement, Board, Solver};
    /// let board: Board = "3x3".parse()?;
    /// let from: Arrangement = "8 2 0/4 6 1/3 7 5".parse()?;
    /// let solver = Solver::new().within_usable_memory();
    /// assert_eq!(solver.solve(&board, &from, &Arrangement::solved(9))?.len(), 24);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn within_usable_memory(self) -> Self {
        match crate::usable_memory() {
            Some(bytes) => self
                .max_table_memory(bytes / 2)
                .max_search_memory(bytes / 4),
            None => self,
        }
    }

    /// How moves are counted, and so what "shortest" means: the fewest
    /// single-tile moves, or (on 2-D boards with one blank) the fewest
    /// multi-tile moves, a row of tiles sliding together counting once.
    /// Shortest in multi-tile moves is searched where breadth-first
    /// search covers the board (at most two million arrangements), and
    /// by IDA* with a colored table on rectangles of up to 16 cells with
    /// one blank and distinct tiles (the table counted in
    /// [`max_table_memory`](Self::max_table_memory)); elsewhere the
    /// answer is the one of single-tile moves, its lower bound and
    /// optimality said in multi-tile moves. Default:
    /// [`Metric::SingleTile`].
    ///
    /// ```
    /// use npuzzle_core::{Arrangement, Board, Metric, Solver};
    /// let board: Board = "3x3".parse()?;
    /// let from: Arrangement = "8 2 0/4 6 1/3 7 5".parse()?;
    /// let to = Arrangement::solved(9);
    /// let single = Solver::new().solve(&board, &from, &to)?;
    /// let multi = Solver::new().metric(Metric::MultiTile).solve(&board, &from, &to)?;
    /// assert!(multi.multi_tile_moves() < single.multi_tile_moves());
    /// assert_eq!(multi.lower_bound(), multi.multi_tile_moves().unwrap());
    /// // 3×4: IDA*, its table (15 MB) within the memory allowed.
    /// let wide: Board = "3x4".parse()?;
    /// let from: Arrangement = "5 1 3 4/2 6 7 8/9 0 10 11".parse()?;
    /// let to = Arrangement::solved(12);
    /// let mtm = || Solver::new().metric(Metric::MultiTile).optimal(true);
    /// assert!(mtm().max_table_memory(1 << 20).solve(&wide, &from, &to).is_err());
    /// assert_eq!(mtm().solve(&wide, &from, &to)?.multi_tile_moves(), Some(6));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn metric(mut self, metric: Metric) -> Self {
        self.metric = metric;
        self
    }

    /// What ends the solver's work: the flag of
    /// [`cancel_on`](Self::cancel_on).
    fn stop(&self) -> Stop<'_> {
        Stop::on(self.cancel.as_deref())
    }

    fn report(&self, progress: &Progress) {
        if let Some(callback) = &self.progress {
            callback(progress);
        }
    }

    /// A move sequence from `from` to `to`, replayed before it is
    /// returned.
    ///
    /// # Errors
    /// [`SolveError::Unreachable`] when `to` cannot be reached,
    /// [`SolveError::Input`] on arrangements that do not fit the board,
    /// [`SolveError::Unsupported`] beyond the methods' limits (see
    /// [`Limit`]), [`SolveError::Pdb`] when a table's memory cannot be had.
    pub fn solve(
        &self,
        board: &Board,
        from: &Arrangement,
        to: &Arrangement,
    ) -> Result<Solution, SolveError> {
        self.solve_in(None, board, from, to)
    }

    /// [`solve`](Self::solve) in `metric` where given rather than the
    /// solver's own (a batch line that names its metric).
    pub(crate) fn solve_in(
        &self,
        metric: Option<Metric>,
        board: &Board,
        from: &Arrangement,
        to: &Arrangement,
    ) -> Result<Solution, SolveError> {
        let metric = metric.unwrap_or(self.metric);
        let anytime = self.time_limit.map(|limit| Instant::now() + limit);
        self.solve_until(board, (from, to), Improve::Whole(anytime), metric)
    }

    /// [`solve`](Self::solve) in `metric`, with a near-shortest answer
    /// improved as `improve` says.
    fn solve_until(
        &self,
        board: &Board,
        (from, to): (&Arrangement, &Arrangement),
        improve: Improve,
        metric: Metric,
    ) -> Result<Solution, SolveError> {
        if let Verdict::Unreachable(reason) = reach(board, from, to)? {
            return Err(SolveError::Unreachable(reason));
        }
        let (a, b) = (from.tokens(), to.tokens());
        let multi_tile = metric == Metric::MultiTile;
        if multi_tile {
            self.check_multi_tile(board, a)?;
        }
        let mut lower_bound = 0;
        let method = self.choose_in(board, from, metric);
        let mut found = match method {
            Method::BreadthFirst => bfs::shortest(board, a, b).expect("a reachable pair"),
            Method::BreadthFirstMultiTile => {
                bfs_multi_tile::shortest(board, a, b).expect("a reachable pair on a 2-D board")
            }
            Method::Ida => self.shortest(board, a, b)?,
            Method::IdaMultiTile => self.shortest_multi_tile(board, a, b)?,
            Method::IdaBlanks => self.shortest_blanks(board, a, b)?,
            Method::Near { rows, cols, plan } => {
                match self.near((rows, cols, plan), a, b, improve)? {
                    Some(near) => {
                        lower_bound = near.lower_bound;
                        near.found
                    }
                    // The weighted search's budget ran out: the
                    // construction the board would get without a search.
                    None => {
                        lower_bound = goal_distance::lower_bound(board, a, b);
                        self.constructed(board, a, b, choice::construction(board, a))?
                    }
                }
            }
            Method::NearAnyBoard => {
                let (found, bound) = self.near_any(board, a, b)?;
                lower_bound = bound;
                found
            }
            Method::NearRelabelled => {
                let (found, bound) = self.near_relabelled(board, (a, b), improve)?;
                lower_bound = bound;
                found
            }
            Method::Construct(how) => {
                lower_bound = goal_distance::lower_bound(board, a, b);
                self.constructed(board, a, b, how)?
            }
        };
        if found.optimal {
            lower_bound = found.moves.len() as u64;
        }
        // Shortest solutions never undo a move; constructive ones may.
        if !found.optimal {
            found.moves = simplify(&found.moves);
        }
        replay(board, a, b, &found.moves)?;
        let (optimal, lower_bound) = match multi_tile {
            true => {
                let searched =
                    matches!(method, Method::BreadthFirstMultiTile | Method::IdaMultiTile);
                multi_tile_bound(board, &found.moves, searched, lower_bound)
            }
            false => (found.optimal, lower_bound),
        };
        Ok(Solution {
            metric,
            moves: found.moves,
            optimal,
            lower_bound,
            nodes: found.nodes,
            // Direction letters name a tile by the blank it slides into:
            // with several blanks they would not say which.
            board_2d: board
                .row_col(0)
                .filter(|_| !several_blanks(a))
                .map(|_| board.clone()),
        })
    }

    /// Refuses the multi-tile metric where it means nothing (boards that
    /// are not 2-D, several blanks) and a shortest answer in it where
    /// none is searched.
    pub(super) fn check_multi_tile(&self, board: &Board, a: &[Token]) -> Result<(), SolveError> {
        if board.row_col(0).is_none() || several_blanks(a) {
            return Err(Limit::MultiTileBoard.into());
        }
        if self.optimal && !bfs::small_enough(a) && !choice::multi_tile_searched(board, a) {
            return Err(Limit::MultiTileShortest {
                max: bfs::MAX_STATES,
            }
            .into());
        }
        Ok(())
    }

    /// The construction the board gets (see [`choice::construction`]),
    /// moves that undo the one before dropped: the length a near-shortest
    /// search beside it must beat.
    fn constructed_simplified(
        &self,
        board: &Board,
        a: &[Token],
        b: &[Token],
    ) -> Result<Found, SolveError> {
        let mut found = self.constructed(board, a, b, choice::construction(board, a))?;
        found.moves = simplify(&found.moves);
        Ok(found)
    }

    /// A constructive solution held in memory, by `how`, within
    /// [`max_moves`](Self::max_moves) and stopped by the cancel flag.
    fn constructed(
        &self,
        board: &Board,
        a: &[Token],
        b: &[Token],
        how: Construction,
    ) -> Result<Found, SolveError> {
        if board.cell_count() > MAX_CONSTRUCTED {
            return Err(Limit::TooManyCells {
                cells: board.cell_count(),
                max: MAX_CONSTRUCTED,
            }
            .into());
        }
        let max = self.max_moves.unwrap_or(MAX_MOVES_HELD).min(MAX_MOVES_HELD);
        let work = || match (how, board.box_dims()) {
            (Construction::Box, Some(dims)) => Ok(boxes::solve_box(dims, a, b)),
            (Construction::Box | Construction::Blocks, _) => {
                block_by_block::solve_graph(board, a, b)
            }
            (Construction::BoxBlanks | Construction::Blanks, _) => blanks::solve(board, a, b),
        };
        let moves = match budget::within(max, self.cancel.clone(), work) {
            Ok(moves) => moves?,
            Err(budget::GaveUp::TooLong(max)) => return Err(Limit::TooManyMoves { max }.into()),
            Err(budget::GaveUp::Cancelled) => return Err(SolveError::Cancelled),
        };
        if moves.len() > max {
            return Err(Limit::TooManyMoves { max }.into());
        }
        Ok(Found {
            moves,
            optimal: false,
            nodes: 0,
        })
    }

    /// Whether this solver hands out the moves from `from` as a stream
    /// (constructive ones on a box), rather than holding them.
    pub(crate) fn streams(&self, board: &Board, from: &Arrangement) -> bool {
        matches!(self.choose(board, from), Method::Construct(how) if how.streams())
    }

    /// A near-shortest solution on a `rows` × `cols` rectangle by `plan`
    /// (see `search::near`), improved as `improve` says; `None` when the
    /// weighted search's budget ran out. The search borrows this solver's
    /// progress callback, cancel flag and tables, and its answer for the
    /// rectangle a line reduction leaves.
    fn near(
        &self,
        (rows, cols, plan): (usize, usize, Plan),
        a: &[Token],
        b: &[Token],
        improve: Improve,
    ) -> Result<Option<Near>, SolveError> {
        let report = |p: &Progress| self.report(p);
        let heuristic = |rect: &_, blank_goal, tables: Option<Vec<Vec<u8>>>| {
            // With the shortest search's tables, its catalogue too where
            // it is in memory or the page cache (nothing is built or read
            // from disk): the shortest search tried first and the searches
            // of the answer's end take the maximum over it (the weighted
            // searches keep the one partition).
            let strong = tables.is_some() && tables == self.tables(rect, blank_goal);
            let heuristic = self.heuristic_of(rect, blank_goal, tables)?;
            match strong {
                true => self.with_resident_catalogue(heuristic),
                false => Ok(heuristic),
            }
        };
        let solve_rest = |(rows, cols), (from, to): (&[Token], &[Token]), (guard, end)| {
            let rest = Board::new_box(&[rows, cols])?;
            let (from, to) = (
                Arrangement::new(from.to_vec()),
                Arrangement::new(to.to_vec()),
            );
            // The rest's moves are counted as the whole answer's are:
            // one by one (its multi-tile count is the whole answer's).
            let single = Metric::SingleTile;
            let part = Improve::Part { guard, end };
            let solved = self.solve_until(&rest, (&from, &to), part, single)?;
            Ok(Found {
                optimal: solved.is_optimal(),
                nodes: solved.nodes(),
                moves: solved.into_moves(),
            })
        };
        let strong_tables = |rect: &_, blank_goal| self.strong_tables_at_hand(rect, blank_goal);
        let context = near::Context {
            report: &report,
            stop: self.stop(),
            heuristic: &heuristic,
            strong_tables: &strong_tables,
            solve_rest: &solve_rest,
            reduction_stops: choice::reduction_stops,
            tables_up_to: choice::NEAR_TABLES_UP_TO,
            keeps_tables: self.cache.is_some(),
            search_memory: self.max_search_memory.unwrap_or(u64::MAX),
        };
        context.near((rows, cols, plan), a, b, improve)
    }

    /// A shortest solution by IDA* with several blanks, on any board of
    /// up to 64 cells.
    fn shortest_blanks(
        &self,
        board: &Board,
        a: &[Token],
        b: &[Token],
    ) -> Result<Found, SolveError> {
        if board.cell_count() > ida_blanks::MAX_CELLS_SEARCHED {
            return Err(Limit::ShortestSeveralBlanks.into());
        }
        Ok(ida_blanks::shortest(board, a, b))
    }

    /// A solution with the fewest multi-tile moves by IDA* on a rectangle
    /// of at most 16 cells with one blank and distinct tiles, its colored
    /// table from this process's memory, the cache, or built (reported as
    /// a table build).
    fn shortest_multi_tile(
        &self,
        board: &Board,
        a: &[Token],
        b: &[Token],
    ) -> Result<Found, SolveError> {
        use crate::solve::search::ida_multi_tile;
        use crate::solve::search::rectangle::{path_moves, relabel};
        let (rows, cols) = choice::sides(
            board,
            choice::SMALL_TABLES_UP_TO,
            "shortest multi-tile answers are searched",
        )?;
        let (tiles, blank_goal) = relabel(a, b);
        let table = self.colored_table(rows, cols, blank_goal)?;
        let budget = self.node_budget();
        let mut lower_bound = 0u64;
        let mut log = |bound: u32, nodes| {
            lower_bound = bound as u64 + 1;
            self.report(&Progress::Searching { bound, nodes });
        };
        match ida_multi_tile::shortest(&table, &tiles, self.stop_within(&budget), &mut log) {
            Some((path, nodes)) => Ok(Found {
                moves: path_moves(&path),
                optimal: true,
                nodes,
            }),
            None => Err(unfinished(budget.as_ref(), lower_bound, 0)),
        }
    }

    /// The node budget of a shortest search, where
    /// [`time_limit`](Self::time_limit) or [`max_nodes`](Self::max_nodes)
    /// set one (the time counted from now).
    fn node_budget(&self) -> Option<NodeBudget> {
        let started = Instant::now();
        (self.time_limit.is_some() || self.max_nodes.is_some())
            .then(|| NodeBudget::new(self.max_nodes, self.time_limit.map(|t| started + t)))
    }

    /// What stops a search: this solver's flag, and `budget` where there
    /// is one.
    fn stop_within<'s>(&'s self, budget: &'s Option<NodeBudget>) -> Stop<'s> {
        match budget {
            Some(budget) => self.stop().counting(budget),
            None => self.stop(),
        }
    }

    /// A shortest solution by IDA* on a rectangle with one blank.
    fn shortest(&self, board: &Board, a: &[Token], b: &[Token]) -> Result<Found, SolveError> {
        let (heuristic, tiles) = self.heuristic(board, a, b)?;
        let budget = self.node_budget();
        // What the search rules out: the start's heuristic, then every
        // length up to each bound searched through (the next length of the
        // solutions' parity is two more).
        let mut lower_bound = heuristic.value(&tiles) as u64;
        let mut nodes = 0;
        let mut log = |bound: u32, iteration_nodes| {
            nodes += iteration_nodes;
            lower_bound = lower_bound.max(bound as u64 + 2);
            self.report(&Progress::Searching { bound, nodes });
            true
        };
        let found = ida::ida_star_logged(&heuristic, &tiles, self.stop_within(&budget), &mut log);
        found.ok_or_else(|| unfinished(budget.as_ref(), lower_bound, nodes))
    }

    /// A shortest-path search of `from` → `to` made ready to be split
    /// into subtrees searched anywhere (other threads, processes or
    /// machines): the heuristic this solver would use (pattern databases
    /// loaded or built), and the start. See [`split`](crate::split) for
    /// what its node counts are equal to.
    ///
    /// ```
    /// use npuzzle_core::{Arrangement, Board, Solver};
    /// let board: Board = "3x3".parse()?;
    /// let from: Arrangement = "8 6 7/2 5 4/3 0 1".parse()?;
    /// let search = Solver::new().split(&board, &from, &Arrangement::solved(9))?;
    /// let bound = search.first_bound();
    /// let frontier = search.frontier(4, bound)?;          // the subtrees 4 moves down
    /// let first = search.search(&frontier.subtrees[0], bound)?; // anywhere
    /// assert!(first.found.is_none() && first.pruned > bound);
    /// let whole = search.solve(4)?;                         // every iteration, here
    /// assert_eq!(whole.solution.len(), 31);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`SolveError::Unreachable`] when `to` cannot be reached,
    /// [`SolveError::Input`] on arrangements that do not fit the board,
    /// [`Limit::NoShortestSearch`] when the board is not a rectangle,
    /// [`Limit::RectangleTooBig`] past 64 cells, [`Limit::RepeatedTokens`] when tokens repeat,
    /// [`SolveError::Pdb`] when a table cannot be had,
    /// [`SolveError::Cancelled`].
    pub fn split(
        &self,
        board: &Board,
        from: &Arrangement,
        to: &Arrangement,
    ) -> Result<SplitSearch, SolveError> {
        if let Verdict::Unreachable(reason) = reach(board, from, to)? {
            return Err(SolveError::Unreachable(reason));
        }
        let (heuristic, tiles) = self.heuristic(board, from.tokens(), to.tokens())?;
        Ok(SplitSearch::new(
            heuristic,
            tiles,
            board.clone(),
            from.clone(),
            to.clone(),
            self.cancel.clone(),
        ))
    }
}

/// Why a shortest search ended without an answer: its `budget` spent
/// (with what it ruled out, `lower_bound`, and the nodes it counted, at
/// least `nodes`), else the cancel flag.
fn unfinished(budget: Option<&NodeBudget>, lower_bound: u64, nodes: u64) -> SolveError {
    match budget.filter(|b| b.is_spent()) {
        Some(budget) => SolveError::LimitReached {
            lower_bound,
            nodes: nodes.max(budget.counted()),
        },
        None => SolveError::Cancelled,
    }
}

/// Whether `moves` (on a 2-D board; `searched`: by the breadth-first
/// search in multi-tile moves) are the fewest multi-tile moves, and
/// a proven lower bound of their fewest, from its search's lower bound
/// in single-tile moves (`single_bound`). A multi-tile move slides at
/// most as many tiles as the board's longest line has cells less one,
/// so the fewest multi-tile moves are at least the fewest single-tile
/// ones divided by that (a weak bound, but a proven one); an answer
/// shortest in multi-tile moves bounds itself.
fn multi_tile_bound(
    board: &Board,
    moves: &[crate::moves::Move],
    searched: bool,
    single_bound: u64,
) -> (bool, u64) {
    let count = multi_tile_moves(board, moves).expect("a 2-D board");
    if searched {
        return (true, count);
    }
    let (rows, cols) = (0..board.cell_count() as crate::board::Cell)
        .filter_map(|c| board.row_col(c))
        .fold((0, 0), |(r, k), (row, col)| {
            (r.max(row + 1), k.max(col + 1))
        });
    let longest = rows.max(cols).saturating_sub(1).max(1) as u64;
    let bound = single_bound.div_ceil(longest);
    (count == bound, bound)
}
