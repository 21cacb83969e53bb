//! Long work with the GIL released and Ctrl-C heard: the work runs on a
//! thread of its own while the calling thread looks for signals.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

use crate::progress::{Event, Listener};

/// Runs `work` on a thread of its own with the GIL released; meanwhile
/// the calling thread looks for signals every 50 ms, and on Ctrl-C (any
/// signal handler that raises) sets `flag`, waits for the work to stop
/// and raises what the handler raised.
pub(crate) fn interruptible<T: Send>(
    py: Python<'_>,
    flag: &AtomicBool,
    threads: Option<usize>,
    work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    interruptible_told(py, flag, threads, None, work)
}

/// [`interruptible`], with the work's reports in `told` handed on to
/// their listener while the calling thread waits (and once more at the
/// end); a listener's exception stops the work as Ctrl-C does.
pub(crate) fn interruptible_told<T: Send>(
    py: Python<'_>,
    flag: &AtomicBool,
    threads: Option<usize>,
    told: Option<(&Listener, &Receiver<Event>)>,
    work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    let hear = |py: Python<'_>| match told {
        Some((listener, heard)) => listener.hear(py, heard),
        None => Ok(()),
    };
    // More threads than a machine has cores only cost memory and time.
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    let most = (4 * cores).max(64);
    let pool = match threads {
        Some(0) => return Err(PyValueError::new_err("threads: at least 1")),
        Some(n) if n > most => {
            return Err(PyValueError::new_err(format!(
                "threads: at most {most} (asked for {n})"
            )));
        }
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
                Ok(out) => {
                    hear(py)?;
                    return Ok(out);
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    return Err(PyRuntimeError::new_err("the search thread panicked"));
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if let Err(e) = py.check_signals().and_then(|()| hear(py)) {
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
