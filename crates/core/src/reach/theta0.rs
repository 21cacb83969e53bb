//! θ0, the one 2-connected graph besides cycles and bipartite graphs
//! whose tokens are not all free (Wilson 1974): two cells of degree 3
//! joined by paths of 2, 3 and 3 edges. With the blank back on a given
//! cell only 120 of the 720 orders of the other six tokens are reachable;
//! they are found once by breadth-first search over the 5040 states.

use std::sync::OnceLock;

use crate::graph::{LocalCell, THETA0_EDGES};

/// Whether, on a θ0 block whose cells in canonical order are `labels`
/// (the entry among them), the tokens `to` can be reached from `from`
/// with the blank starting and ending on the entry. `from` and `to` give
/// the token on a cell; the entry's own token is left out (it belongs to
/// the parent block, and the group fixes the entry anyway).
pub(super) fn allows(
    labels: &[LocalCell; 7],
    from: impl Fn(LocalCell) -> u32,
    to: impl Fn(LocalCell) -> u32,
) -> bool {
    witness(labels, from, to).is_some()
}

/// One of the reachable arrangements that [`allows`] looks for: `g[k]`
/// is the canonical vertex whose token from `from` ends on vertex `k`.
pub(super) fn witness(
    labels: &[LocalCell; 7],
    from: impl Fn(LocalCell) -> u32,
    to: impl Fn(LocalCell) -> u32,
) -> Option<[u8; 7]> {
    let root = labels
        .iter()
        .position(|&l| l == LocalCell::ENTRY)
        .expect("the entry is a vertex");
    let a: Vec<u32> = labels.iter().map(|&l| from(l)).collect();
    let b: Vec<u32> = labels.iter().map(|&l| to(l)).collect();
    group(root).iter().copied().find(|g| {
        (0..7)
            .filter(|&k| k != root)
            .all(|k| b[k] == a[g[k] as usize])
    })
}

/// The arrangements of canonical θ0 reachable from the identity with the
/// blank starting and ending on vertex `root`: `g[k]` is the vertex whose
/// token ends on vertex `k`. Found once per root by breadth-first search
/// over the 5040 states; each set has 120 elements (Wilson 1974).
fn group(root: usize) -> &'static [[u8; 7]] {
    static GROUPS: OnceLock<Vec<Vec<[u8; 7]>>> = OnceLock::new();
    let groups = GROUPS.get_or_init(|| {
        let mut neighbours = [[u8::MAX; 3]; 7];
        for &(u, v) in &THETA0_EDGES {
            for (a, b) in [(u, v), (v, u)] {
                let slot = neighbours[a as usize].iter_mut().find(|s| **s == u8::MAX);
                *slot.expect("degree at most 3") = b;
            }
        }
        (0..7).map(|r| search(&neighbours, r)).collect()
    });
    &groups[root]
}

/// The states with the blank back on `root`, breadth first from the
/// identity.
fn search(neighbours: &[[u8; 3]; 7], root: usize) -> Vec<[u8; 7]> {
    let start: [u8; 7] = [0, 1, 2, 3, 4, 5, 6];
    let mut seen = std::collections::HashSet::from([start]);
    let mut queue = std::collections::VecDeque::from([(start, root as u8)]);
    let mut group = Vec::new();
    while let Some((state, blank)) = queue.pop_front() {
        if blank as usize == root {
            group.push(state);
        }
        for &w in neighbours[blank as usize].iter().filter(|&&w| w != u8::MAX) {
            let mut next = state;
            next.swap(blank as usize, w as usize);
            if seen.insert(next) {
                queue.push_back((next, w));
            }
        }
    }
    group
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::LocalGraph;

    #[test]
    fn theta0_group_has_order_120() {
        for r in 0..7 {
            assert_eq!(group(r).len(), 120);
        }
    }

    #[test]
    fn the_canonical_edges_are_recognised_in_order() {
        let edges: Vec<(u32, u32)> = THETA0_EDGES
            .iter()
            .map(|&(u, v)| (u as u32, v as u32))
            .collect();
        let g = LocalGraph::from_edges(7, &edges);
        let labels = g.whole().theta0_labels().expect("θ0");
        let order: Vec<usize> = labels.iter().map(|l| l.index()).collect();
        assert_eq!(order, vec![0, 1, 2, 3, 4, 5, 6]);
        // Nothing moved is allowed; a swap of two tokens is not among the
        // 120 (the group acts on the six tokens as S5 does through its
        // outer automorphism: no transpositions).
        let same = |l: LocalCell| l.index() as u32;
        assert!(allows(&labels, same, same));
        let swapped = |l: LocalCell| match l.index() {
            3 => 4,
            4 => 3,
            i => i as u32,
        };
        assert!(!allows(&labels, same, swapped));
    }
}
