//! Near-shortest answers on boards of any shape (masks with holes,
//! graphs, boxes of any dimension), with one blank or several and any
//! tokens, of up to [`MAX_CELLS`] cells: a beam over whole arrangements,
//! for the boards the rectangles' searches (`near`, `beam`) do not take.
//! The constructive solvers there fill the board cell by cell, and with
//! several blanks much as with one (the extra blanks stand in for tiles
//! most of the way); a beam sees every tile and lets every blank work.
//!
//! Each layer keeps the `width` children of the last one with the lowest
//! estimate (each tile's distance, in moves of the board, to the nearest
//! goal cell of its kind, as `ida_blanks` scores it), ties broken by the
//! hash, arrangements kept lately dropped (see `recent`), until one is
//! the goal or the layers reach a length the caller already has. The
//! children are made on all cores, in an order that does not depend on
//! them, so the answer is the same in every run. Nothing is proven of
//! the answer; the estimate of the start is the caller's lower bound.

use rayon::prelude::*;

use crate::arrangement::Token;
use crate::board::{Board, Cell};
use crate::moves::Move;
use crate::solve::search::bfs::dense_ids;
use crate::solve::search::ida_blanks::{distance_sum, distances_to_goals};
use crate::solve::search::recent::{Recent, zobrist_keys};
use crate::stop::Stop;

/// The most cells of a board searched so: tokens are held as a byte (at
/// most 255 kinds), and a layer copies each kept arrangement whole.
pub(crate) const MAX_CELLS: usize = 144;

/// The parents a thread expands at a time: enough to amortise the hand-off,
/// few enough for both cores to share a small layer.
const PARENTS_A_TASK: usize = 64;

/// A child of a layer, before it is kept: its parent's index in the
/// layer, the move that made it (cells of at most [`MAX_CELLS`] fit a
/// byte), its estimate and its hash.
#[derive(Clone, Copy)]
struct Child {
    parent: u32,
    from: u8,
    to: u8,
    h: u32,
    hash: u64,
}

