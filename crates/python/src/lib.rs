//! The `npuzzle._npuzzle` extension module: npuzzle's library in Python's
//! manners. The package `npuzzle` (in `python/`) re-exports it, with the
//! exceptions, type stubs and the Ray module.
//!
//! Long work (searches, table builds) runs with the GIL released, on a
//! thread of its own, while the calling thread looks for signals every
//! 50 ms: Ctrl-C sets the solver's cancellation flag
//! ([`Solver::cancel_on`]) and the search stops at its next node.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use npuzzle_core::split::{self, SplitSearch as CoreSplit, Subtree};
use npuzzle_core::{
    Arrangement, Board as CoreBoard, Move, PdbCache, SolveError, Solver, Verdict as CoreVerdict,
};
use pyo3::exceptions::{PyOSError, PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyList, PyString, PyTuple};

/// A board: `Board("4x4")`, `Board("3x5")`, `Board("mask:...")`,
/// `Board("graph:7:0-1,...")`, `Board("15-puzzle")`, ...: every spec the
/// command line takes.
#[pyclass(frozen, module = "npuzzle")]
struct Board {
    board: Arc<CoreBoard>,
}

#[pymethods]
impl Board {
    #[new]
    fn new(spec: &str) -> PyResult<Board> {
        let board: CoreBoard = spec.parse().map_err(value_error)?;
        Ok(Board {
            board: Arc::new(board),
        })
    }

    /// The number of cells.
    #[getter]
    fn cells(&self) -> usize {
        self.board.cells()
    }

    /// The sides of a box (`(4, 4)`), or `None` for other boards.
    #[getter]
    fn dims(&self) -> Option<Vec<usize>> {
        self.board.box_dims().map(<[usize]>::to_vec)
    }

    /// The solved arrangement: tiles 1..N-1 in cell order, the blank last.
    fn solved(&self) -> Vec<u32> {
        Arrangement::solved(self.board.cells()).into_tokens()
    }

    /// The cells adjacent to `cell`.
    fn neighbours(&self, cell: u32) -> PyResult<Vec<u32>> {
        if cell as usize >= self.board.cells() {
            return Err(PyValueError::new_err(format!(
                "cell {cell} is off the board ({} cells)",
                self.board.cells()
            )));
        }
        Ok(self.board.neighbours(cell).to_vec())
    }

    fn __len__(&self) -> usize {
        self.board.cells()
    }

    fn __str__(&self) -> String {
        self.board.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Board({:?})", self.board.to_string())
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<Board>()
            .is_ok_and(|o| o.get().board.to_string() == self.board.to_string())
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.board.to_string().hash(&mut h);
        h.finish()
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        Ok((slf.get_type().into_any(), (slf.get().board.to_string(),)))
    }
}

/// Whether one arrangement can be turned into another, and why not.
#[pyclass(frozen, module = "npuzzle")]
struct Verdict {
    /// Whether the target can be reached.
    #[pyo3(get)]
    reachable: bool,
    /// The invariant that differs, in words (`None` when reachable).
    #[pyo3(get)]
    reason: Option<String>,
    /// The invariant's name for programs (`"parity"`, ...; `None` when
    /// reachable).
    #[pyo3(get)]
    kind: Option<String>,
}

#[pymethods]
impl Verdict {
    fn __bool__(&self) -> bool {
        self.reachable
    }

    fn __repr__(&self) -> String {
        match &self.reason {
            None => "Verdict(reachable=True)".into(),
            Some(r) => format!(
                "Verdict(reachable=False, kind={:?}, reason={r:?})",
                self.kind.as_deref().unwrap_or("")
            ),
        }
    }
}

/// A move sequence, replayed before it was handed out.
#[pyclass(frozen, module = "npuzzle")]
struct Solution {
    moves: Vec<Move>,
    /// The moves as direction letters (`"D3L3U3"`), on 2-D boards.
    #[pyo3(get)]
    directions: Option<String>,
    /// Multi-tile moves (a row sliding together counts once), on 2-D
    /// boards.
    #[pyo3(get)]
    mtm: Option<u64>,
    /// Whether no shorter sequence exists.
    #[pyo3(get)]
    optimal: bool,
    /// A proven lower bound of the shortest length: the length when
    /// `optimal`, 0 when nothing is known.
    #[pyo3(get)]
    lower_bound: u64,
    /// Search nodes expanded (shortest solutions by IDA*).
    #[pyo3(get)]
    nodes: u64,
    /// Seconds taken, tables' loading included.
    #[pyo3(get)]
    seconds: f64,
    /// Split searches: each iteration's `(bound, subtrees, nodes)`.
    #[pyo3(get)]
    iterations: Option<Vec<(u32, usize, u64)>>,
}

