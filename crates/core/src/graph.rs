//! Plain graph algorithms on a [`Board`]: shortest paths and the
//! biconnected components (blocks) of the blank's component.
//!
//! Both are iterative and O(N + E), so boards of millions of cells do not
//! overflow the stack.

use std::collections::VecDeque;
use std::ops::Range;

use crate::board::{Board, Cell};

const UNSEEN: u32 = u32::MAX;

/// A shortest path from `from` to `to`, both included, found by
/// breadth-first search; `None` when they are not connected.
///
/// ```
/// use npuzzle_core::{Board, graph::shortest_path};
/// let b = Board::grid(&[2, 3]).unwrap();
/// assert_eq!(shortest_path(&b, 0, 5).unwrap().len(), 4);
/// ```
pub fn shortest_path(board: &Board, from: Cell, to: Cell) -> Option<Vec<Cell>> {
    let neighbours = |v: usize| board.neighbours(v as Cell).iter().map(|&w| w as usize);
    let path = path_by(board.cells(), from as usize, to as usize, neighbours)?;
    Some(path.into_iter().map(|c| c as Cell).collect())
}

/// A shortest path from `from` to `to`, both included, on any graph of
/// `n` vertices given by its `neighbours`, by breadth-first search.
///
/// ```
/// use npuzzle_core::graph::path_by;
/// let ring = |v: usize| [(v + 1) % 6, (v + 5) % 6];
/// assert_eq!(path_by(6, 0, 4, ring).unwrap(), vec![0, 5, 4]);
/// ```
pub fn path_by<I: IntoIterator<Item = usize>>(
    n: usize,
    from: usize,
    to: usize,
    neighbours: impl Fn(usize) -> I,
) -> Option<Vec<usize>> {
    let mut parent = vec![usize::MAX; n];
    parent[from] = from;
    let mut queue = VecDeque::from([from]);
    while let Some(v) = queue.pop_front() {
        if v == to {
            let mut path = vec![to];
            let mut c = to;
            while c != from {
                c = parent[c];
                path.push(c);
            }
            path.reverse();
            return Some(path);
        }
        for w in neighbours(v) {
            if parent[w] == usize::MAX {
                parent[w] = v;
                queue.push_back(w);
            }
        }
    }
    None
}

/// Shortest paths from `root` to every cell at once: each cell's parent on
/// a breadth-first search tree (`root` its own parent, `u32::MAX` for
/// cells not connected to it).
pub fn bfs_tree(board: &Board, root: Cell) -> Vec<Cell> {
    let mut parent = vec![UNSEEN; board.cells()];
    parent[root as usize] = root;
    let mut queue = VecDeque::from([root]);
    while let Some(v) = queue.pop_front() {
        for &w in board.neighbours(v) {
            if parent[w as usize] == UNSEEN {
                parent[w as usize] = v;
                queue.push_back(w);
            }
        }
    }
    parent
}

/// One block (biconnected component, or a bridge) of the block-cut tree
/// rooted at a cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Block {
    /// The block's cell nearest the root: the root itself or the cut
    /// vertex through which the block hangs from its parent.
    pub entry: Cell,
    /// The block's edges, as a range into [`Blocks::edges`].
    pub edges: Range<usize>,
}

/// The blocks of the component of `root`, each with its entry cell.
#[derive(Clone, Debug)]
pub struct Blocks {
    /// All blocks, children before parents.
    pub blocks: Vec<Block>,
    /// The edges of all blocks; each edge belongs to exactly one block.
    pub edges: Vec<(Cell, Cell)>,
    /// `in_component[c]`: whether cell `c` is connected to the root.
    pub in_component: Vec<bool>,
}

impl Blocks {
    /// Finds the blocks of `root`'s component by Tarjan's depth-first
    /// search from `root` (iterative, with an edge stack).
    pub fn rooted(board: &Board, root: Cell) -> Blocks {
        let n = board.cells();
        let mut disc = vec![UNSEEN; n];
        let mut low = vec![0u32; n];
        let mut parent = vec![UNSEEN; n];
        let mut frames: Vec<(Cell, u32)> = vec![(root, 0)];
        let mut edge_stack: Vec<(Cell, Cell)> = Vec::new();
        let mut blocks = Vec::new();
        let mut edges = Vec::with_capacity(board.cells());
        disc[root as usize] = 0;
        let mut time = 1u32;
        while let Some(frame) = frames.last_mut() {
            let v = frame.0;
            let neighbours = board.neighbours(v);
            if (frame.1 as usize) < neighbours.len() {
                let w = neighbours[frame.1 as usize];
                frame.1 += 1;
                let (vi, wi) = (v as usize, w as usize);
                if disc[wi] == UNSEEN {
                    parent[wi] = v;
                    disc[wi] = time;
                    low[wi] = time;
                    time += 1;
                    edge_stack.push((v, w));
                    frames.push((w, 0));
                } else if w != parent[vi] && disc[wi] < disc[vi] {
                    edge_stack.push((v, w));
                    low[vi] = low[vi].min(disc[wi]);
                }
            } else {
                frames.pop();
                if let Some(&(p, _)) = frames.last() {
                    let (vi, pi) = (v as usize, p as usize);
                    low[pi] = low[pi].min(low[vi]);
                    if low[vi] >= disc[pi] {
                        // p separates v's subtree: the edges above (p, v) on
                        // the stack form one block entered through p.
                        let start = edges.len();
                        while let Some(e) = edge_stack.pop() {
                            edges.push(e);
                            if e == (p, v) {
                                break;
                            }
                        }
                        blocks.push(Block {
                            entry: p,
                            edges: start..edges.len(),
                        });
                    }
                }
            }
        }
        Blocks {
            blocks,
            edges,
            in_component: disc.iter().map(|&d| d != UNSEEN).collect(),
        }
    }

    /// The edges of one block.
    pub fn edges_of(&self, block: &Block) -> &[(Cell, Cell)] {
        &self.edges[block.edges.clone()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn block_sizes(board: &Board, root: Cell) -> Vec<usize> {
        let b = Blocks::rooted(board, root);
        let mut sizes: Vec<usize> = b.blocks.iter().map(|k| k.edges.len()).collect();
        sizes.sort();
        sizes
    }

    #[test]
    fn path_is_all_bridges() {
        let p = Board::graph(4, &[(0, 1), (1, 2), (2, 3)]).unwrap();
        assert_eq!(block_sizes(&p, 1), vec![1, 1, 1]);
    }

    #[test]
    fn lollipop_has_a_cycle_and_a_tail() {
        // triangle 0-1-2 with tail 2-3-4
        let g = Board::graph(5, &[(0, 1), (1, 2), (2, 0), (2, 3), (3, 4)]).unwrap();
        assert_eq!(block_sizes(&g, 4), vec![1, 1, 3]);
        let blocks = Blocks::rooted(&g, 4);
        let cycle = blocks.blocks.iter().find(|k| k.edges.len() == 3).unwrap();
        assert_eq!(cycle.entry, 2);
    }

    #[test]
    fn grid_is_one_block() {
        let g = Board::grid(&[3, 3]).unwrap();
        assert_eq!(block_sizes(&g, 4), vec![12]);
    }

    #[test]
    fn other_components_are_not_visited() {
        let g = Board::graph(4, &[(0, 1), (2, 3)]).unwrap();
        let b = Blocks::rooted(&g, 0);
        assert_eq!(b.in_component, vec![true, true, false, false]);
        assert!(shortest_path(&g, 0, 3).is_none());
    }
}
