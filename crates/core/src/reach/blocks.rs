//! The decision on one block of the block-cut tree: its tokens stay on
//! its cells, and its shape says which of their orders are reachable (a
//! bridge and any non-bipartite block other than θ0: all; a cycle: its
//! rotations; θ0: 120 of them; a bipartite block: the even ones).

use crate::arrangement::TokenIds;
use crate::board::{Board, Cell};
use crate::graph::{Block, Blocks, CellIndex, LocalCell, LocalGraph};
use crate::parity::permutation_parity;
use crate::reach::{Reason, theta0};

/// Checks one block at a time, with scratch tables shared between blocks
/// so that the whole pass stays O(N + E).
pub(super) struct BlockChecker<'a> {
    board: &'a Board,
    blocks: &'a Blocks,
    /// Token ids of A' (blank at the root) and of B.
    from: Vec<u32>,
    to: Vec<u32>,
    ids: &'a TokenIds,
    /// Board cell to local cell, for the block being checked.
    index: CellIndex,
    /// Per token id: A' count minus B count in the current block.
    count: Vec<i64>,
    /// Per token id: its local index in B, for the permutation.
    slot: Vec<u32>,
}

/// A block's shape, as far as the decision cares.
pub(super) enum Shape {
    Bridge,
    Cycle,
    /// With its cells in canonical order.
    Theta0([LocalCell; 7]),
    Bipartite,
    Other,
}

pub(super) fn classify(graph: &LocalGraph) -> Shape {
    let whole = graph.whole();
    let edges = whole.edge_count();
    if edges == 1 {
        Shape::Bridge
    } else if edges == graph.len() {
        Shape::Cycle
    } else if let Some(labels) = whole.theta0_labels() {
        Shape::Theta0(labels)
    } else if whole.is_bipartite() {
        Shape::Bipartite
    } else {
        Shape::Other
    }
}

impl<'a> BlockChecker<'a> {
    /// A checker of the blocks of `board` for A' (`from`, its blank slid
    /// to the root) and B (`to`), both as token ids.
    pub(super) fn new(
        board: &'a Board,
        blocks: &'a Blocks,
        ids: &'a TokenIds,
        from: Vec<u32>,
        to: Vec<u32>,
    ) -> Self {
        BlockChecker {
            board,
            blocks,
            from,
            to,
            ids,
            index: CellIndex::new(board.cell_count()),
            count: vec![0; ids.len()],
            slot: vec![u32::MAX; ids.len()],
        }
    }

    /// Why B's tokens on `block` cannot be reached from A''s, if they
    /// cannot.
    pub(super) fn check(&mut self, block: &Block) -> Result<(), Reason> {
        let graph = LocalGraph::of_block(self.blocks, block, &mut self.index);
        let owned = &graph.board_cells()[1..];
        self.same_tokens(block.entry, owned)?;
        match classify(&graph) {
            Shape::Bridge | Shape::Other => Ok(()),
            Shape::Cycle => self.check_cycle(&graph),
            Shape::Theta0(labels) => self.check_theta0(&graph, &labels),
            Shape::Bipartite => self.check_even(owned),
        }
    }

    /// Tokens never leave the cells their block owns.
    fn same_tokens(&mut self, entry: Cell, owned: &[Cell]) -> Result<(), Reason> {
        for &c in owned {
            self.count[self.from[c as usize] as usize] += 1;
            self.count[self.to[c as usize] as usize] -= 1;
        }
        let mut leaving = None;
        for &c in owned {
            let id = self.from[c as usize];
            if leaving.is_none() && self.count[id as usize] > 0 {
                leaving = Some((id, c));
            }
        }
        for &c in owned {
            self.count[self.from[c as usize] as usize] = 0;
            self.count[self.to[c as usize] as usize] = 0;
        }
        let Some((id, cell)) = leaving else {
            return Ok(());
        };
        let token = self.ids.token(id);
        if owned.len() == 1 {
            let dead_end = self.board.neighbours(cell).len() == 1;
            return Err(Reason::Locked {
                token,
                cell,
                bridge_from: (!dead_end).then_some(entry),
            });
        }
        let mut cells = owned.to_vec();
        cells.sort_unstable();
        Err(Reason::LeavesBlock { token, cells })
    }

