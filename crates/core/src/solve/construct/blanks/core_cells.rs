//! Where the peeling ends: a *core* of cells kept to the last, with all
//! the blanks in it. The goal is first changed to have its blanks there
//! (blanks carried into the core from the goal, the moves undone after
//! the solution), so that the cells peeled last are the ones with room:
//! the largest 2-connected block that is not a cycle (the one-blank
//! solver with dummies finishes it), else the most branching cell; grown
//! by breadth-first layers until it holds the blanks and five cells more.

use std::collections::VecDeque;

use super::solving::{Work, walk_up};
use crate::arrangement::{BLANK, Token};
use crate::board::{Board, Cell};
use crate::graph::{Blocks, CellIndex, LocalGraph};
use crate::moves::Move;

/// Cells beyond the blanks in a ball-shaped core.
const BALL_EXTRA: usize = 5;

/// The core of a connected board with `m` blanks, as a mask.
pub(super) fn choose(board: &Board, m: usize) -> Vec<bool> {
    let n = board.cell_count();
    let blocks = Blocks::rooted(board, 0);
    let mut index = CellIndex::new(n);
    let mut best: Option<Vec<Cell>> = None;
    for block in &blocks.blocks {
        let graph = LocalGraph::of_block(&blocks, block, &mut index);
        let cycle = graph.edge_count() == graph.len();
        if graph.len() >= 3 && !cycle && best.as_ref().is_none_or(|b| b.len() < graph.len()) {
            best = Some(graph.board_cells().to_vec());
        }
    }
    let seeds = best.unwrap_or_else(|| vec![most_branching(board)]);
    let wanted = (m + BALL_EXTRA).max(seeds.len()).min(n);
    let mut core = vec![false; n];
    let mut queue: VecDeque<Cell> = seeds.iter().copied().collect();
    let mut count = 0;
    for &s in &seeds {
        core[s as usize] = true;
        count += 1;
    }
    while count < wanted {
        let v = queue.pop_front().expect("a connected board");
        for &w in board.neighbours(v) {
            if !core[w as usize] && count < wanted {
                core[w as usize] = true;
                count += 1;
                queue.push_back(w);
            }
        }
    }
    core
}

/// The cell with the most neighbours, ties broken by the most cells two
/// steps away.
fn most_branching(board: &Board) -> Cell {
    (0..board.cell_count() as Cell)
        .max_by_key(|&c| {
            let near: usize = board
                .neighbours(c)
                .iter()
                .map(|&w| board.neighbours(w).len())
                .sum();
            (board.neighbours(c).len(), near)
        })
        .expect("a board has cells")
}

/// `to` with its blanks carried into the core, and the moves that take
/// that arrangement back to `to`.
pub(super) fn blanks_into(board: &Board, to: &[Token], core: &[bool]) -> (Vec<Token>, Vec<Move>) {
    let mut work = Work::new(board, to);
    loop {
        let outside = (0..board.cell_count() as Cell)
            .find(|&c| !core[c as usize] && work.tokens[c as usize] == BLANK);
        let Some(x) = outside else { break };
        // The nearest token cell of the core; the blank is carried there.
        let parent = work.search(x, |_| true);
        let tokens = &work.tokens;
        let y = work
            .nearest(x, &parent, |c| {
                core[c as usize] && tokens[c as usize] != BLANK
            })
            .expect("the core has room for every blank");
        let mut path = walk_up(&parent, y);
        path.reverse();
        work.carry(&path);
    }
    let back = crate::moves::invert(&work.moves);
    (work.tokens, back)
}
