//! When a search gives up before it is done: a flag another thread sets,
//! a deadline, or both. Searches look at it every few hundred states.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// Either ends the search: the flag set or the deadline passed.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Stop<'a> {
    /// Set from elsewhere (the solver's cancel flag).
    pub cancel: Option<&'a AtomicBool>,
    /// The moment the search's time is up.
    pub deadline: Option<Instant>,
}

impl<'a> Stop<'a> {
    /// Stopped by `cancel` only.
    pub(crate) fn on(cancel: Option<&'a AtomicBool>) -> Self {
        Stop {
            cancel,
            deadline: None,
        }
    }

    /// This stop, and the deadline too.
    pub(crate) fn by(self, deadline: Instant) -> Self {
        Stop {
            deadline: Some(self.deadline.map_or(deadline, |d| d.min(deadline))),
            ..self
        }
    }

    /// Whether the search should end now.
    pub(crate) fn now(&self) -> bool {
        self.cancel.is_some_and(|c| c.load(Ordering::Relaxed))
            || self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}