    /// A bipartite block allows the even permutations; with a repeated
    /// token among its own cells, every arrangement of them.
    fn check_even(&mut self, owned: &[Cell]) -> Result<(), Reason> {
        let mut repeated = false;
        for (i, &c) in owned.iter().enumerate() {
            let slot = &mut self.slot[self.to[c as usize] as usize];
            if *slot != u32::MAX {
                repeated = true;
            }
            *slot = i as u32;
        }
        let odd = if repeated {
            false
        } else {
            let mut sigma: Vec<u32> = owned
                .iter()
                .map(|&c| self.slot[self.from[c as usize] as usize])
                .collect();
            permutation_parity(&mut sigma).expect("same tokens, all distinct")
        };
        for &c in owned {
            self.slot[self.to[c as usize] as usize] = u32::MAX;
        }
        if odd {
            let mut cells = owned.to_vec();
            cells.sort_unstable();
            return Err(Reason::BlockParity { cells });
        }
        Ok(())
    }

    /// A cycle's tokens keep their cyclic order: B's sequence around the
    /// cycle must be a rotation of A''s.
    fn check_cycle(&self, graph: &LocalGraph) -> Result<(), Reason> {
        match cycle_rotation(graph, &self.from, &self.to) {
            (_, Some(_)) => Ok(()),
            (order, None) => Err(Reason::CyclicOrder {
                cells: order.iter().map(|&l| graph.cell(l)).collect(),
            }),
        }
    }

    /// θ0: B must be the image of A' under one of the 120 arrangements
    /// reachable with the blank back on the entry, on the cells the block
    /// owns.
    fn check_theta0(&self, graph: &LocalGraph, labels: &[LocalCell; 7]) -> Result<(), Reason> {
        let token = |ids: &[u32], l: LocalCell| ids[graph.cell(l) as usize];
        if theta0::allows(labels, |l| token(&self.from, l), |l| token(&self.to, l)) {
            Ok(())
        } else {
            let mut cells = graph.board_cells().to_vec();
            cells.sort_unstable();
            Err(Reason::Theta0 { cells })
        }
    }
}

/// A cycle block's cells in order round from its entry, and the shift
/// (as [`rotation`] gives it) taking `from`'s tokens on the cells it owns
/// to `to`'s, when `to`'s are a rotation of them.
pub(super) fn cycle_rotation(
    graph: &LocalGraph,
    from: &[u32],
    to: &[u32],
) -> (Vec<LocalCell>, Option<usize>) {
    let order = graph.whole().cycle_order(LocalCell::ENTRY);
    let seq = |tokens: &[u32]| -> Vec<u32> {
        order[1..]
            .iter()
            .map(|&l| tokens[graph.cell(l) as usize])
            .collect()
    };
    let shift = rotation(&seq(from), &seq(to));
    (order, shift)
}

/// Is `b` a rotation of `a`?
pub(super) fn is_rotation(a: &[u32], b: &[u32]) -> bool {
    rotation(a, b).is_some()
}

/// A shift `s` with `b[i] == a[(i + s) % len]` for every `i`, where `b`
/// is a rotation of `a`: Knuth–Morris–Pratt search of `b` in `a a`.
pub(super) fn rotation<T: PartialEq>(a: &[T], b: &[T]) -> Option<usize> {
    if a.len() != b.len() {
        return None;
    }
    if a.is_empty() {
        return Some(0);
    }
    let mut fail = vec![0usize; b.len()];
    let mut k = 0;
    for i in 1..b.len() {
        while k > 0 && b[i] != b[k] {
            k = fail[k - 1];
        }
        if b[i] == b[k] {
            k += 1;
        }
        fail[i] = k;
    }
    let mut k = 0;
    for i in 0..2 * a.len() - 1 {
        let x = &a[i % a.len()];
        while k > 0 && *x != b[k] {
            k = fail[k - 1];
        }
        if *x == b[k] {
            k += 1;
            if k == b.len() {
                return Some(i + 1 - b.len());
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotations() {
        assert!(is_rotation(&[1, 2, 3], &[3, 1, 2]));
        assert!(!is_rotation(&[1, 2, 3], &[2, 1, 3]));
        assert!(is_rotation(&[1, 1, 2, 1], &[1, 1, 1, 2]));
        assert!(!is_rotation(&[1, 1, 2, 2], &[1, 2, 1, 2]));
        assert!(is_rotation(&[], &[]));
        assert_eq!(rotation(&[1, 2, 3], &[3, 1, 2]), Some(2));
        assert_eq!(rotation(&[5, 6, 7, 8], &[6, 7, 8, 5]), Some(1));
        assert_eq!(rotation(&[4, 4], &[4, 4]), Some(0));
    }
}