impl Solution {
    fn from_core(solution: &npuzzle_core::Solution, seconds: f64) -> Solution {
        Solution {
            moves: solution.moves().to_vec(),
            directions: solution.directions(),
            mtm: solution.mtm(),
            optimal: solution.is_optimal(),
            lower_bound: solution.lower_bound(),
            nodes: solution.nodes(),
            seconds,
            iterations: None,
        }
    }
}

#[pymethods]
impl Solution {
    /// The moves, `(from, to)` cell pairs: the token on `from` slides into
    /// the blank on `to`.
    #[getter]
    fn moves(&self) -> Vec<(u32, u32)> {
        pairs(&self.moves)
    }

    /// The number of moves.
    #[getter]
    fn length(&self) -> usize {
        self.moves.len()
    }

    fn __len__(&self) -> usize {
        self.moves.len()
    }

    fn __repr__(&self) -> String {
        format!(
            "Solution(length={}, optimal={}, nodes={}{})",
            self.moves.len(),
            if self.optimal { "True" } else { "False" },
            self.nodes,
            match &self.directions {
                Some(d) if d.len() <= 60 => format!(", directions={d:?}"),
                _ => String::new(),
            }
        )
    }
}

fn pairs(moves: &[Move]) -> Vec<(u32, u32)> {
    moves.iter().map(|m| (m.from, m.to)).collect()
}

/// ValueError with the library's message.
fn value_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// An exception class of `npuzzle._errors`, made with `args`.
fn npuzzle_error(py: Python<'_>, class: &str, args: &[&str]) -> PyErr {
    match py
        .import("npuzzle._errors")
        .and_then(|m| m.getattr(class))
        .and_then(|c| c.call1(PyTuple::new(py, args)?))
    {
        Ok(exception) => PyErr::from_value(exception),
        Err(e) => e,
    }
}

/// The Python exception for a solver's error.
fn solve_error(py: Python<'_>, e: SolveError) -> PyErr {
    let message = e.to_string();
    match e {
        SolveError::Input(e) => value_error(e),
        SolveError::Unreachable(reason) => {
            npuzzle_error(py, "Unreachable", &[&reason.to_string(), reason.kind()])
        }
        SolveError::Unsupported(limit) => npuzzle_error(py, "Unsupported", &[&limit.to_string()]),
        SolveError::Pdb(e) => npuzzle_error(py, "PdbError", &[&e.to_string()]),
        SolveError::Cancelled => npuzzle_error(py, "Cancelled", &["cancelled"]),
        SolveError::LimitReached { lower_bound, nodes } => {
            match py
                .import("npuzzle._errors")
                .and_then(|m| m.getattr("LimitReached"))
                .and_then(|c| c.call1((message, lower_bound, nodes)))
            {
                Ok(exception) => PyErr::from_value(exception),
                Err(e) => e,
            }
        }
        SolveError::Io(e) => PyOSError::new_err(e.to_string()),
        other => PyRuntimeError::new_err(other.to_string()),
    }
}

/// A board from a `Board` or a spec.
fn board_of(board: &Bound<'_, PyAny>) -> PyResult<Arc<CoreBoard>> {
    if let Ok(b) = board.cast::<Board>() {
        return Ok(b.get().board.clone());
    }
    if let Ok(spec) = board.cast::<PyString>() {
        let board: CoreBoard = spec.to_cow()?.parse().map_err(value_error)?;
        return Ok(Arc::new(board));
    }
    Err(PyTypeError::new_err(format!(
        "board: a npuzzle.Board or a spec such as \"4x4\", not {}",
        board.get_type().name()?
    )))
}

/// An arrangement from a string (`"1 2 3/4 0 5"`), or any iterable of
/// integers (lists, tuples, NumPy arrays; rows may be nested).
fn arrangement_of(value: &Bound<'_, PyAny>, which: &str) -> PyResult<Arrangement> {
    if let Ok(text) = value.cast::<PyString>() {
        return Arrangement::parse_named(&text.to_cow()?, which).map_err(value_error);
    }
    let mut tokens = Vec::new();
    let value = if value.hasattr("tolist")? && !value.is_instance_of::<PyList>() {
        // NumPy arrays (and anything like them): one call, plain ints.
        value.call_method0("tolist")?
    } else {
        value.clone()
    };
    flatten(&value, which, &mut tokens, 0)?;
    Ok(Arrangement::new(tokens))
}

