//! One hard question's search cut into subtrees at a frontier, for
//! spreading over many processes or machines (`npuzzle.ray`).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use npuzzle_core::Move;
use npuzzle_core::split::{self, SplitSearch as CoreSplit, Subtree};
use pyo3::prelude::*;

use crate::classes::{Solution, pairs};
use crate::convert::{arrangement_of, board_of, solve_error, target_of};
use crate::interrupt::interruptible;
use crate::solver;

/// An iteration of a split search down to the cut depth.
#[pyclass(frozen, module = "npuzzle")]
pub(crate) struct Frontier {
    /// The subtrees below the cut, each as the moves that reach its root.
    #[pyo3(get)]
    subtrees: Vec<Vec<(u32, u32)>>,
    /// Nodes the frontier counted before each subtree (in depth-first
    /// order).
    #[pyo3(get)]
    nodes_before: Vec<u64>,
    /// Nodes counted above the cut.
    #[pyo3(get)]
    nodes: u64,
    /// The least f = g + h over the bound above the cut (`None`: none).
    #[pyo3(get)]
    pruned: Option<u32>,
    /// A solution above the cut (then there are no subtrees).
    #[pyo3(get)]
    found: Option<Vec<(u32, u32)>>,
}

#[pymethods]
impl Frontier {
    fn __repr__(&self) -> String {
        format!(
            "Frontier(subtrees={}, nodes={}, pruned={:?}, found={})",
            self.subtrees.len(),
            self.nodes,
            self.pruned,
            self.found.is_some()
        )
    }
}

pub(crate) fn pruned(p: u32) -> Option<u32> {
    (p != u32::MAX).then_some(p)
}

pub(crate) fn subtree_of(moves: Vec<[u32; 2]>) -> Subtree {
    Subtree {
        moves: moves
            .into_iter()
            .map(|[from, to]| Move { from, to })
            .collect(),
        nodes_before: 0,
    }
}

/// One question's shortest-path search, split into subtrees that can be
/// searched anywhere (see the Rust crate's `split` module: the node
/// counts add up to the single search's).
///
/// Its tables are loaded (or built) once, when it is made; its searches
/// release the GIL and may run on several threads at once. `cancel()`
/// stops the searches running (they raise `npuzzle.Cancelled`) and every
/// later one until `reset()`.
#[pyclass(frozen, module = "npuzzle")]
pub(crate) struct SplitSearch {
    search: CoreSplit,
    flag: Arc<AtomicBool>,
}

#[pymethods]
impl SplitSearch {
    #[new]
    #[pyo3(signature = (board, from_, to=None, pattern_tiles=None, cache=None, mapped=false))]
    fn new(
        py: Python<'_>,
        board: &Bound<'_, PyAny>,
        from_: &Bound<'_, PyAny>,
        to: Option<&Bound<'_, PyAny>>,
        pattern_tiles: Option<usize>,
        cache: Option<&Bound<'_, PyAny>>,
        mapped: bool,
    ) -> PyResult<Self> {
        let board = board_of(board)?;
        let from = arrangement_of(from_, "from")?;
        let to = target_of(to, &board, Some(&from))?;
        let flag = Arc::new(AtomicBool::new(false));
        let solver = solver(true, cache, mapped, pattern_tiles, flag.clone())?;
        let search = interruptible(py, &flag, None, || solver.split(&board, &from, &to))?
            .map_err(|e| solve_error(py, e))?;
        Ok(Self { search, flag })
    }

    /// The first iteration's bound.
    #[getter]
    fn first_bound(&self) -> u32 {
        self.search.first_bound()
    }

    /// The bound after an iteration without a solution whose least
    /// pruned value was `pruned`.
    fn next_bound(&self, pruned: u32) -> Option<u32> {
        self.search.next_bound(pruned)
    }

    /// The iteration with `bound` searched down to `depth` moves.
    fn frontier(&self, py: Python<'_>, depth: u32, bound: u32) -> PyResult<Frontier> {
        let f = interruptible(py, &self.flag, None, || self.search.frontier(depth, bound))?
            .map_err(|e| solve_error(py, e))?;
        Ok(Frontier {
            nodes_before: f.subtrees.iter().map(|s| s.nodes_before).collect(),
            subtrees: f.subtrees.iter().map(|s| pairs(&s.moves)).collect(),
            nodes: f.nodes,
            pruned: pruned(f.pruned),
            found: f.found.as_deref().map(pairs),
        })
    }

