//! A block's graph seen through a set of live cells ([`Region`]): all of
//! them for the decision, what is left of the block for the peeling
//! solver. The tests both ask of a block live here, each written once:
//! bipartite, 2-connected (Tarjan's search), the order round a cycle,
//! θ0, and breadth-first distances and paths.

use std::collections::VecDeque;
use std::ops::ControlFlow;

use crate::graph::tarjan::{self, Step};
use crate::graph::{LocalCell, LocalGraph, LocalVec, path_by};

/// Which cells of a [`LocalGraph`] a [`Region`] keeps.
pub(crate) trait LiveCells {
    /// Whether every cell is kept (counts are then known at once).
    const ALL: bool = false;
    /// Whether `cell` is kept.
    fn has(&self, cell: LocalCell) -> bool;
}

/// Every cell.
#[derive(Clone, Copy, Debug)]
pub(crate) struct All;

impl LiveCells for All {
    const ALL: bool = true;
    fn has(&self, _: LocalCell) -> bool {
        true
    }
}

impl LiveCells for LocalVec<bool> {
    fn has(&self, cell: LocalCell) -> bool {
        self[cell]
    }
}

/// A [`LocalGraph`] seen through a set of live cells: the sub-graph they
/// induce.
#[derive(Debug)]
pub(crate) struct Region<'g, M: LiveCells> {
    graph: &'g LocalGraph,
    live: &'g M,
}

impl<M: LiveCells> Clone for Region<'_, M> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<M: LiveCells> Copy for Region<'_, M> {}

impl<'g, M: LiveCells> Region<'g, M> {
    /// The cells of `graph` that `live` keeps.
    pub(crate) fn new(graph: &'g LocalGraph, live: &'g M) -> Self {
        Region { graph, live }
    }

