//! Tarjan's depth-first search for the vertices that separate a graph,
//! iterative (boards of millions of cells do not overflow the stack) and
//! O(N + E): the one search behind the block-cut tree of a board
//! ([`Blocks::rooted`](super::Blocks::rooted)) and the 2-connectivity
//! test of a block's live cells
//! ([`Region::is_biconnected`](super::Region::is_biconnected)).

use std::ops::ControlFlow;

const UNSEEN: u32 = u32::MAX;

/// What the search reports as it goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// The edge `(v, w)` met from `v`: down to a vertex `w` not seen
    /// before (a tree edge), or back up to an ancestor `w`. Each edge of
    /// the component is reported once.
    Edge(u32, u32),
    /// `p` separates the subtree of its child `v` from the rest: the
    /// edges reported since the tree edge `(p, v)`, and not yet claimed
    /// by an earlier split, form one block hanging from `p`. The root
    /// reports one split per child.
    Split(u32, u32),
}

/// Searches from `root` over the vertices `0..n`: `neighbours(v)` lists
/// the neighbours of `v`, of which only those `live` are followed.
/// Each step goes to `visit`, which may stop the search. Returns whether
/// each vertex was reached, `None` when `visit` stopped the search.
pub(crate) fn search<'g, T>(
    n: usize,
    root: u32,
    neighbours: impl Fn(u32) -> &'g [T],
    live: impl Fn(T) -> bool,
    mut visit: impl FnMut(Step) -> ControlFlow<()>,
) -> Option<Vec<bool>>
where
    T: Copy + Into<u32> + 'g,
{
    let mut disc = vec![UNSEEN; n];
    let mut low = vec![0u32; n];
    let mut parent = vec![UNSEEN; n];
    // Each frame: a vertex and how many of its neighbours were looked at.
    let mut frames: Vec<(u32, u32)> = vec![(root, 0)];
    disc[root as usize] = 0;
    let mut time = 1u32;
    while let Some(frame) = frames.last_mut() {
        let v = frame.0;
        let list = neighbours(v);
        if (frame.1 as usize) < list.len() {
            let next = list[frame.1 as usize];
            frame.1 += 1;
            if !live(next) {
                continue;
            }
            let w: u32 = next.into();
            let (vi, wi) = (v as usize, w as usize);
            if disc[wi] == UNSEEN {
                parent[wi] = v;
                disc[wi] = time;
                low[wi] = time;
                time += 1;
                if visit(Step::Edge(v, w)).is_break() {
                    return None;
                }
                frames.push((w, 0));
            } else if w != parent[vi] && disc[wi] < disc[vi] {
                low[vi] = low[vi].min(disc[wi]);
                if visit(Step::Edge(v, w)).is_break() {
                    return None;
                }
            }
        } else {
            frames.pop();
            if let Some(&(p, _)) = frames.last() {
                let (vi, pi) = (v as usize, p as usize);
                low[pi] = low[pi].min(low[vi]);
                if low[vi] >= disc[pi] && visit(Step::Split(p, v)).is_break() {
                    return None;
                }
            }
        }
    }
    Some(disc.iter().map(|&d| d != UNSEEN).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Adjacency lists of an undirected graph on `0..n`.
    fn lists(n: usize, edges: &[(u32, u32)]) -> Vec<Vec<u32>> {
        let mut adjacent = vec![Vec::new(); n];
        for &(u, v) in edges {
            adjacent[u as usize].push(v);
            adjacent[v as usize].push(u);
        }
        adjacent
    }

    fn steps(adjacent: &[Vec<u32>], root: u32, live: &[bool]) -> (Vec<Step>, Vec<bool>) {
        let mut seen = Vec::new();
        let reached = search(
            adjacent.len(),
            root,
            |v| &adjacent[v as usize],
            |w| live[w as usize],
            |s| {
                seen.push(s);
                ControlFlow::Continue(())
            },
        )
        .expect("never stopped");
        (seen, reached)
    }

    #[test]
    fn glued_triangles_split_at_the_shared_vertex() {
        // Triangles 0-1-2 and 2-3-4 glued at 2, a bridge 4-5.
        let adjacent = lists(6, &[(0, 1), (1, 2), (2, 0), (2, 3), (3, 4), (4, 2), (4, 5)]);
        let (seen, reached) = steps(&adjacent, 0, &[true; 6]);
        let edges = seen.iter().filter(|s| matches!(s, Step::Edge(..))).count();
        assert_eq!(edges, 7, "each edge once");
        let mut splits: Vec<(u32, u32)> = seen
            .iter()
            .filter_map(|s| match *s {
                Step::Split(p, v) => Some((p, v)),
                Step::Edge(..) => None,
            })
            .collect();
        splits.sort();
        // The bridge hangs from 4, the second triangle from 2, the first
        // from the root.
        assert_eq!(splits.len(), 3);
        assert_eq!(splits[0].0, 0);
        assert_eq!(splits[1].0, 2);
        assert_eq!(splits[2], (4, 5));
        assert_eq!(reached, vec![true; 6]);
    }

    #[test]
    fn dead_vertices_are_not_followed() {
        // A 4-cycle with 3 dead: a path 0-1-2, split at 1 (not the root).
        let adjacent = lists(4, &[(0, 1), (1, 2), (2, 3), (3, 0)]);
        let (seen, reached) = steps(&adjacent, 0, &[true, true, true, false]);
        assert!(seen.contains(&Step::Split(1, 2)));
        assert_eq!(reached, vec![true, true, true, false]);
    }

    #[test]
    fn a_break_stops_the_search() {
        let adjacent = lists(3, &[(0, 1), (1, 2)]);
        let mut count = 0;
        let result = search(
            3,
            0,
            |v| &adjacent[v as usize],
            |_: u32| true,
            |_| {
                count += 1;
                ControlFlow::Break(())
            },
        );
        assert_eq!(result, None);
        assert_eq!(count, 1);
    }
}