fn flatten(
    value: &Bound<'_, PyAny>,
    which: &str,
    out: &mut Vec<u32>,
    depth: usize,
) -> PyResult<()> {
    let iter = value.try_iter().map_err(|_| {
        PyTypeError::new_err(format!(
            "{which}: an arrangement is a string such as \"1 2 3/4 0 5\" or a sequence of \
             integers, not {}",
            value
                .get_type()
                .name()
                .map(|n| n.to_string())
                .unwrap_or_default()
        ))
    })?;
    for item in iter {
        let item = item?;
        if item.is_instance_of::<PyBool>() {
            return Err(PyValueError::new_err(format!(
                "{which}: token {} ({}) is not a number",
                out.len() + 1,
                item
            )));
        }
        if item.is_instance_of::<PyString>() || depth >= 8 {
            return Err(PyValueError::new_err(format!(
                "{which}: token {} ({}) is not an integer",
                out.len() + 1,
                item.repr()?
            )));
        }
        match item.extract::<i128>() {
            Ok(t) if t < 0 => {
                return Err(PyValueError::new_err(format!(
                    "{which}: token {} ({t}) is negative: tokens are 0 (the blank) or positive",
                    out.len() + 1
                )));
            }
            Ok(t) => out.push(u32::try_from(t).map_err(|_| {
                PyValueError::new_err(format!(
                    "{which}: token {} ({t}) is too large: tokens go up to 4294967295",
                    out.len() + 1
                ))
            })?),
            Err(_) if item.try_iter().is_ok() => flatten(&item, which, out, depth + 1)?,
            Err(_) => {
                return Err(PyValueError::new_err(format!(
                    "{which}: token {} ({}) is not an integer",
                    out.len() + 1,
                    item.repr()?
                )));
            }
        }
    }
    Ok(())
}

/// The target: the given one, else the solved arrangement with as many
/// blanks as `from` has (on the last cells).
fn target_of(
    to: Option<&Bound<'_, PyAny>>,
    board: &CoreBoard,
    from: Option<&Arrangement>,
) -> PyResult<Arrangement> {
    match to {
        Some(to) if !to.is_none() => arrangement_of(to, "to"),
        _ => {
            let blanks = from.map_or(1, Arrangement::blank_count);
            Ok(Arrangement::solved_with_blanks(board.cells(), blanks))
        }
    }
}

/// The cache: a folder given, `False` for none (tables in memory only),
/// `None` for `$NPUZZLE_CACHE` when set, else the platform's cache folder
/// (`~/.cache/npuzzle` on Linux), as the command line does.
fn cache_of(cache: Option<&Bound<'_, PyAny>>) -> PyResult<Option<PdbCache>> {
    let dir: PathBuf = match cache {
        Some(c) if c.is_instance_of::<PyBool>() => {
            if c.is_truthy()? {
                default_cache_dir()?
            } else {
                return Ok(None);
            }
        }
        Some(c) if !c.is_none() => c.extract()?,
        _ => default_cache_dir()?,
    };
    PdbCache::at(dir)
        .map(Some)
        .map_err(|e| PyOSError::new_err(e.to_string()))
}

fn default_cache_dir() -> PyResult<PathBuf> {
    if let Some(dir) = std::env::var_os("NPUZZLE_CACHE").filter(|d| !d.is_empty()) {
        return Ok(PathBuf::from(dir));
    }
    directories::ProjectDirs::from("", "", "npuzzle")
        .map(|dirs| dirs.cache_dir().to_path_buf())
        .ok_or_else(|| {
            PyOSError::new_err("no cache folder for pattern databases: set NPUZZLE_CACHE")
        })
}

