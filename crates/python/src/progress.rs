//! What long work tells a Python caller: table builds above all, which
//! can take minutes where the command line would print a notice and a
//! bar. The solver's reports are sent from the work's thread to the
//! calling thread, which hands them to Python while it waits (see
//! `interrupt`): to a `progress` callback as a dict, or by default as
//! a notice on `sys.stderr` when a build of note starts and ends.

use std::sync::mpsc::{Receiver, Sender, channel};

use npuzzle_core::{BuildCost, Progress};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// One report, as the calling thread hands it on.
pub(crate) struct Event {
    /// `building`, `solving`, `searching`, `shorter`, `no_tables` or
    /// `not_saved`.
    kind: &'static str,
    /// The library's words for it.
    message: String,
    /// Work done and in all, where counted.
    done: Option<u64>,
    total: Option<u64>,
    /// The table, for builds.
    table: Option<String>,
    /// For the start of a build worth a notice: what it costs.
    cost: Option<BuildCost>,
}

impl Event {
    fn of(progress: &Progress) -> Self {
        let (kind, done, total, table) = match progress {
            Progress::Building { table, done, total } => {
                ("building", Some(*done), Some(*total), Some(table.clone()))
            }
            Progress::Solving { done, total, .. } => ("solving", Some(*done), Some(*total), None),
            Progress::Searching { nodes, .. } => ("searching", Some(*nodes), None, None),
            Progress::Shorter { moves, .. } => ("shorter", Some(*moves), None, None),
            Progress::NoTables { .. } => ("no_tables", None, None, None),
            Progress::TablesLeftOut { .. } => ("tables_left_out", None, None, None),
            Progress::CatalogueLeftOut { .. } => ("catalogue_left_out", None, None, None),
            Progress::NotSaved { table, .. } => ("not_saved", None, None, Some(table.clone())),
            _ => ("other", None, None, None),
        };
        Self {
            kind,
            message: progress.to_string(),
            done,
            total,
            table,
            cost: progress.build_cost(),
        }
    }

    /// The notice written to `sys.stderr` when no callback is given:
    /// the start and end of builds worth one, and warnings.
    fn notice(&self) -> Option<String> {
        match (self.kind, &self.table, self.cost) {
            ("building", Some(table), Some(cost)) => Some(format!(
                "npuzzle: building the pattern database {table} ({} entries): about {:.0} s on \
                 two cores, {:.0} MB of memory and at most as much disk, once (it is cached; \
                 time_limit does not count it; npuzzle.prepare builds it ahead of time)",
                self.total.unwrap_or(0),
                cost.seconds,
                cost.bytes as f64 / 1e6
            )),
            ("building", Some(table), None)
                if self.done == self.total
                    && self.total.is_some_and(|t| t >= BuildCost::NOTICED_ENTRIES) =>
            {
                Some(format!("npuzzle: pattern database {table} built"))
            }
            ("no_tables" | "not_saved", ..) => Some(format!("npuzzle: {}", self.message)),
            _ => None,
        }
    }

    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        dict.set_item("kind", self.kind)?;
        dict.set_item("message", &self.message)?;
        dict.set_item("done", self.done)?;
        dict.set_item("total", self.total)?;
        dict.set_item("table", &self.table)?;
        dict.set_item("seconds", self.cost.map(|c| c.seconds))?;
        dict.set_item("bytes", self.cost.map(|c| c.bytes))?;
        Ok(dict)
    }
}

/// Where reports go: a callback, the default notices, or nowhere
/// (`progress=False`).
pub(crate) enum Listener {
    Callback(Py<PyAny>),
    Notices,
    Silent,
}

impl Listener {
    /// The listener a `progress` argument asks for.
    pub(crate) fn of(progress: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        match progress {
            None => Ok(Self::Notices),
            Some(p) if p.is_none() => Ok(Self::Notices),
            Some(p) if p.is_callable() => Ok(Self::Callback(p.clone().unbind())),
            Some(p) if !p.is_truthy()? => Ok(Self::Silent),
            Some(_) => Ok(Self::Notices),
        }
    }

    /// A channel for the work's reports: the sender's side for the
    /// solver's callback, and the receiver for [`Listener::hear`].
    pub(crate) fn channel() -> (impl Fn(&Progress) + Sync + 'static, Receiver<Event>) {
        let (tx, rx): (Sender<Event>, Receiver<Event>) = channel();
        let send = move |p: &Progress| {
            let _ = tx.send(Event::of(p));
        };
        (send, rx)
    }

    /// Hands every report waiting in `heard` on; a callback's exception
    /// is raised.
    pub(crate) fn hear(&self, py: Python<'_>, heard: &Receiver<Event>) -> PyResult<()> {
        for event in heard.try_iter() {
            match self {
                Self::Callback(callback) => {
                    callback.call1(py, (event.to_dict(py)?,))?;
                }
                Self::Notices => {
                    if let Some(line) = event.notice() {
                        let stderr = py.import("sys")?.getattr("stderr")?;
                        stderr.call_method1("write", (format!("{line}\n"),))?;
                        stderr.call_method0("flush")?;
                    }
                }
                Self::Silent => {}
            }
        }
        Ok(())
    }
}
