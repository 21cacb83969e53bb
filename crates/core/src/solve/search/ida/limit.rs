//! Limits on one search (nodes and a deadline), shared by its workers
//! and looked at once a chunk of nodes.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// Limits on one search, looked at every [`LIMIT_CHUNK`] nodes a worker
/// expands: the nodes counted so far against the most allowed, and the
/// clock against a deadline. When either is passed, `reached` is set and
/// every worker stops at its next node.
#[derive(Debug)]
pub(crate) struct SearchLimit {
    max_nodes: u64,
    deadline: Option<std::time::Instant>,
    counted: AtomicU64,
    reached: AtomicBool,
}

/// Nodes a worker expands between two looks at a [`SearchLimit`].
pub(super) const LIMIT_CHUNK: u64 = 1 << 14;

impl SearchLimit {
    /// At most `max_nodes` nodes (`None`: any number) and, when given,
    /// until `deadline`.
    pub(crate) fn new(max_nodes: Option<u64>, deadline: Option<std::time::Instant>) -> Self {
        Self {
            max_nodes: max_nodes.unwrap_or(u64::MAX),
            deadline,
            counted: AtomicU64::new(0),
            reached: AtomicBool::new(false),
        }
    }

    /// Counts `nodes` more; false (and the limit marked reached) when a
    /// limit is passed.
    pub(super) fn charge(&self, nodes: u64) -> bool {
        let total = self.counted.fetch_add(nodes, Ordering::Relaxed) + nodes;
        let late = self
            .deadline
            .is_some_and(|d| std::time::Instant::now() >= d);
        if total > self.max_nodes || late {
            self.reached.store(true, Ordering::Relaxed);
        }
        !self.is_reached()
    }

    /// Nodes counted so far (in whole chunks).
    pub(crate) fn counted(&self) -> u64 {
        self.counted.load(Ordering::Relaxed)
    }

    /// Whether a limit was passed.
    pub(crate) fn is_reached(&self) -> bool {
        self.reached.load(Ordering::Relaxed)
    }
}
