//! Shortest solutions on rectangles: IDA* with an admissible heuristic, any
//! start and any goal.
//!
//! Heuristics, all admissible and consistent: Manhattan distance plus
//! linear conflicts where no pattern database fits, additive disjoint
//! pattern databases otherwise (4×4: two 7-tile databases and the last
//! tile by Manhattan distance, or 7-8 on request; 5×5: Korf & Felner's
//! 6-6-6-6; each valued by the placement and the blank's region), looked up
//! also on the board reflected about its main diagonal when the goal
//! allows it (Felner, Korf & Hanan 2004). Tiles are relabelled by their
//! goal cells, so one database serves every goal with the blank on the
//! same cell.
//!
//! The search updates the heuristic incrementally (one pattern per move,
//! the lookups of a node's children made together so that their cache
//! misses overlap), allocates nothing per node, never undoes the previous
//! move nor ends a redundant move string (one that reaches what a shorter
//! or earlier string reaches, see `redundant`: a third to a half fewer
//! nodes), and splits each iteration over all cores from a frontier a
//! few moves deep, whose subtrees the threads take in order (`search::in_order`).

use std::sync::atomic::{AtomicU32, AtomicU64, AtomicUsize, Ordering};

use crate::moves::Move;
use crate::solve::Found;
use crate::solve::search::in_order::map_in_order;
use crate::solve::search::rectangle::{BLANK_MARK, Heuristic, SearchState, path_moves};
use crate::stop::{NodeBudget, Stop};

/// The shared state of one search.
struct Shared {
    /// Workers of a rank above this stop (`usize::MAX`: none do): a
    /// solution found sets it to 0, so that every worker stops.
    found: AtomicUsize,
    next_bound: AtomicU32,
    nodes: AtomicU64,
}

/// The depth below which the single search
/// ([`Solver::solve`](crate::Solver::solve)) splits each iteration (when
/// the bound is deeper): every path of this many moves without an undo is
/// a subtree, searched on any core.
pub const FRONTIER: u32 = 6;

/// A shortest move sequence from `tiles` (relabelled: goal cells, the
/// blank `BLANK_MARK`) to the goal (every tile on its cell, the blank on
/// `heuristic`'s blank goal cell), found by IDA* on all cores.
#[cfg(test)]
pub(crate) fn ida_star(heuristic: &Heuristic, tiles: &[u8]) -> Found {
    ida_star_until(heuristic, tiles, Stop::default()).expect("not cancelled")
}

/// The parity of every solution's length from `tiles` (each move is a
/// transposition of the blank with a tile).
fn solution_parity(heuristic: &Heuristic, tiles: &[u8]) -> u32 {
    let blank_goal = heuristic.blank_goal;
    let mut permutation: Vec<u32> = tiles
        .iter()
        .map(|&t| {
            if t == BLANK_MARK {
                blank_goal as u32
            } else {
                t as u32
            }
        })
        .collect();
    crate::reach::permutation_parity(&mut permutation).expect("a permutation") as u32
}

/// IDA* (the search of [`Solver::solve`](crate::Solver::solve)), ended by
/// `stop` (its flag and node budget looked at every node, its deadline
/// only between iterations): `None` then.
///
/// Each iteration with a bound above [`FRONTIER`] moves is split into
/// the subtrees below every path of [`FRONTIER`] moves without an undo,
/// searched on all cores; nodes are counted when expanded, those of the
/// frontier itself not. Iterations with a bound of at most [`FRONTIER`]
/// are one plain search from the root, every expanded node counted. The
/// split searches of [`split`] count the same way.
#[cfg(test)]
pub(crate) fn ida_star_until(heuristic: &Heuristic, tiles: &[u8], stop: Stop) -> Option<Found> {
    ida_star_logged(heuristic, tiles, stop, &mut |_, _| true)
}

