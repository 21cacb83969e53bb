//! Uniform draws on boards with cut cells whose blank's cells are too
//! many for the whole group to be built, block by block instead of by
//! rejection (on triangles joined by bridges almost no shuffle reaches
//! the target).
//!
//! With one blank, a round trip from home enters each block of the
//! block-cut tree (rooted at home) through its entry cell and leaves the
//! token there as it was: tokens never leave their block, and the
//! group of round trips is the product of the blocks' own groups, each
//! acting on a block's cells but its entry. Each is known outright
//! (Wilson 1974): nothing on a bridge, the shifts round a cycle, every
//! permutation on a 2-connected block that is not bipartite, the even
//! ones on one that is; blocks of at most [`MAX_GROUP_CELLS`] cells
//! (θ0, the one exception, among them) have their group built from
//! their round trips. A uniform element of each, applied to the target,
//! is a uniform element of the product: a uniform reachable arrangement
//! once the blank is walked to a uniformly random cell (see [`super`]).

use rand::Rng;
use rand::seq::SliceRandom;

use super::MAX_GROUP_CELLS;
use super::group::{Group, round_trips};
use super::thin::shift_round;
use crate::arrangement::Token;
use crate::board::{Board, Cell};
use crate::graph::{Blocks, CellIndex, LocalCell, LocalGraph};
use crate::parity::permutation_parity;

/// The group of one block, on its cells but the entry.
enum Kind {
    /// Cells round the cycle from the entry (the entry left out).
    Cycle,
    /// Every permutation (`even`: the even ones).
    All { even: bool },
    /// Built from the block's round trips, on its cells in local order
    /// (the entry first).
    Small(Group),
}

/// A block's board cells (in local order, the entry first) and group.
struct BlockGroup {
    cells: Vec<usize>,
    kind: Kind,
}

/// The groups of the blocks of the blank's cells, home the root.
pub(super) struct BlockDraw {
    blocks: Vec<BlockGroup>,
}

impl BlockDraw {
    /// The blocks of `board`'s part that holds `home`, each with its
    /// group (bridges, which move nothing, left out; groups built from
    /// round trips on blocks of at most `built_up_to` cells); `None` when
    /// the part is one block.
    pub(super) fn of(board: &Board, home: usize, built_up_to: usize) -> Option<Self> {
        let blocks = Blocks::rooted(board, home as Cell);
        if blocks.blocks.len() <= 1 {
            return None;
        }
        let mut index = CellIndex::new(board.cell_count());
        let mut out = Vec::new();
        for block in &blocks.blocks {
            let graph = LocalGraph::of_block(&blocks, block, &mut index);
            if graph.len() <= 2 {
                continue;
            }
            let whole = graph.whole();
            let entry = LocalCell::ENTRY;
            let (locals, kind) = if whole.edge_count() == graph.len() {
                (whole.cycle_order(entry), Kind::Cycle)
            } else if graph.len() <= built_up_to {
                let local_board = local_board(&graph);
                let all: Vec<usize> = (0..graph.len()).collect();
                let group = Group::generated_by(graph.len(), &round_trips(&local_board, &all, 0));
                (whole.cells().collect(), Kind::Small(group))
            } else {
                let even = whole.is_bipartite();
                (whole.cells().collect(), Kind::All { even })
            };
            let cells = locals.into_iter().map(|l| graph.cell(l) as usize).collect();
            out.push(BlockGroup { cells, kind });
        }
        Some(Self { blocks: out })
    }

    /// A uniform random element of the round trips' group applied to
    /// `tokens` (the blank on home stays there).
    pub(super) fn apply_random(&self, tokens: &mut [Token], rng: &mut impl Rng) {
        for block in &self.blocks {
            let cells = &block.cells;
            let before: Vec<Token> = cells.iter().map(|&c| tokens[c]).collect();
            match &block.kind {
                Kind::Cycle => shift_round(tokens, &cells[1..], rng),
                Kind::All { even } => {
                    // A permutation of the cells but the entry, 0-based.
                    let mut order: Vec<u32> = (0..cells.len() as u32 - 1).collect();
                    order.shuffle(rng);
                    if *even && permutation_parity(&mut order).expect("a permutation") {
                        order.swap(0, 1);
                    }
                    for (i, &from) in order.iter().enumerate() {
                        tokens[cells[i + 1]] = before[from as usize + 1];
                    }
                }
                Kind::Small(group) => {
                    let g = group.random(rng);
                    for (i, &c) in cells.iter().enumerate() {
                        tokens[c] = before[g[i] as usize];
                    }
                }
            }
        }
    }
}

/// Blocks of at most this many cells have their group built.
pub(super) const BUILT_UP_TO: usize = MAX_GROUP_CELLS;

/// The block as a board of its own, on its local cells.
fn local_board(graph: &LocalGraph) -> Board {
    let mut edges = Vec::new();
    for a in 0..graph.len() {
        for &b in graph.neighbours(LocalCell::new(a)) {
            if a < b.index() {
                edges.push((a as Cell, b.index() as Cell));
            }
        }
    }
    Board::graph(graph.len(), &edges).expect("a block is a graph")
}
