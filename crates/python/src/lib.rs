//! The `npuzzle._npuzzle` extension module: npuzzle's library in Python's
//! manners. The package `npuzzle` (in `python/`) re-exports it, with the
//! exceptions, type stubs and the Ray module.
//!
//! Long work (searches, table builds) runs with the GIL released, on a
//! thread of its own, while the calling thread looks for signals every
//! 50 ms: Ctrl-C sets the solver's cancellation flag
//! ([`Solver::cancel_on`]) and the search stops at its next node.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use npuzzle_core::{Arrangement, Metric, Solver, Verdict as CoreVerdict};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

mod classes;
mod convert;
mod interrupt;
mod progress;
mod split;

use classes::{Board, Solution, Verdict};
use convert::{arrangement_of, board_of, cache_of, solve_error, target_of, value_error};
use interrupt::interruptible_told;
use progress::Listener;
use split::{Frontier, SplitSearch, frontier_depth};

/// Whether `to` can be reached from `from_` on `board`, and if not, why.
#[pyfunction]
#[pyo3(signature = (board, from_, to=None))]
fn reach(
    board: &Bound<'_, PyAny>,
    from_: &Bound<'_, PyAny>,
    to: Option<&Bound<'_, PyAny>>,
) -> PyResult<Verdict> {
    let board = board_of(board)?;
    let from = arrangement_of(from_, "from")?;
    let to = target_of(to, &board, Some(&from))?;
    let verdict = npuzzle_core::reach(&board, &from, &to).map_err(value_error)?;
    Ok(match verdict {
        CoreVerdict::Reachable => Verdict {
            reachable: true,
            reason: None,
            kind: None,
            explain: None,
        },
        CoreVerdict::Unreachable(reason) => Verdict {
            reachable: false,
            reason: Some(reason.to_string()),
            kind: Some(reason.kind().to_string()),
            explain: Some(reason.explain()),
        },
    })
}

/// A solver with the options of `solve` and `SplitSearch`.
fn solver(
    optimal: bool,
    cache: Option<&Bound<'_, PyAny>>,
    mapped: bool,
    pattern_tiles: Option<usize>,
    flag: Arc<AtomicBool>,
) -> PyResult<Solver<'static>> {
    // Without `optimal`, the CLI's default answer: shortest where cheap,
    // near-shortest on rectangles of up to 144 cells, constructive beyond.
    // Within the memory this process may have, as the command line.
    let mut solver = Solver::new()
        .optimal(optimal)
        .shortest_when_cheap(true)
        .within_usable_memory()
        .cancel_on(flag);
    if let Some(cache) = cache_of(cache)? {
        solver = solver.cache(cache.mapped(mapped));
    }
    if let Some(k) = pattern_tiles {
        solver = solver.pattern_tiles(k);
    }
    Ok(solver)
}

/// A move sequence from `from_` to `to` (default: the solved
/// arrangement), replayed before it is returned. `mapped`: tables from the
/// cache are mapped read-only rather than read (one copy for all the
/// processes of a machine). `time_limit` (seconds of search) and
/// `max_nodes` bound a shortest-path search: past either it raises
/// `LimitReached` with what it ruled out. Without `optimal`, on
/// near-shortest answers, `time_limit` is time to improve the answer.
/// Neither counts building tables: `progress` hears of builds (a
/// callable given a dict per report; by default a notice on
/// `sys.stderr` when a long build starts and ends; `False`: nothing).
/// `metric`: `"stm"` (single-tile moves, the default) or `"mtm"` (the
/// fewest multi-tile moves where breadth-first search covers the board;
/// elsewhere the usual answer with `lower_bound` and `optimal` in
/// multi-tile moves). `max_table_memory`: bytes the pattern databases
/// may take (a search needing more raises `Unsupported` before building
/// any); `max_search_memory`: bytes the states of one near-shortest
/// search may hold (past it the answer is longer, never wrong); by
/// default half and a quarter of the memory this process may have.
#[pyfunction]
#[pyo3(signature = (board, from_, to=None, optimal=false, cache=None, pattern_tiles=None, threads=None, mapped=false, time_limit=None, max_nodes=None, progress=None, metric="stm", max_table_memory=None, max_search_memory=None))]
#[allow(clippy::too_many_arguments)]
fn solve(
    py: Python<'_>,
    board: &Bound<'_, PyAny>,
    from_: &Bound<'_, PyAny>,
    to: Option<&Bound<'_, PyAny>>,
    optimal: bool,
    cache: Option<&Bound<'_, PyAny>>,
    pattern_tiles: Option<usize>,
    threads: Option<usize>,
    mapped: bool,
    time_limit: Option<f64>,
    max_nodes: Option<u64>,
    progress: Option<&Bound<'_, PyAny>>,
    metric: &str,
    max_table_memory: Option<u64>,
    max_search_memory: Option<u64>,
) -> PyResult<Solution> {
    let listener = Listener::of(progress)?;
    let metric: Metric = metric
        .parse()
        .map_err(|e: npuzzle_core::Error| PyValueError::new_err(e.to_string()))?;
    let board = board_of(board)?;
    let from = arrangement_of(from_, "from")?;
    let to = target_of(to, &board, Some(&from))?;
    let flag = Arc::new(AtomicBool::new(false));
    let mut solver = solver(optimal, cache, mapped, pattern_tiles, flag.clone())?.metric(metric);
    if let Some(seconds) = time_limit {
        if !(seconds.is_finite() && seconds > 0.0 && seconds <= 1e9) {
            return Err(PyValueError::new_err(format!(
                "time_limit {seconds}: give a positive number of seconds"
            )));
        }
        solver = solver.time_limit(std::time::Duration::from_secs_f64(seconds));
    }
    if let Some(nodes) = max_nodes {
        solver = solver.max_nodes(nodes);
    }
    if let Some(bytes) = max_table_memory {
        solver = solver.max_table_memory(bytes);
    }
    if let Some(bytes) = max_search_memory {
        solver = solver.max_search_memory(bytes);
    }
    let (report, heard) = Listener::channel();
    solver = solver.on_progress(report);
    let started = Instant::now();
    let told = Some((&listener, &heard));
    let solved = interruptible_told(py, &flag, threads, told, || {
        solver.solve(&board, &from, &to)
    })?;
    let solution = solved.map_err(|e| solve_error(py, e))?;
    Ok(Solution::from_core(
        &solution,
        started.elapsed().as_secs_f64(),
    ))
}