    /// Searches the subtree below `moves` within `bound`: `(found moves
    /// from the start or None, nodes, least pruned value or None)`.
    #[allow(clippy::type_complexity)]
    fn search(
        &self,
        py: Python<'_>,
        moves: Vec<[u32; 2]>,
        bound: u32,
    ) -> PyResult<(Option<Vec<(u32, u32)>>, u64, Option<u32>)> {
        let subtree = subtree_of(moves);
        let s = interruptible(py, &self.flag, None, || self.search.search(&subtree, bound))?
            .map_err(|e| solve_error(py, e))?;
        Ok((s.found.as_deref().map(pairs), s.nodes, pruned(s.pruned)))
    }

    /// Searches many subtrees within `bound` on `threads` threads (all
    /// cores by default): `(index of the first with a solution or None,
    /// its moves or None, nodes of each, least pruned value or None)`.
    /// With `ordered`, a solution stops only the subtrees after it, so
    /// that the counts up to it are those of a search on one thread.
    #[pyo3(signature = (subtrees, bound, ordered=true, threads=None))]
    #[allow(clippy::type_complexity)]
    fn search_many(
        &self,
        py: Python<'_>,
        subtrees: Vec<Vec<[u32; 2]>>,
        bound: u32,
        ordered: bool,
        threads: Option<usize>,
    ) -> PyResult<(
        Option<usize>,
        Option<Vec<(u32, u32)>>,
        Vec<u64>,
        Option<u32>,
    )> {
        let subtrees: Vec<Subtree> = subtrees.into_iter().map(subtree_of).collect();
        let b = interruptible(py, &self.flag, threads, || {
            self.search.search_all(&subtrees, bound, ordered)
        })?
        .map_err(|e| solve_error(py, e))?;
        let (index, found) = match b.found {
            Some((i, moves)) => (Some(i), Some(pairs(&moves))),
            None => (None, None),
        };
        Ok((index, found, b.nodes, pruned(b.pruned)))
    }

    /// The whole search here, each iteration cut at `depth` and its
    /// subtrees searched in order on `threads` threads: the same nodes
    /// and solution as `solve(..., threads=1)`. The solution's
    /// `iterations` lists `(bound, subtrees, nodes)`.
    #[pyo3(signature = (depth=split::FRONTIER, threads=None))]
    fn solve(&self, py: Python<'_>, depth: u32, threads: Option<usize>) -> PyResult<Solution> {
        let started = Instant::now();
        let s = interruptible(py, &self.flag, threads, || self.search.solve(depth))?
            .map_err(|e| solve_error(py, e))?;
        let mut solution = Solution::from_core(&s.solution, started.elapsed().as_secs_f64());
        solution.iterations = Some(
            s.iterations
                .iter()
                .map(|i| (i.bound, i.subtrees, i.nodes))
                .collect(),
        );
        Ok(solution)
    }

    /// A solution found by searches of this split (its moves from the
    /// start), replayed; `nodes` is recorded with it.
    #[pyo3(signature = (moves, nodes=0, seconds=0.0))]
    fn solution(
        &self,
        py: Python<'_>,
        moves: Vec<[u32; 2]>,
        nodes: u64,
        seconds: f64,
    ) -> PyResult<Solution> {
        let moves = moves
            .into_iter()
            .map(|[from, to]| Move { from, to })
            .collect();
        let s = self
            .search
            .solution(moves, nodes)
            .map_err(|e| solve_error(py, e))?;
        Ok(Solution::from_core(&s, seconds))
    }

    /// Stops the searches running and every later one until `reset()`.
    fn cancel(&self) {
        self.flag.store(true, Ordering::Relaxed);
    }

    /// Lets searches run again after `cancel()`.
    fn reset(&self) {
        self.flag.store(false, Ordering::Relaxed);
    }

    /// Whether `cancel()` was called since the last `reset()`.
    #[getter]
    fn cancelled(&self) -> bool {
        self.flag.load(Ordering::Relaxed)
    }
}

/// The depth each IDA* iteration of `solve` is split at (its frontier).
#[pyfunction]
pub(crate) fn frontier_depth() -> u32 {
    split::FRONTIER
}
