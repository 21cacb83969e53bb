//! The block-cut tree of a board: the biconnected components (blocks) of
//! the component of a root cell, each with the cell through which it
//! hangs from its parent. The decision and the general solver both work
//! one block at a time.

use std::ops::ControlFlow;
use std::ops::Range;

use crate::board::{Board, Cell};
use crate::graph::tarjan::{self, Step};

/// One block (biconnected component, or a bridge) of the block-cut tree
/// rooted at a cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Block {
    /// The block's cell nearest the root: the root itself or the cut
    /// vertex through which the block hangs from its parent.
    pub entry: Cell,
    /// The block's edges, as a range into [`Blocks::edges`].
    pub edges: Range<usize>,
}

/// The blocks of the component of `root`, each with its entry cell.
#[derive(Clone, Debug)]
pub(crate) struct Blocks {
    /// All blocks, children before parents.
    pub blocks: Vec<Block>,
    /// The edges of all blocks; each edge belongs to exactly one block.
    pub edges: Vec<(Cell, Cell)>,
    /// `in_component[c]`: whether cell `c` is connected to the root.
    pub in_component: Vec<bool>,
}

impl Blocks {
    /// Finds the blocks of `root`'s component by Tarjan's depth-first
    /// search from `root`, keeping the edges met on a stack: each split
    /// takes the edges above its tree edge as one block.
    pub(crate) fn rooted(board: &Board, root: Cell) -> Self {
        let mut edge_stack: Vec<(Cell, Cell)> = Vec::new();
        let mut blocks = Vec::new();
        let mut edges = Vec::with_capacity(board.cell_count());
        let in_component = tarjan::search(
            board.cell_count(),
            root,
            |v| board.neighbours(v),
            |_| true,
            |step| {
                match step {
                    Step::Edge(v, w) => edge_stack.push((v, w)),
                    Step::Split(p, v) => {
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
                ControlFlow::Continue(())
            },
        )
        .expect("the search runs to the end");
        Self {
            blocks,
            edges,
            in_component,
        }
    }

    /// The edges of one block.
    pub(crate) fn edges_of(&self, block: &Block) -> &[(Cell, Cell)] {
        &self.edges[block.edges.clone()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::shortest_path;

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
    fn glued_blocks_hang_from_their_cut_cells() {
        // A square 0-1-2-3 and a triangle 3-4-5 glued at 3, a bridge 5-6.
        let g = Board::graph(
            7,
            &[
                (0, 1),
                (1, 2),
                (2, 3),
                (3, 0),
                (3, 4),
                (4, 5),
                (5, 3),
                (5, 6),
            ],
        )
        .unwrap();
        let blocks = Blocks::rooted(&g, 0);
        let mut found: Vec<(Cell, usize)> = blocks
            .blocks
            .iter()
            .map(|b| (b.entry, b.edges.len()))
            .collect();
        found.sort();
        assert_eq!(found, vec![(0, 4), (3, 3), (5, 1)]);
        // Children before parents: the square, rooted at 0, comes last.
        assert_eq!(blocks.blocks.last().unwrap().entry, 0);
        // Every edge in exactly one block.
        let mut all: Vec<(Cell, Cell)> = blocks
            .edges
            .iter()
            .map(|&(u, v)| (u.min(v), u.max(v)))
            .collect();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), 8);
    }

    #[test]
    fn grid_is_one_block() {
        let g = Board::new_box(&[3, 3]).unwrap();
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
