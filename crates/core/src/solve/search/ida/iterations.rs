//! How far a search within a count of nodes goes: iteration by
//! iteration, on counts that do not depend on the threads.

/// The growth from one iteration to the next that a search expects
/// where it has searched through one iteration only (IDA* on the
/// 24-puzzle with the compact tables: 4 to 10 for each two moves more).
const FIRST_GROWTH: u64 = 8;

/// Whether a search within a count of nodes begins its next iteration
/// (the end of a near-shortest answer, the shortest search a default
/// answer tries first), decided on the counts of the iterations searched
/// through: those are the same on every machine and in every run, where
/// a budget charged by the cores as they go is not (whether a solution
/// is found just as it runs out then depends on how the threads ran, and
/// so did the default answer). The first iteration is always searched;
/// the next is begun while the nodes so far and its expected count (the
/// last one's, times its growth over the one before) are within the
/// search's nodes; once begun it runs to its end, bound only by the
/// caller's stop.
pub(crate) struct Iterations {
    nodes: u64,
    /// The nodes of the iterations searched through.
    pub spent: u64,
    last: u64,
}

impl Iterations {
    /// Iterations within `nodes` in all.
    pub(crate) fn within(nodes: u64) -> Self {
        Self {
            nodes,
            spent: 0,
            last: 0,
        }
    }

    /// Counts an iteration of `expanded` nodes searched through; whether
    /// the next is begun.
    pub(crate) fn go_on(&mut self, expanded: u64) -> bool {
        let next = match self.last {
            0 => expanded.saturating_mul(FIRST_GROWTH),
            last => expanded.saturating_mul(expanded) / last,
        };
        self.spent += expanded;
        self.last = expanded.max(1);
        self.spent.saturating_add(next) <= self.nodes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_next_iteration_is_begun_while_its_expected_count_fits() {
        let mut iterations = Iterations::within(100);
        // 1 node: 8 expected next, 9 in all.
        assert!(iterations.go_on(1));
        // 5: growth 5, 25 expected, 31 in all.
        assert!(iterations.go_on(5));
        // 20: growth 4, 80 expected, 106 in all.
        assert!(!iterations.go_on(20));
        assert_eq!(iterations.spent, 26);
        assert!(!Iterations::within(0).go_on(1));
    }
}
