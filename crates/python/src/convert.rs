//! From Python values to the library's (boards, arrangements, the
//! target, the cache), and from its errors to Python exceptions.

use std::path::PathBuf;
use std::sync::Arc;

use npuzzle_core::{Arrangement, Board as CoreBoard, PdbCache, SolveError};
use pyo3::exceptions::{PyOSError, PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyByteArray, PyBytes, PyDict, PyFrozenSet, PyList, PySet, PyString};

use crate::classes::Board;

/// `ValueError` with the library's message.
pub(crate) fn value_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// An exception class of `npuzzle._errors`, made with `args`.
fn npuzzle_error<'py>(
    py: Python<'py>,
    class: &str,
    args: impl pyo3::call::PyCallArgs<'py>,
) -> PyErr {
    match py
        .import("npuzzle._errors")
        .and_then(|m| m.getattr(class))
        .and_then(|c| c.call1(args))
    {
        Ok(exception) => PyErr::from_value(exception),
        Err(e) => e,
    }
}

/// The Python exception for a solver's error.
pub(crate) fn solve_error(py: Python<'_>, e: SolveError) -> PyErr {
    let message = e.to_string();
    match e {
        SolveError::Input(e) => value_error(e),
        SolveError::Unreachable(reason) => {
            npuzzle_error(py, "Unreachable", (reason.to_string(), reason.kind()))
        }
        SolveError::Unsupported(limit) => npuzzle_error(py, "Unsupported", (limit.to_string(),)),
        SolveError::Pdb(e) => npuzzle_error(py, "PdbError", (e.to_string(),)),
        SolveError::Cancelled => npuzzle_error(py, "Cancelled", ("cancelled",)),
        SolveError::LimitReached { lower_bound, nodes } => {
            npuzzle_error(py, "LimitReached", (message, lower_bound, nodes))
        }
        SolveError::Io(e) => PyOSError::new_err(e.to_string()),
        other => PyRuntimeError::new_err(other.to_string()),
    }
}

/// A board from a `Board` or a spec.
pub(crate) fn board_of(board: &Bound<'_, PyAny>) -> PyResult<Arc<CoreBoard>> {
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
pub(crate) fn arrangement_of(value: &Bound<'_, PyAny>, which: &str) -> PyResult<Arrangement> {
    if let Ok(text) = value.cast::<PyString>() {
        return Arrangement::parse_named(&text.to_cow()?, which).map_err(value_error);
    }
    // Only ordered sequences: a set or a dict has no order to give its
    // tokens cells by, and bytes are not a list of tokens.
    let unordered = value.is_instance_of::<PySet>()
        || value.is_instance_of::<PyFrozenSet>()
        || value.is_instance_of::<PyDict>()
        || value.is_instance_of::<PyBytes>()
        || value.is_instance_of::<PyByteArray>();
    if unordered {
        return Err(PyTypeError::new_err(format!(
            "{which}: an arrangement is a string such as \"1 2 3/4 0 5\" or a list, tuple or \
             array of integers, not {}",
            value
                .get_type()
                .name()
                .map(|n| n.to_string())
                .unwrap_or_default()
        )));
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

pub(crate) fn flatten(
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
pub(crate) fn target_of(
    to: Option<&Bound<'_, PyAny>>,
    board: &CoreBoard,
    from: Option<&Arrangement>,
) -> PyResult<Arrangement> {
    match to {
        Some(to) if !to.is_none() => arrangement_of(to, "to"),
        _ => {
            let blanks = from.map_or(1, Arrangement::blank_count);
            Ok(Arrangement::solved_with_blanks(board.cell_count(), blanks))
        }
    }
}

/// The cache: a folder given, `False` for none (tables in memory only),
/// `None` for `$NPUZZLE_CACHE` when set, else the platform's cache folder
/// (`~/.cache/npuzzle` on Linux), as the command line does.
pub(crate) fn cache_of(cache: Option<&Bound<'_, PyAny>>) -> PyResult<Option<PdbCache>> {
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

pub(crate) fn default_cache_dir() -> PyResult<PathBuf> {
    if let Some(dir) = std::env::var_os("NPUZZLE_CACHE").filter(|d| !d.is_empty()) {
        return Ok(PathBuf::from(dir));
    }
    directories::ProjectDirs::from("", "", "npuzzle")
        .map(|dirs| dirs.cache_dir().to_path_buf())
        .ok_or_else(|| {
            PyOSError::new_err("no cache folder for pattern databases: set NPUZZLE_CACHE")
        })
}
