//! Repeated tokens told apart: every copy of a token gets a label of its
//! own, chosen so that the labelled pair is reachable whenever the pair
//! is.
//!
//! The constructive solver places tokens one by one and must know which
//! copy goes where. Copies matched first come, first served can leave a
//! block needing an odd permutation with no equal pair left in it to make
//! up the parity. The decision already knows what each block allows
//! (see `blocks`), so the matching is made there, block by block: copies
//! stay in their block, a cycle's copies follow its rotation, θ0's one of
//! its 120 arrangements, and a bipartite block's copies are matched so
//! that the block's permutation is even.

use std::collections::{HashMap, VecDeque};

use crate::arrangement::{BLANK, Token, all_distinct, blank_cell};
use crate::board::{Board, Cell};
use crate::graph::{Blocks, CellIndex, LocalCell, LocalGraph};
use crate::parity::permutation_parity;
use crate::reach::blocks::{Shape, classify, cycle_rotation};
use crate::reach::{slid_to, theta0};

/// `from` and `to` (one blank, a pair the decision accepts) with every
/// token renamed `1..` so that no two cells share one and the renamed
/// pair is reachable too. `None` when no token repeats, or when the pair
/// is not reachable after all.
pub(crate) fn distinct_labels(
    board: &Board,
    from: &[Token],
    to: &[Token],
) -> Option<(Vec<Token>, Vec<Token>)> {
    if all_distinct(from) {
        return None;
    }
    let goal_blank = blank_cell(to) as Cell;
    let (path, slid) = slid_to(board, from, goal_blank)?;
    let mut labels = Labels {
        from: vec![BLANK; from.len()],
        to: vec![BLANK; to.len()],
        next: 1,
    };
    let blocks = Blocks::rooted(board, goal_blank);
    for (cell, &reached) in blocks.in_component.iter().enumerate() {
        if !reached {
            // Out of the blank's reach: the same token in both, or no pair.
            if slid[cell] != to[cell] {
                return None;
            }
            labels.pair(cell as Cell, cell as Cell);
        }
    }
    let mut index = CellIndex::new(board.cell_count());
    for block in &blocks.blocks {
        let graph = LocalGraph::of_block(&blocks, block, &mut index);
        for (source, target) in block_pairs(&graph, &slid, to)? {
            labels.pair(source, target);
        }
    }
    // Back to A's cells: the blank slides home the way it came.
    for step in path.windows(2).rev() {
        labels.from.swap(step[0] as usize, step[1] as usize);
    }
    Some((labels.from, labels.to))
}

/// The labels given so far, in A' and in B.
struct Labels {
    from: Vec<Token>,
    to: Vec<Token>,
    next: Token,
}

impl Labels {
    /// The token on `source` in A' is the one that ends on `target`.
    fn pair(&mut self, source: Cell, target: Cell) {
        self.from[source as usize] = self.next;
        self.to[target as usize] = self.next;
        self.next += 1;
    }
}

/// For each cell the block owns, the cell of A' whose token ends there
/// (as `(source, target)`), matched as the block's shape allows; `None`
/// when the block's tokens cannot be matched so.
fn block_pairs(graph: &LocalGraph, slid: &[Token], to: &[Token]) -> Option<Vec<(Cell, Cell)>> {
    let token = |tokens: &[Token], l: LocalCell| tokens[graph.cell(l) as usize];
    let owned = &graph.board_cells()[1..];
    let pairs = match classify(graph) {
        Shape::Cycle => {
            let (order, shift) = cycle_rotation(graph, slid, to);
            let (ring, shift) = (&order[1..], shift?);
            (0..ring.len())
                .map(|i| {
                    let source = ring[(i + shift) % ring.len()];
                    (graph.cell(source), graph.cell(ring[i]))
                })
                .collect()
        }
        Shape::Theta0(labels) => {
            let g = theta0::witness(&labels, |l| token(slid, l), |l| token(to, l))?;
            (0..7)
                .filter(|&k| labels[k] != LocalCell::ENTRY)
                .map(|k| (graph.cell(labels[g[k] as usize]), graph.cell(labels[k])))
                .collect()
        }
        Shape::Bipartite => even_matching(owned, slid, to)?,
        Shape::Bridge | Shape::Other => in_order(owned, slid, to)?,
    };
    Some(pairs)
}

/// Copies matched in the order of `cells`: the k-th copy of a token
/// among them in A' ends on its k-th copy in B. (The block's own order,
/// which follows its edges, gave shorter answers than reading order.)
fn in_order(cells: &[Cell], slid: &[Token], to: &[Token]) -> Option<Vec<(Cell, Cell)>> {
    let sources = cells.iter().map(|&c| (c, slid[c as usize]));
    let targets = cells.iter().map(|&c| (c, to[c as usize]));
    match_in_order(sources, targets)
}

