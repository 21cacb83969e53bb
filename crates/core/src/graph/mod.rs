//! Plain graph algorithms on a [`Board`] and on parts of it: shortest
//! paths and breadth-first trees (here), the block-cut tree ([`Blocks`]),
//! and the sub-graph of one block on its own local cell numbers
//! ([`LocalGraph`]), with the tests the decision and the solvers ask of
//! it (bipartite, 2-connected, a cycle, θ0).
//!
//! All searches are iterative and O(N + E), so boards of millions of
//! cells do not overflow the stack.

mod blocks;
mod local;
mod region;
mod tarjan;

pub(crate) use blocks::{Block, Blocks};
pub(crate) use local::{CellIndex, LocalCell, LocalGraph, LocalVec};
pub(crate) use region::THETA0_EDGES;
pub(crate) use region::{All, Region};

use std::collections::VecDeque;

use crate::board::{Board, Cell};

const UNSEEN: u32 = u32::MAX;

/// A shortest path from `from` to `to`, both included, found by
/// breadth-first search; `None` when they are not connected.
pub(crate) fn shortest_path(board: &Board, from: Cell, to: Cell) -> Option<Vec<Cell>> {
    let neighbours = |v: usize| board.neighbours(v as Cell).iter().map(|&w| w as usize);
    let path = path_by(board.cell_count(), from as usize, to as usize, neighbours)?;
    Some(path.into_iter().map(|c| c as Cell).collect())
}

/// A shortest path from `from` to `to`, both included, on any graph of
/// `n` vertices given by its `neighbours`, by breadth-first search.
pub(crate) fn path_by<I: IntoIterator<Item = usize>>(
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
pub(crate) fn bfs_tree(board: &Board, root: Cell) -> Vec<Cell> {
    let mut parent = vec![UNSEEN; board.cell_count()];
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

#[cfg(test)]
mod examples {
    use super::*;

    #[test]
    fn shortest_path_example() {
        use crate::board::Board;
        let b = Board::new_box(&[2, 3]).unwrap();
        assert_eq!(shortest_path(&b, 0, 5).unwrap().len(), 4);
    }

    #[test]
    fn path_by_example() {
        let ring = |v: usize| [(v + 1) % 6, (v + 5) % 6];
        assert_eq!(path_by(6, 0, 4, ring).unwrap(), vec![0, 5, 4]);
    }
}