    /// The live neighbours of `l`.
    pub(crate) fn neighbours(&self, l: LocalCell) -> impl Iterator<Item = LocalCell> + use<'g, M> {
        let live = self.live;
        self.graph
            .neighbours(l)
            .iter()
            .copied()
            .filter(move |&w| live.has(w))
    }

    /// The number of live neighbours of `l`.
    pub(crate) fn degree(&self, l: LocalCell) -> usize {
        self.neighbours(l).count()
    }

    /// The live cells, in order.
    pub(crate) fn cells(&self) -> impl Iterator<Item = LocalCell> + use<'g, M> {
        let live = self.live;
        (0..self.graph.len())
            .map(LocalCell::new)
            .filter(move |&l| live.has(l))
    }

    /// The number of live cells.
    pub(crate) fn cell_count(&self) -> usize {
        if M::ALL {
            self.graph.len()
        } else {
            self.cells().count()
        }
    }

    /// The number of edges between live cells.
    pub(crate) fn edge_count(&self) -> usize {
        if M::ALL {
            self.graph.edge_count()
        } else {
            self.cells().map(|l| self.degree(l)).sum::<usize>() / 2
        }
    }

    /// Breadth-first distances from `from` through live cells
    /// (`usize::MAX` where there is no way).
    pub(crate) fn distances(&self, from: LocalCell) -> LocalVec<usize> {
        let mut dist = LocalVec::new(self.graph.len(), usize::MAX);
        dist[from] = 0;
        let mut queue = VecDeque::from([from]);
        while let Some(v) = queue.pop_front() {
            for w in self.neighbours(v) {
                if dist[w] == usize::MAX {
                    dist[w] = dist[v] + 1;
                    queue.push_back(w);
                }
            }
        }
        dist
    }

    /// How many live cells lie within `steps` steps of `from`.
    pub(crate) fn count_within(&self, from: LocalCell, steps: usize) -> usize {
        let mut seen = LocalVec::new(self.graph.len(), false);
        seen[from] = true;
        let mut frontier = vec![from];
        let mut count = 1;
        for _ in 0..steps {
            let mut next = Vec::new();
            for &v in &frontier {
                for w in self.neighbours(v) {
                    if !seen[w] {
                        seen[w] = true;
                        count += 1;
                        next.push(w);
                    }
                }
            }
            frontier = next;
        }
        count
    }

    /// A shortest path from `from` to `to` through live cells, both
    /// included.
    pub(crate) fn path(&self, from: LocalCell, to: LocalCell) -> Option<Vec<LocalCell>> {
        let path = path_by(self.graph.len(), from.index(), to.index(), |v| {
            self.neighbours(LocalCell::new(v)).map(LocalCell::index)
        })?;
        Some(path.into_iter().map(LocalCell::new).collect())
    }

    /// Whether the live cells can be coloured in two colours, neighbours
    /// apart (no odd cycle).
    pub(crate) fn is_bipartite(&self) -> bool {
        let mut colour = LocalVec::new(self.graph.len(), u8::MAX);
        for start in self.cells() {
            if colour[start] != u8::MAX {
                continue;
            }
            colour[start] = 0;
            let mut stack = vec![start];
            while let Some(v) = stack.pop() {
                for w in self.neighbours(v) {
                    if colour[w] == u8::MAX {
                        colour[w] = 1 - colour[v];
                        stack.push(w);
                    } else if colour[w] == colour[v] {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// Whether the live cells form a 2-connected graph: connected, and no
    /// one cell separates the others (Tarjan's search).
    pub(crate) fn is_biconnected(&self) -> bool {
        let Some(root) = self.cells().next() else {
            return false;
        };
        let mut root_children = 0;
        let reached = tarjan::search(
            self.graph.len(),
            u32::from(root),
            |v| self.graph.neighbours(LocalCell::new(v as usize)),
            |w| self.live.has(w),
            |step| match step {
                Step::Split(p, _) if p == u32::from(root) && root_children == 0 => {
                    root_children += 1;
                    ControlFlow::Continue(())
                }
                Step::Split(..) => ControlFlow::Break(()),
                Step::Edge(..) => ControlFlow::Continue(()),
            },
        );
        reached.is_some_and(|reached| self.cells().all(|l| reached[l.index()]))
    }

    /// Follows a chain of live cells with two live neighbours each, from
    /// `cur` (reached from `prev`), until a cell where `stop` holds or
    /// whose live degree is not 2. Returns the cells passed and that one.
    pub(crate) fn follow(
        &self,
        mut prev: LocalCell,
        mut cur: LocalCell,
        stop: impl Fn(LocalCell) -> bool,
    ) -> (Vec<LocalCell>, LocalCell) {
        let mut passed = Vec::new();
        while !stop(cur) && self.degree(cur) == 2 {
            passed.push(cur);
            let next = self
                .neighbours(cur)
                .find(|&w| w != prev)
                .expect("two neighbours");
            prev = cur;
            cur = next;
        }
        (passed, cur)
    }

    /// The cells of a cycle in order, from `start` round to the cell
    /// before it, starting towards its first live neighbour.
    pub(crate) fn cycle_order(&self, start: LocalCell) -> Vec<LocalCell> {
        let first = self.neighbours(start).next().expect("a cycle");
        let (rest, end) = self.follow(start, first, |c| c == start);
        debug_assert_eq!(end, start, "every cell of a cycle has degree 2");
        let mut order = vec![start];
        order.extend(rest);
        order
    }

    /// If the live cells form θ0 (two cells of degree 3 joined by paths
    /// of 2, 3 and 3 edges), its cells in canonical order: the two branch
    /// cells, the middle of the short path, then the two long paths.
    pub(crate) fn theta0_labels(&self) -> Option<[LocalCell; 7]> {
        if self.cell_count() != 7 || self.edge_count() != 8 {
            return None;
        }
        let branch: Vec<LocalCell> = self.cells().filter(|&v| self.degree(v) == 3).collect();
        if branch.len() != 2 || self.cells().any(|v| !matches!(self.degree(v), 2 | 3)) {
            return None;
        }
        let (u, w) = (branch[0], branch[1]);
        let mut paths: Vec<Vec<LocalCell>> = Vec::new();
        for first in self.neighbours(u) {
            let (inner, end) = self.follow(u, first, |c| c == u || c == w);
            if end != w {
                return None;
            }
            paths.push(inner);
        }
        paths.sort_by_key(|p| p.len());
        if paths.iter().map(|p| p.len()).collect::<Vec<_>>() != [1, 2, 2] {
            return None;
        }
        Some([
            u,
            w,
            paths[0][0],
            paths[1][0],
            paths[1][1],
            paths[2][0],
            paths[2][1],
        ])
    }

    /// The live cells as a graph of their own, numbered in order, each
    /// cell's neighbours in the order they had; with the cell each new
    /// one stands for.
    pub(crate) fn compact(&self) -> (LocalGraph, Vec<LocalCell>) {
        let kept: Vec<LocalCell> = self.cells().collect();
        let mut renumber = LocalVec::new(self.graph.len(), LocalCell::ENTRY);
        for (i, &l) in kept.iter().enumerate() {
            renumber[l] = LocalCell::new(i);
        }
        let cells = kept.iter().map(|&l| self.graph.cell(l)).collect();
        let lists = kept
            .iter()
            .map(|&l| self.neighbours(l).map(|w| renumber[w]));
        let graph = LocalGraph::from_lists(cells, lists);
        (graph, kept)
    }
}

/// The canonical θ0: branch vertices 0 and 1, short path 0-2-1, long
/// paths 0-3-4-1 and 0-5-6-1 (the order of
/// [`Region::theta0_labels`]).
pub(crate) const THETA0_EDGES: [(u8, u8); 8] = [
    (0, 2),
    (2, 1),
    (0, 3),
    (3, 4),
    (4, 1),
    (0, 5),
    (5, 6),
    (6, 1),
];

#[cfg(test)]
mod tests {
    use super::*;

    fn cycle(n: u32) -> LocalGraph {
        let edges: Vec<(u32, u32)> = (0..n).map(|i| (i, (i + 1) % n)).collect();
        LocalGraph::from_edges(n as usize, &edges)
    }

    /// The canonical θ0: branch cells 0 and 1, paths 0-2-1, 0-3-4-1, 0-5-6-1.
    fn theta0() -> LocalGraph {
        LocalGraph::from_edges(7, &theta0_edges())
    }

    fn theta0_edges() -> Vec<(u32, u32)> {
        THETA0_EDGES
            .iter()
            .map(|&(u, v)| (u.into(), v.into()))
            .collect()
    }

    fn cells(ids: &[usize]) -> Vec<LocalCell> {
        ids.iter().map(|&i| LocalCell::new(i)).collect()
    }

    #[test]
    fn even_cycles_are_bipartite_odd_ones_not() {
        for n in 3..10 {
            assert_eq!(cycle(n).whole().is_bipartite(), n % 2 == 0, "cycle of {n}");
        }
        // A 5-cycle with one cell dead is a path: bipartite.
        let g = cycle(5);
        let mut live = LocalVec::new(5, true);
        live[LocalCell::new(2)] = false;
        assert!(g.within(&live).is_bipartite());
        assert!(!g.whole().is_bipartite());
    }

    #[test]
    fn cycle_order_goes_round_from_the_start() {
        // The cycle 0-3-1-4-2-0, listed out of order.
        let g = LocalGraph::from_edges(5, &[(0, 3), (1, 4), (3, 1), (2, 0), (4, 2)]);
        assert_eq!(
            g.whole().cycle_order(LocalCell::ENTRY),
            cells(&[0, 3, 1, 4, 2])
        );
        assert_eq!(
            g.whole().cycle_order(LocalCell::new(4)),
            cells(&[4, 1, 3, 0, 2])
        );
    }

    #[test]
    fn theta0_is_recognised_with_its_labels() {
        let g = theta0();
        assert_eq!(
            g.whole().theta0_labels(),
            Some(cells(&[0, 1, 2, 3, 4, 5, 6]).try_into().unwrap())
        );
        // θ(1, 1, 3): seven cells and eight edges, but not θ0.
        let other = LocalGraph::from_edges(
            7,
            &[
                (0, 2),
                (2, 1),
                (0, 3),
                (3, 1),
                (0, 4),
                (4, 5),
                (5, 6),
                (6, 1),
            ],
        );
        assert_eq!(other.whole().theta0_labels(), None);
        // A cycle of seven is not θ0, nor θ0 with a cell more.
        assert_eq!(cycle(7).whole().theta0_labels(), None);
        let mut edges = theta0_edges();
        edges.push((6, 7));
        edges.push((7, 1));
        let bigger = LocalGraph::from_edges(8, &edges);
        assert_eq!(bigger.whole().theta0_labels(), None);
        // … unless that cell is dead.
        let mut live = LocalVec::new(8, true);
        live[LocalCell::new(7)] = false;
        assert!(bigger.within(&live).theta0_labels().is_some());
    }

    #[test]
    fn biconnectivity_of_live_cells() {
        // Two squares glued at 2: 0-1-2-3 and 2-4-5-6.
        let g = LocalGraph::from_edges(
            7,
            &[
                (0, 1),
                (1, 2),
                (2, 3),
                (3, 0),
                (2, 4),
                (4, 5),
                (5, 6),
                (6, 2),
            ],
        );
        assert!(!g.whole().is_biconnected(), "2 is a cut cell");
        let mut live = LocalVec::new(7, true);
        for l in [4, 5, 6] {
            live[LocalCell::new(l)] = false;
        }
        assert!(g.within(&live).is_biconnected(), "one square");
        live[LocalCell::new(3)] = false;
        assert!(!g.within(&live).is_biconnected(), "a path 0-1-2");
        // Two live cells apart: not connected.
        let mut apart = LocalVec::new(7, false);
        apart[LocalCell::new(0)] = true;
        apart[LocalCell::new(5)] = true;
        assert!(!g.within(&apart).is_biconnected());
        assert!(cycle(6).whole().is_biconnected());
        assert!(theta0().whole().is_biconnected());
    }

    #[test]
    fn distances_and_paths_stay_in_the_region() {
        let g = cycle(6);
        let whole = g.whole();
        let d = whole.distances(LocalCell::ENTRY);
        let dist: Vec<usize> = d.iter().map(|(_, &x)| x).collect();
        assert_eq!(dist, vec![0, 1, 2, 3, 2, 1]);
        assert_eq!(whole.count_within(LocalCell::ENTRY, 2), 5);
        assert_eq!(
            whole.path(LocalCell::ENTRY, LocalCell::new(2)),
            Some(cells(&[0, 1, 2]))
        );
        let mut live = LocalVec::new(6, true);
        live[LocalCell::new(1)] = false;
        let cut = g.within(&live);
        assert_eq!(cut.distances(LocalCell::ENTRY)[LocalCell::new(2)], 4);
        assert_eq!(
            cut.path(LocalCell::ENTRY, LocalCell::new(2)),
            Some(cells(&[0, 5, 4, 3, 2]))
        );
        assert_eq!(cut.cell_count(), 5);
        assert_eq!(cut.edge_count(), 4);
        assert_eq!(whole.edge_count(), 6);
        live[LocalCell::new(4)] = false;
        assert_eq!(
            g.within(&live).path(LocalCell::ENTRY, LocalCell::new(2)),
            None
        );
    }

    #[test]
    fn compacting_keeps_the_order_of_neighbours() {
        let g = cycle(6);
        let mut live = LocalVec::new(6, true);
        live[LocalCell::new(1)] = false;
        let (small, kept) = g.within(&live).compact();
        assert_eq!(kept, cells(&[0, 2, 3, 4, 5]));
        assert_eq!(small.board_cells(), &[0, 2, 3, 4, 5]);
        // Old 0 had neighbours 1 (dead) and 5 (now 4).
        assert_eq!(small.neighbours(LocalCell::ENTRY), &cells(&[4])[..]);
        assert_eq!(small.neighbours(LocalCell::new(2)), &cells(&[1, 3])[..]);
        assert_eq!(small.whole().edge_count(), 4);
    }
}