/// [`ida_star_until`], telling `log` each iteration's bound and nodes
/// (the last too, which found the solution); its answer after an
/// iteration without one says whether the next is searched. `None`
/// when `stop` or `log` ended it.
pub(crate) fn ida_star_logged(
    heuristic: &Heuristic,
    tiles: &[u8],
    stop: Stop,
    log: &mut dyn FnMut(u32, u64) -> bool,
) -> Option<Found> {
    let mut root = SearchState::new(heuristic, tiles);
    let shared = Shared {
        found: AtomicUsize::new(usize::MAX),
        next_bound: AtomicU32::new(u32::MAX),
        nodes: AtomicU64::new(0),
    };
    let frontier = frontier_below(heuristic, &root);
    // Every solution has the parity of the permutation (each move is a
    // transposition), so bounds of the other parity are skipped.
    let parity = solution_parity(heuristic, tiles);
    let with_parity = |b: u32| if b % 2 == parity { b } else { b + 1 };
    let mut bound = with_parity(root.h(heuristic));
    let redundant = RedundantMoves::for_rectangle(heuristic.rect.rows, heuristic.rect.cols);
    let subtree = |state: &SearchState, path: &[u8], bound: u32| {
        let searcher = (heuristic, redundant.as_deref());
        let mut dfs = Dfs::new(searcher, &shared.found, state.clone(), path.to_vec());
        dfs.stop = stop;
        let found = dfs.search(path.len() as u32 - 1, bound, previous_blank(path));
        shared.nodes.fetch_add(dfs.nodes, Ordering::Relaxed);
        dfs.charge_rest();
        shared
            .next_bound
            .fetch_min(dfs.next_bound, Ordering::Relaxed);
        found.then_some(dfs.path)
    };
    loop {
        shared.next_bound.store(u32::MAX, Ordering::Relaxed);
        let before = shared.nodes.load(Ordering::Relaxed);
        let solution = if bound <= FRONTIER {
            // Short solutions: one plain search from the root.
            subtree(&root, &[root.blank], bound)
        } else {
            map_in_order(frontier.len(), |i| {
                if shared.found.load(Ordering::Relaxed) == 0 {
                    return None;
                }
                let (state, path) = &frontier[i];
                let found = subtree(state, path, bound);
                if found.is_some() {
                    shared.found.store(0, Ordering::Relaxed);
                }
                found
            })
            .into_iter()
            .flatten()
            .next()
        };
        if solution.is_none() && stop.now() {
            return None;
        }
        let go_on = log(bound, shared.nodes.load(Ordering::Relaxed) - before);
        if let Some(path) = solution {
            return Some(Found {
                moves: path_moves(&path),
                optimal: true,
                nodes: shared.nodes.load(Ordering::Relaxed),
            });
        }
        if !go_on {
            return None;
        }
        let next = shared.next_bound.load(Ordering::Relaxed);
        assert!(
            next != u32::MAX,
            "the goal is reachable, so the search ends"
        );
        bound = with_parity(next);
    }
}

/// A solution of fewer than `length` moves from `tiles`, if one exists
/// and is found within about `max_nodes` expanded nodes, and the nodes
/// expanded, unless `stop` ends it first: IDA* on one
/// thread, through bounds below `length` only, the first solution found
/// (shortest). The sub-searches of `search::shorten`, which call it on
/// many small boxes at once, one box a thread.
pub(crate) fn shorter_than(
    heuristic: &Heuristic,
    tiles: &[u8],
    length: u32,
    max_nodes: u64,
    stop: Stop,
) -> (Option<Vec<Move>>, u64) {
    let root = SearchState::new(heuristic, tiles);
    let parity = solution_parity(heuristic, tiles);
    let with_parity = |b: u32| if b % 2 == parity { b } else { b + 1 };
    let never = AtomicUsize::new(usize::MAX);
    let budget = NodeBudget::new(Some(max_nodes), stop.deadline);
    let stop = stop.counting(&budget);
    let mut bound = with_parity(root.clone().h(heuristic));
    let mut nodes = 0;
    let redundant = RedundantMoves::for_rectangle(heuristic.rect.rows, heuristic.rect.cols);
    while bound < length {
        let searcher = (heuristic, redundant.as_deref());
        let mut dfs = Dfs::new(searcher, &never, root.clone(), vec![root.blank]);
        dfs.stop = stop;
        let found = dfs.search(0, bound, u8::MAX);
        nodes += dfs.nodes;
        if found {
            return (Some(path_moves(&dfs.path)), nodes);
        }
        if stop.now() || dfs.next_bound == u32::MAX {
            break;
        }
        bound = with_parity(dfs.next_bound);
    }
    (None, nodes)
}

/// Every path of [`FRONTIER`] moves from `root` without an undo, with the
/// state at its end: the subtrees the single search hands out to its
/// threads.
fn frontier_below(heuristic: &Heuristic, root: &SearchState) -> Vec<(SearchState, Vec<u8>)> {
    let mut frontier = vec![(root.clone(), vec![root.blank])];
    for _ in 0..FRONTIER {
        let mut next = Vec::new();
        for (state, path) in &frontier {
            let previous = previous_blank(path);
            for &from in &heuristic.rect.neighbours[state.blank as usize] {
                if from == previous {
                    continue;
                }
                let mut s = state.clone();
                s.apply(heuristic, from, u32::MAX);
                let mut p = path.clone();
                p.push(from);
                next.push((s, p));
            }
        }
        frontier = next;
    }
    frontier
}

mod depth_first;
mod iterations;
mod redundant;
pub mod split;

use depth_first::{Dfs, previous_blank};
pub(crate) use iterations::Iterations;
use redundant::RedundantMoves;

#[cfg(test)]
mod tests;
