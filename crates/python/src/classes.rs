//! The classes a call hands back: `Board`, `Verdict` and `Solution`.

use std::sync::Arc;

use npuzzle_core::{Arrangement, Board as CoreBoard, Move};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::convert::value_error;

/// A board: `Board("4x4")`, `Board("3x5")`, `Board("mask:...")`,
/// `Board("graph:7:0-1,...")`, `Board("15-puzzle")`, ...: every spec the
/// command line takes.
#[pyclass(frozen, module = "npuzzle")]
pub(crate) struct Board {
    pub(crate) board: Arc<CoreBoard>,
}

#[pymethods]
impl Board {
    #[new]
    fn new(spec: &str) -> PyResult<Self> {
        let board: CoreBoard = spec.parse().map_err(value_error)?;
        Ok(Self {
            board: Arc::new(board),
        })
    }

    /// The number of cells.
    #[getter]
    fn cell_count(&self) -> usize {
        self.board.cell_count()
    }

    /// The sides of a box (`(4, 4)`), or `None` for other boards.
    #[getter]
    fn dims(&self) -> Option<Vec<usize>> {
        self.board.box_dims().map(<[usize]>::to_vec)
    }

    /// The solved arrangement: tiles 1..N-1 in cell order, the blank last.
    fn solved(&self) -> Vec<u32> {
        Arrangement::solved(self.board.cell_count()).into_tokens()
    }

    /// The cells adjacent to `cell`.
    fn neighbours(&self, cell: u32) -> PyResult<Vec<u32>> {
        if cell as usize >= self.board.cell_count() {
            return Err(PyValueError::new_err(format!(
                "cell {cell} is off the board ({} cells)",
                self.board.cell_count()
            )));
        }
        Ok(self.board.neighbours(cell).to_vec())
    }

    fn __len__(&self) -> usize {
        self.board.cell_count()
    }

    fn __str__(&self) -> String {
        self.board.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Board({:?})", self.board.to_string())
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<Self>()
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
pub(crate) struct Verdict {
    /// Whether the target can be reached.
    #[pyo3(get)]
    pub(crate) reachable: bool,
    /// The invariant that differs, in words (`None` when reachable).
    #[pyo3(get)]
    pub(crate) reason: Option<String>,
    /// The invariant's name for programs (`"parity"`, ...; `None` when
    /// reachable).
    #[pyo3(get)]
    pub(crate) kind: Option<String>,
    /// The reason in a player's words (`None` when reachable).
    #[pyo3(get)]
    pub(crate) explain: Option<String>,
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
pub(crate) struct Solution {
    pub(crate) moves: Vec<Move>,
    /// The moves as direction letters (`"D3L3U3"`), on 2-D boards.
    #[pyo3(get)]
    pub(crate) directions: Option<String>,
    /// Multi-tile moves (a row sliding together counts once), on 2-D
    /// boards.
    #[pyo3(get)]
    pub(crate) multi_tile_moves: Option<u64>,
    /// The metric asked for, `"stm"` or `"mtm"`: what `optimal` and
    /// `lower_bound` count.
    #[pyo3(get)]
    pub(crate) metric: &'static str,
    /// Whether no sequence with fewer moves exists, in `metric`.
    #[pyo3(get)]
    pub(crate) optimal: bool,
    /// A proven lower bound of the fewest moves, in `metric`: the count
    /// when `optimal`, 0 when nothing is known.
    #[pyo3(get)]
    pub(crate) lower_bound: u64,
    /// Search nodes expanded (shortest solutions by IDA*).
    #[pyo3(get)]
    pub(crate) nodes: u64,
    /// Seconds taken, tables' loading included.
    #[pyo3(get)]
    pub(crate) seconds: f64,
    /// Split searches: each iteration's `(bound, subtrees, nodes)`.
    #[pyo3(get)]
    pub(crate) iterations: Option<Vec<(u32, usize, u64)>>,
}

impl Solution {
    pub(crate) fn from_core(solution: &npuzzle_core::Solution, seconds: f64) -> Self {
        Self {
            moves: solution.moves().to_vec(),
            directions: solution.directions(),
            multi_tile_moves: solution.multi_tile_moves(),
            metric: solution.metric().name(),
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

pub(crate) fn pairs(moves: &[Move]) -> Vec<(u32, u32)> {
    moves.iter().map(|m| (m.from, m.to)).collect()
}