/// A solution of `a` → `b` (reachable) on `board` (at most [`MAX_CELLS`]
/// cells) shorter than `shorter_than` moves, by a beam of `width`
/// arrangements a layer, and the arrangements expanded; `None` when the
/// beam dies out, reaches `shorter_than` layers, would hold more than
/// `memory` bytes (see [`held`]) or `stop` ends it.
pub(crate) fn search(
    board: &Board,
    (a, b): (&[Token], &[Token]),
    (width, shorter_than): (usize, usize),
    (stop, memory): (Stop, u64),
) -> Option<(Vec<Move>, u64)> {
    let n = board.cell_count();
    if n > MAX_CELLS {
        return None;
    }
    let width = width.max(1);
    let (start, goal, kinds) = dense_ids(a, b);
    let (neighbours, near) = distances_to_goals(board, &goal, kinds);
    let keys = zobrist_keys(n * (kinds + 1));
    let key = |cell: usize, token: u8| keys[cell * (kinds + 1) + usize::from(token)];
    let hash = start.iter().enumerate().fold(0, |h, (c, &t)| h ^ key(c, t));
    let children_each = children_each(&neighbours, &start);
    if held(n, width, children_each, 0) > memory {
        return None;
    }
    // The layer's arrangements, `n` tokens each, and their estimates and
    // hashes.
    let mut layer = start.clone();
    // Each arrangement's blanks' cells, as many a node: a node's children
    // found without a look at every cell.
    let mut blanks: Vec<u8> = (0..n).filter(|&c| start[c] == 0).map(|c| c as u8).collect();
    let k = blanks.len();
    let mut scores = vec![(distance_sum(&start, &near), hash)];
    // For each layer after the first: each arrangement's parent and move.
    let mut history: Vec<Vec<(u32, u8, u8)>> = Vec::new();
    let mut kept = Recent::new(width);
    kept.insert(hash);
    let mut expanded = 0u64;
    let end = loop {
        if let Some(i) = scores.iter().position(|&(h, _)| h == 0) {
            break i;
        }
        let layers = history.len() + 1;
        // Each layer's least estimate is a bound of the moves still to
        // make from it: a beam that cannot end below `shorter_than`
        // stops.
        let least = scores.iter().map(|&(h, _)| h as usize).min().unwrap_or(0);
        let held_then = held(n, width, children_each, layers);
        if stop.now() || history.len() + least >= shorter_than || held_then > memory {
            return None;
        }
        expanded += scores.len() as u64;
        // Every child not kept lately, in the order of their parents and
        // moves, made on all cores: a task's children first, each one's
        // slot in the table of those kept asked for as it is made (the
        // table is big, each look a miss of the cache), then looked at.
        let kept_now = &kept;
        let (near, neighbours, key) = (&near, &neighbours, &key);
        let candidates: Vec<Child> = layer
            .par_chunks(n * PARENTS_A_TASK)
            .zip(scores.par_chunks(PARENTS_A_TASK))
            .zip(blanks.par_chunks(k * PARENTS_A_TASK))
            .enumerate()
            .flat_map_iter(|(task, ((tokens, scores), blanks))| {
                let mut children = Vec::new();
                let nodes = tokens.chunks(n).zip(scores).zip(blanks.chunks(k));
                for (i, ((tokens, &(h, hash)), blanks)) in nodes.enumerate() {
                    let parent = (task * PARENTS_A_TASK + i) as u32;
                    for to in blanks.iter().map(|&c| usize::from(c)) {
                        for &from in &neighbours[to] {
                            let t = tokens[from];
                            if t == 0 {
                                continue;
                            }
                            let (t_at, t_to) =
                                (near[from][usize::from(t)], near[to][usize::from(t)]);
                            let hash = hash ^ key(from, t) ^ key(to, 0) ^ key(to, t) ^ key(from, 0);
                            kept_now.prefetch(hash);
                            children.push(Child {
                                parent,
                                from: from as u8,
                                to: to as u8,
                                h: h - t_at + t_to,
                                hash,
                            });
                        }
                    }
                }
                children.retain(|child| !kept_now.contains(child.hash));
                children
            })
            .collect();
        // The best `width` children, repeats (the same arrangement from
        // two parents: moves far apart commute) dropped. A repeat has the
        // same estimate and hash, so repeats lie together once the best
        // are sorted; twice the width is taken first, so that repeats do
        // not leave the layer much narrower. The order is total (the
        // estimate, the hash, then the parent and the move), so the kept
        // set does not depend on the selection's or the sort's.
        let order = |child: &Child| (child.h, child.hash, child.parent, child.from);
        let mut next = candidates;
        if next.len() > 2 * width {
            next.select_nth_unstable_by_key(2 * width, order);
            next.truncate(2 * width);
        }
        next.par_sort_unstable_by_key(order);
        next.dedup_by_key(|child| child.hash);
        next.truncate(width);
        if next.is_empty() {
            return None;
        }
        for child in &next {
            kept.insert(child.hash);
        }
        history.push(next.iter().map(|c| (c.parent, c.from, c.to)).collect());
        layer = copied(&next, &layer, n, |tokens, child| {
            tokens.swap(usize::from(child.from), usize::from(child.to));
        });
        blanks = copied(&next, &blanks, k, |cells, child| {
            let moved = cells.iter_mut().find(|c| **c == child.to);
            *moved.expect("the move's blank") = child.from;
        });
        scores = next.iter().map(|child| (child.h, child.hash)).collect();
    };
    let mut moves = Vec::with_capacity(history.len());
    let mut index = end;
    for step in history.iter().rev() {
        let (parent, from, to) = step[index];
        moves.push(Move {
            from: Cell::from(from),
            to: Cell::from(to),
        });
        index = parent as usize;
    }
    moves.reverse();
    Some((moves, expanded))
}

/// For each child in `next`, its parent's `k` values in `parents` (a
/// layer's tokens or blanks, `k` a node), changed by `change`, made on
/// all cores.
fn copied(
    next: &[Child],
    parents: &[u8],
    k: usize,
    change: impl Fn(&mut [u8], &Child) + Sync,
) -> Vec<u8> {
    next.par_iter()
        .with_min_len(PARENTS_A_TASK)
        .flat_map_iter(|child| {
            let at = child.parent as usize * k;
            let mut values = parents[at..at + k].to_vec();
            change(&mut values, child);
            values
        })
        .collect()
}

/// The most children an arrangement of `tokens` has: each blank's
/// neighbours, at most the board's cells.
fn children_each(neighbours: &[Vec<usize>], tokens: &[u8]) -> usize {
    let blanks = tokens.iter().filter(|&&t| t == 0).count();
    let degree = neighbours.iter().map(Vec::len).max().unwrap_or(0);
    degree.saturating_mul(blanks).min(tokens.len())
}

/// The width at which a beam from `a` to `b` on `board` makes about
/// `children` children in all, were its answer [`LENGTH_OVER_BOUND`]
/// times its lower bound; at least 1.
pub(crate) fn width_for(board: &Board, (a, b): (&[Token], &[Token]), children: u64) -> usize {
    let (start, goal, kinds) = dense_ids(a, b);
    let (neighbours, near) = distances_to_goals(board, &goal, kinds);
    let layers = (f64::from(distance_sum(&start, &near)) * LENGTH_OVER_BOUND).max(1.0);
    let each = children_each(&neighbours, &start).max(1) as f64;
    (children as f64 / each / layers).max(1.0) as usize
}

