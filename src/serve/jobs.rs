//! The library's work for a request, run on a blocking thread so that
//! the server goes on answering others, and stopped when it should be:
//!
//! - past the time limit, the request is answered with an error and the
//!   work's cancellation flag is set ([`Solver::cancel_on`]: a shortest
//!   search stops within about a millisecond);
//! - when the client goes away, the server drops the request's future,
//!   and with it the guard that sets the same flag.
//!
//! Work that has no cancellation (deciding, drawing, playing moves) is
//! bounded by the size limits of [`api`](super::api) instead; its answer
//! is dropped past the time limit.
//!
//! At most `--max-jobs` jobs run at once, each holding its slot and its
//! share of `--max-memory` until its thread is done (a stopped search
//! holds them until it has stopped; an answer keeps its own size of the
//! share until it is sent: see [`memory`](super::memory));
//! up to [`WAITING_PER_SLOT`] times as many more wait, each at most
//! [`QUEUE_WAIT`], and the rest are answered 503 with `Retry-After`.
//!
//! Pattern database builds are reported to every page that listens on
//! `GET /api/progress` (server-sent events: one JSON object per change,
//! `{"building": [{"table", "done", "total", "seconds"?, "megabytes"?}]}`,
//! the last two, what the whole build costs, when it is long).
//!
//! [`Solver::cancel_on`]: npuzzle_core::Solver::cancel_on

use std::collections::BTreeMap;
use std::convert::Infallible;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::State;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use npuzzle_core::{BuildCost, Progress};
use serde_json::{Value, json};
use tokio::sync::{OwnedSemaphorePermit, Semaphore, watch};

use super::App;
use super::memory::{Held, Memory};
use super::reply::{Failure, error_response};

/// Requests that may wait for a job slot, per slot.
pub(super) const WAITING_PER_SLOT: usize = 16;
/// The longest a request waits for a job slot.
pub(super) const QUEUE_WAIT: Duration = Duration::from_secs(10);

/// Why a job gave no answer.
#[derive(Debug)]
pub(super) enum JobError {
    /// Every slot was taken, and the queue full or too slow.
    Busy,
    /// Answers waiting for their readers left no room for a job's share
    /// of the memory budget in time.
    NoRoom,
    /// It ran past the time limit and was told to stop.
    TimedOut(Duration),
    /// It panicked (a bug in the library).
    Panicked,
}

/// Requests' work under way, its time limit and the table builds.
pub(super) struct Jobs {
    time_limit: Duration,
    running: Arc<AtomicUsize>,
    tables: Arc<Tables>,
    /// A permit per job that may run.
    slots: Arc<Semaphore>,
    /// Requests waiting for a slot, and the most that may.
    waiting: Arc<AtomicUsize>,
    max_waiting: usize,
    /// The memory each job's answer may take, in bytes.
    memory_per_job: u64,
    /// The memory budget: jobs' shares and answers not yet sent.
    memory: Memory,
    /// Pages listening to the progress.
    listeners: Arc<AtomicUsize>,
}

/// Table builds under way: name → (placements reached, placements).
struct Tables {
    building: Mutex<BTreeMap<String, (u64, u64)>>,
    changes: watch::Sender<Value>,
}

impl Tables {
    /// Hears the library's progress reports.
    fn report(&self, progress: &Progress) {
        let mut building = self.building.lock().unwrap_or_else(|e| e.into_inner());
        match progress {
            Progress::Building { table, done, total } if done < total => {
                building.insert(table.clone(), (*done, *total));
            }
            Progress::Building { table, .. } => {
                building.remove(table);
            }
            // A table that could not be saved is worth a warning; a
            // search's progress is not (it is the page's to show).
            Progress::NotSaved { .. } => eprintln!("warning: {progress}"),
            Progress::NoTables { .. }
            | Progress::TablesLeftOut { .. }
            | Progress::CatalogueLeftOut { .. } => {
                eprintln!("note: {progress}");
            }
            _ => {}
        }
        let list: Vec<Value> = building
            .iter()
            .map(|(table, (done, total))| {
                let mut entry = json!({"table": table, "done": done, "total": total});
                // What the whole build costs, for the page's notice.
                if let Some(cost) = BuildCost::of_table(table, *total) {
                    entry["seconds"] = json!(cost.seconds.round());
                    entry["megabytes"] = json!((cost.bytes as f64 / 1e6).round());
                }
                entry
            })
            .collect();
        self.changes.send_replace(json!({ "building": list }));
    }
}

