//! When work gives up before it is done: a flag another thread sets, a
//! deadline, a budget of search nodes, or any of them. Every long-running
//! piece of the library (table builds, searches, the generator, the
//! solver's stages) is handed one [`Stop`] and looks at it every so often.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

/// Any of these ends the work: the flag set, the deadline passed, the
/// node budget spent. Cheap to copy; the default never stops.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Stop<'a> {
    /// Set from elsewhere (the caller's cancel flag).
    pub cancel: Option<&'a AtomicBool>,
    /// The moment the work's time is up.
    pub deadline: Option<Instant>,
    /// Nodes a search may expand, shared by its workers.
    pub nodes: Option<&'a NodeBudget>,
}

/// The flag was set, the deadline passed or the budget spent: the
/// errors of the layers above turn it into their own `Cancelled`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Stopped;

impl From<Stopped> for crate::error::Error {
    fn from(_: Stopped) -> Self {
        Self::Cancelled
    }
}

impl<'a> Stop<'a> {
    /// Stopped by `cancel` only.
    pub(crate) fn on(cancel: Option<&'a AtomicBool>) -> Self {
        Stop {
            cancel,
            ..Stop::default()
        }
    }

    /// This stop, and the deadline too (the earlier of two).
    pub(crate) fn by(self, deadline: Instant) -> Self {
        Stop {
            deadline: Some(self.deadline.map_or(deadline, |d| d.min(deadline))),
            ..self
        }
    }

    /// This stop, and `budget` too.
    pub(crate) fn counting(self, budget: &'a NodeBudget) -> Self {
        Stop {
            nodes: Some(budget),
            ..self
        }
    }

    /// Whether the flag is set or the node budget spent: two loads, no
    /// clock, cheap enough for every node of a search. The clock is read
    /// by [`NodeBudget::charge`], once a chunk of nodes.
    #[inline]
    pub(crate) fn flagged(&self) -> bool {
        self.cancel.is_some_and(|c| c.load(Ordering::Relaxed))
            || self.nodes.is_some_and(NodeBudget::is_spent)
    }

    /// Whether the work should end now.
    pub(crate) fn now(&self) -> bool {
        self.flagged() || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// [`now`](Self::now) as a result, for `?`.
    ///
    /// # Errors
    /// [`Stopped`] when the work should end.
    pub(crate) fn check(&self) -> Result<(), Stopped> {
        if self.now() { Err(Stopped) } else { Ok(()) }
    }
}

/// A budget of nodes and a deadline, shared by a search's workers and
/// looked at once every [`NODE_CHUNK`] nodes a worker expands. When
/// either is passed the budget is marked spent and every worker stops at
/// its next node.
#[derive(Debug)]
pub(crate) struct NodeBudget {
    max_nodes: u64,
    deadline: Option<Instant>,
    counted: AtomicU64,
    spent: AtomicBool,
}

/// Nodes a worker expands between two looks at a [`NodeBudget`].
pub(crate) const NODE_CHUNK: u64 = 1 << 14;

impl NodeBudget {
    /// At most `max_nodes` nodes (`None`: any number) and, when given,
    /// until `deadline`.
    pub(crate) fn new(max_nodes: Option<u64>, deadline: Option<Instant>) -> Self {
        Self {
            max_nodes: max_nodes.unwrap_or(u64::MAX),
            deadline,
            counted: AtomicU64::new(0),
            spent: AtomicBool::new(false),
        }
    }

    /// Counts `nodes` more; false (and the budget marked spent) when the
    /// nodes or the time are passed.
    pub(crate) fn charge(&self, nodes: u64) -> bool {
        let total = self.counted.fetch_add(nodes, Ordering::Relaxed) + nodes;
        let late = self.deadline.is_some_and(|d| Instant::now() >= d);
        if total > self.max_nodes || late {
            self.spent.store(true, Ordering::Relaxed);
        }
        !self.is_spent()
    }

    /// Nodes counted so far (in whole chunks).
    pub(crate) fn counted(&self) -> u64 {
        self.counted.load(Ordering::Relaxed)
    }

    /// Whether the nodes or the time were passed.
    pub(crate) fn is_spent(&self) -> bool {
        self.spent.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_of_the_three_stops() {
        assert!(!Stop::default().now());
        let flag = AtomicBool::new(false);
        let on = Stop::on(Some(&flag));
        assert!(!on.now() && on.check().is_ok());
        flag.store(true, Ordering::Relaxed);
        assert!(on.flagged() && on.check() == Err(Stopped));
        let past = Stop::default().by(Instant::now());
        assert!(past.now() && !past.flagged());
        let budget = NodeBudget::new(Some(10), None);
        let counting = Stop::default().counting(&budget);
        assert!(budget.charge(10) && !counting.now());
        assert!(!budget.charge(1) && counting.flagged());
        assert_eq!(budget.counted(), 11);
    }

    #[test]
    fn the_earlier_deadline_holds() {
        let soon = Instant::now();
        let later = soon + std::time::Duration::from_secs(60);
        assert_eq!(Stop::default().by(later).by(soon).deadline, Some(soon));
        assert_eq!(Stop::default().by(soon).by(later).deadline, Some(soon));
    }
}