/// About how much longer than the lower bound the beam's answers are
/// (how many layers it makes), for [`width_for`].
const LENGTH_OVER_BOUND: f64 = 1.3;

/// The bytes a beam of `width` on `n` cells holds at its peak with
/// `layers` layers made, counted at their worst: the table of arrangements
/// kept lately; for each of its width, the layer and the next one (their
/// tokens, blanks, estimates and hashes) and up to `children_each` children
/// (collected, at twice their number at worst); and for each layer, a
/// parent and a move of each arrangement kept.
fn held(n: usize, width: usize, children_each: usize, layers: usize) -> u64 {
    let per_child = 2 * size_of::<Child>();
    let per_width = 2 * (2 * n + size_of::<(u32, u64)>()) + children_each * per_child;
    let per_layer = width * size_of::<(u32, u8, u8)>();
    (Recent::bytes(width) + width * per_width + layers * per_layer) as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arrangement::Arrangement;
    use crate::board::Board;
    use crate::generate::Generator;
    use crate::moves::replay;
    use crate::solve::search::{bfs, ida_blanks};

    /// An arrangement drawn uniformly among those that reach `b`.
    fn drawn(board: &Board, b: &[Token], seed: u64) -> Vec<Token> {
        let to = Arrangement::new(b.to_vec());
        let a = Generator::new(seed).reachable(board, &to).unwrap();
        a.tokens().to_vec()
    }

    fn solved(board: &Board, a: &[Token], b: &[Token], width: usize) -> Vec<Move> {
        let within = (Stop::default(), u64::MAX);
        let (moves, _) = search(board, (a, b), (width, usize::MAX), within).expect("a solution");
        replay(board, a, b, &moves).expect("the moves lead to the goal");
        moves
    }

    #[test]
    fn as_long_as_the_shortest_or_longer_and_never_shorter() {
        let board = "3x4".parse::<Board>().unwrap();
        let b: Vec<Token> = vec![1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0, 0];
        for seed in 0..20 {
            let a = drawn(&board, &b, seed);
            let shortest = ida_blanks::shortest(&board, &a, &b).moves.len();
            let beamed = solved(&board, &a, &b, 200).len();
            assert!(beamed >= shortest, "seed {seed}: {beamed} < {shortest}");
            assert_eq!(beamed % 2, shortest % 2, "seed {seed}: the same parity");
        }
    }

    #[test]
    fn a_wide_beam_finds_the_shortest_on_a_small_board() {
        // Wide enough to keep every arrangement of a layer: breadth first.
        let board = "2x4".parse::<Board>().unwrap();
        let b: Vec<Token> = vec![1, 2, 3, 4, 5, 6, 0, 0];
        for seed in 0..20 {
            let a = drawn(&board, &b, seed);
            let shortest = bfs::shortest(&board, &a, &b).unwrap().moves.len();
            assert_eq!(
                solved(&board, &a, &b, 1 << 16).len(),
                shortest,
                "seed {seed}"
            );
        }
    }

    #[test]
    fn masks_graphs_and_repeated_tokens_are_searched_too() {
        let boards = [
            (
                "mask:###./####/#.##/####",
                vec![1, 1, 2, 2, 3, 3, 4, 4, 5, 6, 7, 0, 0, 0],
            ),
            (
                "graph:9:0-1,1-2,2-3,3-4,4-5,5-0,2-6,6-7,7-8,8-3",
                vec![1, 2, 3, 4, 5, 6, 0, 0, 0],
            ),
        ];
        for (spec, b) in boards {
            let board = spec.parse::<Board>().unwrap();
            assert_eq!(board.cell_count(), b.len(), "{spec}");
            for seed in 0..10 {
                let a = drawn(&board, &b, seed);
                solved(&board, &a, &b, 100);
            }
        }
    }

    #[test]
    fn a_length_already_had_or_no_memory_gives_none() {
        let board = "4x4".parse::<Board>().unwrap();
        let b: Vec<Token> = (1..=13).chain([0, 0, 0]).collect();
        let a = drawn(&board, &b, 1);
        let length = solved(&board, &a, &b, 1000).len();
        let search = |shorter_than, memory| {
            search(
                &board,
                (&a, &b),
                (1000, shorter_than),
                (Stop::default(), memory),
            )
        };
        assert!(search(length, u64::MAX).is_none());
        assert!(search(length + 1, u64::MAX).is_some());
        assert!(search(usize::MAX, 1 << 10).is_none());
    }
}