/// Sets a cancellation flag when dropped: when the request's future is
/// dropped (the client went away) or has its answer.
struct StopOnDrop(Arc<AtomicBool>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// Counts one more on a counter until dropped: a job running (until its
/// thread's work ends, however), a request waiting for a slot (until its
/// future ends, its client gone included), a page listening.
struct Counted(Arc<AtomicUsize>);

impl Counted {
    /// Counts one more on `count`; and how many were counted before.
    fn join(count: &Arc<AtomicUsize>) -> (Self, usize) {
        let before = count.fetch_add(1, Ordering::Relaxed);
        (Self(count.clone()), before)
    }
}

impl Drop for Counted {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

impl Jobs {
    /// No jobs yet; each may take `time_limit` and its share of
    /// `max_memory` bytes, and `max_jobs` run at once.
    pub(super) fn new(time_limit: Duration, max_jobs: usize, max_memory: u64) -> Self {
        Self {
            time_limit,
            slots: Arc::new(Semaphore::new(max_jobs)),
            waiting: Arc::new(AtomicUsize::new(0)),
            max_waiting: max_jobs.saturating_mul(WAITING_PER_SLOT),
            memory_per_job: max_memory / max_jobs.max(1) as u64,
            memory: Memory::new(max_memory, max_jobs),
            listeners: Arc::new(AtomicUsize::new(0)),
            running: Arc::new(AtomicUsize::new(0)),
            tables: Arc::new(Tables {
                building: Mutex::new(BTreeMap::new()),
                changes: watch::Sender::new(json!({"building": []})),
            }),
        }
    }

    /// The time limit of each job.
    pub(super) fn time_limit(&self) -> Duration {
        self.time_limit
    }

    /// The memory each job's answer may take, in bytes.
    pub(super) fn memory_per_job(&self) -> u64 {
        self.memory_per_job
    }

    /// The memory budget, for answers waiting to be sent.
    pub(super) fn memory(&self) -> &Memory {
        &self.memory
    }

    /// A job slot: at once when one is free, else after waiting in the
    /// queue (when it has room) for at most [`QUEUE_WAIT`].
    async fn slot(&self) -> Result<OwnedSemaphorePermit, JobError> {
        if let Ok(permit) = self.slots.clone().try_acquire_owned() {
            return Ok(permit);
        }
        // Counted off when this future ends, however: a client that goes
        // away while waiting drops it.
        let (_waiting, ahead) = Counted::join(&self.waiting);
        if ahead >= self.max_waiting {
            return Err(JobError::Busy);
        }
        let permit = tokio::time::timeout(QUEUE_WAIT, self.slots.clone().acquire_owned()).await;
        match permit {
            Ok(Ok(permit)) => Ok(permit),
            _ => Err(JobError::Busy),
        }
    }

    /// Requests waiting for a job slot.
    pub(super) fn waiting(&self) -> usize {
        self.waiting.load(Ordering::Relaxed)
    }

    /// Jobs whose threads are still working (a stopped search counts
    /// until it has actually stopped).
    pub(super) fn running(&self) -> usize {
        self.running.load(Ordering::Relaxed)
    }

    /// A progress callback for a solver: table builds, for the page.
    pub(super) fn reporter(&self) -> impl Fn(&Progress) + Send + Sync + 'static {
        let tables = self.tables.clone();
        move |p: &Progress| tables.report(p)
    }

    /// Runs `work` on a blocking thread, handing it a flag that is set
    /// when its answer is no longer wanted (time limit, client gone);
    /// its answer comes with the job's share of the memory budget, for
    /// the answer to hold while it is sent.
    ///
    /// # Errors
    /// [`JobError::Busy`] when no slot is free in time,
    /// [`JobError::NoRoom`] when no share of memory is,
    /// [`JobError::TimedOut`] past the time limit, [`JobError::Panicked`]
    /// when the work panicked.
    pub(super) async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce(Arc<AtomicBool>) -> T + Send + 'static,
    ) -> Result<(T, Held), JobError> {
        let slot = self.slot().await?;
        let share = self
            .memory
            .share(QUEUE_WAIT)
            .await
            .ok_or(JobError::NoRoom)?;
        let cancel = Arc::new(AtomicBool::new(false));
        // Dropped with this future: when the client goes away, or once answered.
        let _stop = StopOnDrop(cancel.clone());
        let (running, _) = Counted::join(&self.running);
        let flag = cancel.clone();
        let handle = tokio::task::spawn_blocking(move || {
            // Held until the work is done, however long after its
            // answer was given up; the share then goes with the answer.
            let (_running, _slot) = (running, slot);
            (work(flag), share)
        });
        match tokio::time::timeout(self.time_limit, handle).await {
            Ok(Ok(answer)) => Ok(answer),
            Ok(Err(_)) => Err(JobError::Panicked),
            Err(_) => {
                cancel.store(true, Ordering::Relaxed);
                Err(JobError::TimedOut(self.time_limit))
            }
        }
    }
}