/// Copies matched in order: each `(cell, token)` of `to` in turn gets
/// the first cell of `from` not yet taken that holds its token (the k-th
/// copy ends on the k-th). `(from cell, to cell)` pairs in `to`'s order;
/// `None` when the two do not hold the same tokens.
pub(crate) fn match_in_order<C: Copy>(
    from: impl Iterator<Item = (C, Token)>,
    to: impl Iterator<Item = (C, Token)>,
) -> Option<Vec<(C, C)>> {
    let mut sources: HashMap<Token, VecDeque<C>> = HashMap::new();
    for (c, t) in from {
        sources.entry(t).or_default().push_back(c);
    }
    let pairs: Option<Vec<(C, C)>> = to
        .map(|(target, t)| Some((sources.get_mut(&t)?.pop_front()?, target)))
        .collect();
    pairs.filter(|_| sources.values().all(VecDeque::is_empty))
}

/// [`in_order`], with two copies of one token swapped where the
/// permutation it gives is odd: a bipartite block allows only the even
/// ones (and a repeated token among its cells is what made the pair
/// reachable).
fn even_matching(cells: &[Cell], slid: &[Token], to: &[Token]) -> Option<Vec<(Cell, Cell)>> {
    let mut pairs = in_order(cells, slid, to)?;
    let position: HashMap<Cell, u32> = cells
        .iter()
        .enumerate()
        .map(|(i, &c)| (c, i as u32))
        .collect();
    let mut sigma = vec![0u32; cells.len()];
    for &(source, target) in &pairs {
        sigma[position[&source] as usize] = position[&target];
    }
    if permutation_parity(&mut sigma).expect("a matching") {
        let mut first_of: HashMap<Token, usize> = HashMap::new();
        let (i, j) = pairs.iter().enumerate().find_map(|(j, &(_, target))| {
            let i = *first_of.entry(to[target as usize]).or_insert(j);
            (i != j).then_some((i, j))
        })?;
        let (a, b) = (pairs[i].0, pairs[j].0);
        pairs[i].0 = b;
        pairs[j].0 = a;
    }
    Some(pairs)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reach::decide;

    /// The labelled pair is reachable, and renaming the labels back gives
    /// the pair.
    fn check(board: &Board, from: &[Token], to: &[Token]) {
        let (a, b) = distinct_labels(board, from, to).expect("labels");
        assert!(decide(board, &a, &b).is_reachable());
        let mut name = HashMap::new();
        for (c, &l) in a.iter().enumerate() {
            name.insert(l, from[c]);
        }
        let renamed: Vec<Token> = b.iter().map(|l| name[l]).collect();
        assert_eq!(renamed, to);
    }

    #[test]
    fn parity_left_to_the_end() {
        let grid: Board = "mask:#####/#####/#####/#####".parse().unwrap();
        let from = [
            1, 1, 1, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 0,
        ];
        let to = [
            1, 1, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 0, 1,
        ];
        check(&grid, &from, &to);
    }

    #[test]
    fn blocks_of_every_shape() {
        // A 4-cycle, a bridge, θ0 and a 2×3 grid (bipartite), joined at
        // cut cells; copies of 1 and 2 spread over all of them.
        let mut edges = vec![(0, 1), (1, 2), (2, 3), (3, 0), (3, 4)];
        // θ0 on 4..=10: 4 and 5 joined by paths of 2, 3 and 3 edges.
        edges.extend([(4, 6), (6, 5), (4, 7), (7, 8), (8, 5), (4, 9), (9, 10)]);
        edges.push((10, 5));
        // A 2×3 grid on 5, 11..=15.
        edges.extend([(5, 11), (11, 12), (13, 14), (14, 15), (5, 13), (11, 14)]);
        edges.push((12, 15));
        let board = Board::graph(16, &edges).unwrap();
        let from = [0, 1, 2, 1, 2, 1, 3, 2, 1, 4, 1, 2, 1, 2, 1, 5];
        // The blank goes round every block and back to cell 0.
        let mut to = from.to_vec();
        let walk = [
            1, 2, 3, 4, 6, 5, 11, 12, 15, 14, 13, 5, 8, 7, 4, 9, 10, 5, 6, 4, 3, 0,
        ];
        let mut blank = 0;
        for &c in &walk {
            to.swap(blank, c);
            blank = c;
        }
        check(&board, &from, &to);
    }

    #[test]
    fn unreachable_pairs_get_none() {
        // Cells 2 and 3 are out of the blank's reach and differ.
        let board = Board::graph(4, &[(0, 1), (2, 3)]).unwrap();
        assert!(distinct_labels(&board, &[0, 1, 1, 2], &[0, 1, 2, 1]).is_none());
        check(&board, &[0, 1, 2, 1], &[1, 0, 2, 1]);
    }

    #[test]
    fn distinct_tokens_need_none() {
        let board = Board::new_box(&[2, 2]).unwrap();
        assert!(distinct_labels(&board, &[1, 2, 3, 0], &[1, 2, 3, 0]).is_none());
    }
}