/// Runs `work` on a thread of its own with the GIL released; meanwhile
/// the calling thread looks for signals every 50 ms, and on Ctrl-C (any
/// signal handler that raises) sets `flag`, waits for the work to stop
/// and raises what the handler raised.
fn interruptible<T: Send>(
    py: Python<'_>,
    flag: &AtomicBool,
    threads: Option<usize>,
    work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    let pool = match threads {
        Some(0) => return Err(PyValueError::new_err("threads: at least 1")),
        Some(n) => Some(
            rayon::ThreadPoolBuilder::new()
                .num_threads(n)
                .build()
                .map_err(|e| PyRuntimeError::new_err(e.to_string()))?,
        ),
        None => None,
    };
    std::thread::scope(|scope| {
        let (tx, mut rx) = mpsc::channel();
        let pool = pool.as_ref();
        scope.spawn(move || {
            let out = match pool {
                Some(pool) => pool.install(work),
                None => work(),
            };
            let _ = tx.send(out);
        });
        loop {
            let waiting = &mut rx;
            let got = py.detach(move || waiting.recv_timeout(Duration::from_millis(50)));
            match got {
                Ok(out) => return Ok(out),
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    return Err(PyRuntimeError::new_err("the search thread panicked"));
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if let Err(e) = py.check_signals() {
                        flag.store(true, Ordering::Relaxed);
                        // The work stops at its next node (a table build
                        // at its end); its result is dropped.
                        let waiting = &mut rx;
                        let _ = py.detach(move || waiting.recv());
                        return Err(e);
                    }
                }
            }
        }
    })
}

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
        },
        CoreVerdict::Unreachable(reason) => Verdict {
            reachable: false,
            reason: Some(reason.to_string()),
            kind: Some(reason.kind().to_string()),
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
    // near-shortest on rectangles of up to 36 cells, constructive beyond.
    let mut solver = Solver::new()
        .optimal(optimal)
        .shortest_when_cheap(true)
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
/// `LimitReached` with what it ruled out.
#[pyfunction]
#[pyo3(signature = (board, from_, to=None, optimal=true, cache=None, pattern_tiles=None, threads=None, mapped=false, time_limit=None, max_nodes=None))]
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
) -> PyResult<Solution> {
    let board = board_of(board)?;
    let from = arrangement_of(from_, "from")?;
    let to = target_of(to, &board, Some(&from))?;
    let flag = Arc::new(AtomicBool::new(false));
    let mut solver = solver(optimal, cache, mapped, pattern_tiles, flag.clone())?;
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
    let started = Instant::now();
    let solved = interruptible(py, &flag, threads, || solver.solve(&board, &from, &to))?;
    let solution = solved.map_err(|e| solve_error(py, e))?;
    Ok(Solution::from_core(
        &solution,
        started.elapsed().as_secs_f64(),
    ))
}

/// Builds (or finds in the cache) the pattern databases that shortest
/// solutions on `board` with the blank's goal on cell `blank` use; returns
/// `(file or None, entries, seconds)` for each.
#[pyfunction]
#[pyo3(signature = (board, blank=0, pattern_tiles=None, cache=None))]
fn prepare(
    py: Python<'_>,
    board: &Bound<'_, PyAny>,
    blank: u32,
    pattern_tiles: Option<usize>,
    cache: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<(Option<String>, usize, f64)>> {
    let board = board_of(board)?;
    let flag = Arc::new(AtomicBool::new(false));
    let solver = solver(true, cache, false, pattern_tiles, flag.clone())?;
    let tables = interruptible(py, &flag, None, || solver.prepare(&board, blank))?
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

/// `count` random arrangements that reach `to` (default: the solved
/// one): drawn uniformly, or, with `moves`, scrambles of `to` by that
/// many moves of the blank. The same seed gives the same arrangements on
/// every machine.
#[pyfunction]
#[pyo3(name = "gen", signature = (board, count=1, seed=None, moves=None, to=None))]
fn generate(
    board: &Bound<'_, PyAny>,
    count: usize,
    seed: Option<u64>,
    moves: Option<u64>,
    to: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<Vec<u32>>> {
    let board = board_of(board)?;
    let to = target_of(to, &board, None)?;
    let seed = seed.unwrap_or_else(|| {
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
        now.map(|d| d.as_nanos() as u64).unwrap_or(0)
    });
    let mut generator = npuzzle_core::generate::Generator::new(seed);
    (0..count)
        .map(|_| {
            let a = match moves {
                Some(m) => generator.scramble(&board, &to, m),
                None => generator.reachable(&board, &to),
            };
            a.map(Arrangement::into_tokens).map_err(value_error)
        })
        .collect()
}

/// Plays `moves` (`(from, to)` pairs) from `from_` and returns where they
/// end; ValueError names the first illegal move.
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

/// An iteration of a split search down to the cut depth.
#[pyclass(frozen, module = "npuzzle")]
struct Frontier {
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

fn pruned(p: u32) -> Option<u32> {
    (p != u32::MAX).then_some(p)
}

fn subtree_of(moves: Vec<[u32; 2]>) -> Subtree {
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
struct SplitSearch {
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
    ) -> PyResult<SplitSearch> {
        let board = board_of(board)?;
        let from = arrangement_of(from_, "from")?;
        let to = target_of(to, &board, Some(&from))?;
        let flag = Arc::new(AtomicBool::new(false));
        let solver = solver(true, cache, mapped, pattern_tiles, flag.clone())?;
        let search = interruptible(py, &flag, None, || solver.split(&board, &from, &to))?
            .map_err(|e| solve_error(py, e))?;
        Ok(SplitSearch { search, flag })
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
fn frontier_depth() -> u32 {
    split::FRONTIER
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
    m.add("FRONTIER", split::FRONTIER)?;
    Ok(())
}