/// Pages that may listen to `GET /api/progress` at once: each holds a
/// connection for as long as it is open.
pub(super) const MAX_LISTENERS: usize = 32;

/// `GET /api/progress`: server-sent events, one `{"building": [...]}`
/// now and one at each change of the table builds under way; 503 past
/// [`MAX_LISTENERS`] listeners.
pub(super) async fn progress_events(State(app): State<Arc<App>>) -> Response {
    let (listening, before) = Counted::join(&app.jobs.listeners);
    if before >= MAX_LISTENERS {
        let Failure(status, message) = Failure::busy(format!(
            "at most {MAX_LISTENERS} pages may listen to the progress at once"
        ));
        return error_response(status, message);
    }
    let mut changes = app.jobs.tables.changes.subscribe();
    changes.mark_changed();
    let stream = futures_util::stream::unfold(
        (changes, listening),
        |(mut changes, listening)| async move {
            changes.changed().await.ok()?;
            let data = changes.borrow_and_update().to_string();
            let event = Ok::<_, Infallible>(Event::default().event("progress").data(data));
            Some((event, (changes, listening)))
        },
    );
    Sse::new(stream)
        .keep_alive(KeepAlive::default())
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_time_limit_sets_the_flag() {
        let jobs = Jobs::new(Duration::from_millis(50), 2, 1 << 30);
        let seen = Arc::new(AtomicBool::new(false));
        let seen2 = seen.clone();
        let answer = jobs
            .run(move |cancel| {
                while !cancel.load(Ordering::Relaxed) {
                    std::thread::sleep(Duration::from_millis(1));
                }
                seen2.store(true, Ordering::Relaxed);
            })
            .await;
        assert!(matches!(answer, Err(JobError::TimedOut(_))));
        for _ in 0..1000 {
            if jobs.running() == 0 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        assert!(seen.load(Ordering::Relaxed));
        assert_eq!(jobs.running(), 0);
        assert_eq!(jobs.run(|_| 7).await.unwrap().0, 7);
    }

    #[test]
    fn builds_are_listed_while_they_run() {
        let jobs = Jobs::new(Duration::from_secs(1), 2, 1 << 30);
        let report = jobs.reporter();
        let mut changes = jobs.tables.changes.subscribe();
        let building = |table: &str, done, total| Progress::Building {
            table: table.into(),
            done,
            total,
        };
        report(&building("pdb-a", 0, 10));
        report(&building("pdb-a", 4, 10));
        assert_eq!(
            *changes.borrow_and_update(),
            json!({"building": [{"table": "pdb-a", "done": 4, "total": 10}]})
        );
        report(&building("pdb-a", 10, 10));
        assert_eq!(*changes.borrow_and_update(), json!({"building": []}));
    }

    #[tokio::test]
    async fn a_request_that_leaves_the_queue_is_counted_off() {
        let jobs = Arc::new(Jobs::new(Duration::from_secs(5), 1, 1 << 30));
        let stop = Arc::new(AtomicBool::new(false));
        let (jobs2, stop2) = (jobs.clone(), stop.clone());
        let busy = tokio::spawn(async move {
            jobs2
                .run(move |_| {
                    while !stop2.load(Ordering::Relaxed) {
                        std::thread::sleep(Duration::from_millis(1));
                    }
                })
                .await
        });
        while jobs.running() == 0 {
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        // Waits for the slot, then is dropped (its client went away).
        let waiting = tokio::time::timeout(Duration::from_millis(50), jobs.run(|_| ()));
        assert!(waiting.await.is_err());
        assert_eq!(jobs.waiting(), 0);
        stop.store(true, Ordering::Relaxed);
        assert!(busy.await.unwrap().is_ok());
    }
}