/// Builds (or finds in the cache) the pattern databases that shortest
/// solutions on `board` with the blank's goal on cell `blank` use; returns
/// `(file or None, entries, seconds)` for each. `progress` as for
/// `solve`.
#[pyfunction]
#[pyo3(signature = (board, blank=0, pattern_tiles=None, cache=None, progress=None))]
fn prepare(
    py: Python<'_>,
    board: &Bound<'_, PyAny>,
    blank: u32,
    pattern_tiles: Option<usize>,
    cache: Option<&Bound<'_, PyAny>>,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<(Option<String>, usize, f64)>> {
    let board = board_of(board)?;
    let listener = Listener::of(progress)?;
    let flag = Arc::new(AtomicBool::new(false));
    let (report, heard) = Listener::channel();
    let solver = solver(true, cache, false, pattern_tiles, flag.clone())?.on_progress(report);
    let told = Some((&listener, &heard));
    let tables = interruptible_told(py, &flag, None, told, || solver.prepare(&board, blank))?
        .map_err(|e| solve_error(py, e))?;
    Ok(tables
        .into_iter()
        .map(|t| {
            (
                t.file.map(|f| f.display().to_string()),
                t.entries,
                t.elapsed.as_secs_f64(),
            )
        })
        .collect())
}

/// A random arrangement that reaches `to` (default: the solved one), as
/// a list of tokens; with `count`, a list of `count` of them. Drawn
/// uniformly, or, with `moves`, scrambles of `to` by that many moves of
/// the blank. The same seed gives the same arrangements on every machine.
#[pyfunction]
#[pyo3(name = "gen", signature = (board, count=None, seed=None, moves=None, to=None))]
fn generate<'py>(
    py: Python<'py>,
    board: &Bound<'py, PyAny>,
    count: Option<usize>,
    seed: Option<u64>,
    moves: Option<u64>,
    to: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let many = draw(py, board, count.unwrap_or(1), seed, moves, to)?;
    match count {
        Some(_) => many.into_pyobject(py),
        None => many
            .into_iter()
            .next()
            .unwrap_or_default()
            .into_pyobject(py),
    }
}

/// `count` random arrangements, as [`generate`] draws them.
fn draw(
    py: Python<'_>,
    board: &Bound<'_, PyAny>,
    count: usize,
    seed: Option<u64>,
    moves: Option<u64>,
    to: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<Vec<u32>>> {
    let board = board_of(board)?;
    let to = target_of(to, &board, None)?;
    let seed = seed.unwrap_or_else(npuzzle_core::generate::Generator::clock_seed);
    let mut generator = npuzzle_core::generate::Generator::new(seed);
    (0..count)
        .map(|_| {
            // Ctrl-C between draws (each is quick; a long count is not).
            py.check_signals()?;
            let a = match moves {
                Some(m) => generator.scramble(&board, &to, m),
                None => generator.reachable(&board, &to),
            };
            a.map(Arrangement::into_tokens).map_err(value_error)
        })
        .collect()
}

/// Plays `moves` (`(from, to)` pairs) from `from_` and returns where they
/// end; `ValueError` names the first illegal move.
#[pyfunction]
#[pyo3(name = "apply", signature = (board, from_, moves))]
fn apply_moves(
    board: &Bound<'_, PyAny>,
    from_: &Bound<'_, PyAny>,
    moves: Vec<[u32; 2]>,
) -> PyResult<Vec<u32>> {
    let board = board_of(board)?;
    let from = arrangement_of(from_, "from")?;
    from.check(&board, "from").map_err(value_error)?;
    let mut tokens = from.into_tokens();
    for (i, &[a, b]) in moves.iter().enumerate() {
        let ok = (a as usize) < tokens.len()
            && (b as usize) < tokens.len()
            && tokens[b as usize] == 0
            && board.adjacent(a, b);
        if !ok {
            return Err(PyValueError::new_err(format!(
                "move {} ({a}, {b}) does not slide a token into the adjacent blank",
                i + 1
            )));
        }
        tokens.swap(a as usize, b as usize);
    }
    Ok(tokens)
}

#[pymodule]
fn _npuzzle(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Board>()?;
    m.add_class::<Verdict>()?;
    m.add_class::<Solution>()?;
    m.add_class::<SplitSearch>()?;
    m.add_class::<Frontier>()?;
    m.add_function(wrap_pyfunction!(reach, m)?)?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(prepare, m)?)?;
    m.add_function(wrap_pyfunction!(generate, m)?)?;
    m.add_function(wrap_pyfunction!(apply_moves, m)?)?;
    m.add_function(wrap_pyfunction!(frontier_depth, m)?)?;
    m.add("FRONTIER", npuzzle_core::split::FRONTIER)?;
    Ok(())
}
