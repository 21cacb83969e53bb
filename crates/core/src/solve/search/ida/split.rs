//! Split searches: each IDA* iteration cut, at a chosen depth, into
//! subtrees that can be searched anywhere (other threads, other
//! processes, other machines) and their results added up.
//!
//! A [`SplitSearch`] is made by [`Solver::split`](crate::Solver::split)
//! for one question; it holds the heuristic (the pattern databases) and
//! the start. A driver runs the iterations:
//!
//! 1. the first bound is [`SplitSearch::first_bound`];
//! 2. [`SplitSearch::frontier`] searches the iteration down to the cut
//!    depth and lists the [`Subtree`]s below it (each named by the moves
//!    that reach its root, so that it can be sent anywhere);
//! 3. [`SplitSearch::search`] (or [`SplitSearch::search_all`], on all
//!    cores) searches subtrees within the bound: a solution, or the nodes
//!    expanded and the least `f = g + h` that went over the bound;
//! 4. with no solution, the next bound is [`SplitSearch::next_bound`] of
//!    the least such value over the frontier and every subtree.
//!
//! [`SplitSearch::solve`] is that driver on one machine.
//!
//! # What is equal to the single search
//!
//! Nodes are counted as [`Solver::solve`](crate::Solver::solve) counts
//! them (its IDA* splits each iteration whose bound is above
//! [`FRONTIER`] moves below every path of [`FRONTIER`] moves, and does not
//! count that frontier): in an iteration whose bound is above
//! [`FRONTIER`], a node is counted when it is expanded at a depth of at
//! least [`FRONTIER`]; in one whose bound is at most [`FRONTIER`], every
//! expanded node. Above depth [`FRONTIER`] both follow every path
//! unchecked. The goal is never counted. Hence, for any cut depth:
//!
//! - every iteration that finds no solution is searched completely by
//!   both, in whatever order: the frontier's [`nodes`](Frontier::nodes)
//!   plus every subtree's nodes equal the single search's nodes in that
//!   iteration, and the least pruned values are the same, so the
//!   sequence of bounds is the same;
//! - the last iteration stops at a solution. Searched in order (the
//!   subtrees in the order the frontier lists them, a subtree searched
//!   only until a solution is found in an earlier one), the nodes of the
//!   frontier before each subtree ([`Subtree::nodes_before`]) plus the
//!   subtrees' nodes, up to the first subtree with a solution, equal the
//!   nodes of the single search on one thread, and the solution is the
//!   same. [`SplitSearch::solve`] and `search_all(.., ordered: true)`
//!   count that way. On several threads the single search, like any
//!   search that stops the others at the first solution in time, counts
//!   a number between the nodes before the solution's subtree and the
//!   whole iteration.
//!
//! So the totals are equal to a single search on one thread, and to any
//! single search but for the last iteration.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

pub use super::FRONTIER;
use super::{
    Dfs, Heuristic, RedundantMoves, SearchState, path_moves, previous_blank, solution_parity,
};
use crate::arrangement::Arrangement;
use crate::board::Board;
use crate::error::Error;
use crate::moves::{Move, replay};
use crate::solve::Solution;
use crate::solve::error::SolveError;
use crate::solve::search::in_order::map_in_order;
use crate::stop::Stop;

/// One question's shortest-path search, ready to be split: the heuristic
/// (its pattern databases loaded) and the start. Searches through `&self`
/// may run on any number of threads at once.
pub struct SplitSearch {
    heuristic: Heuristic,
    redundant: Option<Arc<RedundantMoves>>,
    parity: u32,
    root: SearchState,
    board: Board,
    from: Arrangement,
    to: Arrangement,
    cancel: Option<Arc<AtomicBool>>,
}

impl std::fmt::Debug for SplitSearch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SplitSearch")
            .field("board", &self.board.to_string())
            .field("tables", &self.heuristic.first.dbs.len())
            .field("first_bound", &self.first_bound())
            .finish_non_exhaustive()
    }
}

/// The subtree below one node of a frontier.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subtree {
    /// The moves from the start to the subtree's root.
    pub moves: Vec<Move>,
    /// Nodes the frontier's search counted after the subtree before this
    /// one (in depth-first order) and up to this one: what a single
    /// search counts between the two.
    pub nodes_before: u64,
}

/// An iteration searched down to the cut depth.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Frontier {
    /// The subtrees below the cut whose roots are within the bound, in
    /// depth-first order.
    pub subtrees: Vec<Subtree>,
    /// Nodes counted above the cut (see the [module](self) for how).
    pub nodes: u64,
    /// The least `f = g + h` over the bound above the cut (`u32::MAX`:
    /// none).
    pub pruned: u32,
    /// A solution above the cut: then there are no subtrees.
    pub found: Option<Vec<Move>>,
}

/// What searching one subtree gave.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Searched {
    /// A solution within the bound, from the start (not only the
    /// subtree's part).
    pub found: Option<Vec<Move>>,
    /// Nodes expanded (counted as the single search counts them).
    pub nodes: u64,
    /// The least `f = g + h` over the bound (`u32::MAX`: none).
    pub pruned: u32,
}

/// What searching many subtrees gave.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Batch {
    /// The first subtree (in the order given) with a solution found, and
    /// the solution.
    pub found: Option<(usize, Vec<Move>)>,
    /// Nodes expanded in each subtree. With `ordered`, those before the
    /// found one and the found one are exact (searched as a single search
    /// on one thread would); those after it were stopped.
    pub nodes: Vec<u64>,
    /// The least `f = g + h` over the bound (`u32::MAX`: none).
    pub pruned: u32,
}

/// One iteration of a split search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Iteration {
    /// Its bound.
    pub bound: u32,
    /// Its subtrees.
    pub subtrees: usize,
    /// Nodes counted in it (the last one: up to the solution, in order).
    pub nodes: u64,
}

/// A solution found by [`SplitSearch::solve`], and its iterations.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct SplitSolution {
    /// The solution, replayed; its nodes are the iterations' sum.
    pub solution: Solution,
    /// The iterations, first to last.
    pub iterations: Vec<Iteration>,
}

/// The depth from which an iteration with `bound` checks and counts.
fn counted_from(bound: u32) -> u32 {
    if bound <= FRONTIER { 0 } else { FRONTIER }
}

impl SplitSearch {
    /// A search of `from` → `to` on `board` (a rectangle; checked by the
    /// caller) with `heuristic`.
    pub(crate) fn new(
        heuristic: Heuristic,
        tiles: Vec<u8>,
        board: Board,
        from: Arrangement,
        to: Arrangement,
        cancel: Option<Arc<AtomicBool>>,
    ) -> Self {
        let parity = solution_parity(&heuristic, &tiles);
        let root = SearchState::new(&heuristic, &tiles);
        let redundant = RedundantMoves::for_rectangle(heuristic.rect.rows, heuristic.rect.cols);
        Self {
            heuristic,
            redundant,
            parity,
            root,
            board,
            from,
            to,
            cancel,
        }
    }

    fn stop(&self) -> Stop<'_> {
        Stop::on(self.cancel.as_deref())
    }

    /// The bound of the first iteration: the heuristic's value on the
    /// start, raised to the parity every solution's length has.
    pub fn first_bound(&self) -> u32 {
        let mut root = self.root.clone();
        self.with_parity(root.h(&self.heuristic))
    }

    fn with_parity(&self, b: u32) -> u32 {
        if b % 2 == self.parity { b } else { b + 1 }
    }

    /// The bound of the iteration after one with no solution, given the
    /// least `pruned` value over its frontier and all its subtrees;
    /// `None` when nothing was pruned (then there is no solution, which
    /// cannot happen for a question that [`Solver::split`](crate::Solver::split)
    /// accepted).
    pub fn next_bound(&self, pruned: u32) -> Option<u32> {
        (pruned != u32::MAX).then(|| self.with_parity(pruned))
    }

    /// Searches the iteration with `bound` down to `depth` moves, and
    /// lists the subtrees below.
    ///
    /// # Errors
    /// [`SolveError::Cancelled`] when the solver's flag was set.
    pub fn frontier(&self, depth: u32, bound: u32) -> Result<Frontier, SolveError> {
        let none_found = AtomicUsize::new(usize::MAX);
        let mut dfs = Dfs::new(
            (&self.heuristic, self.redundant.as_deref()),
            &none_found,
            self.root.clone(),
            vec![self.root.blank],
        );
        dfs.stop = self.stop();
        dfs.from = counted_from(bound);
        dfs.cut = depth;
        let found = dfs.search(0, bound, u8::MAX);
        self.stop().check()?;
        let subtrees = dfs
            .leaves
            .iter()
            .map(|(path, before)| Subtree {
                moves: path_moves(path),
                nodes_before: *before,
            })
            .collect();
        Ok(Frontier {
            subtrees,
            nodes: dfs.nodes,
            pruned: dfs.next_bound,
            found: found.then(|| path_moves(&dfs.path)),
        })
    }

    /// The state and blank path at the root of `subtree`.
    fn enter(&self, subtree: &Subtree) -> Result<(SearchState, Vec<u8>), SolveError> {
        let bad = |problem: String| {
            SolveError::Input(Error::Input {
                place: "subtree".into(),
                problem,
            })
        };
        let mut state = self.root.clone();
        let mut path = vec![state.blank];
        for (i, m) in subtree.moves.iter().enumerate() {
            let neighbours = &self.heuristic.rect.neighbours[state.blank as usize];
            let previous = previous_blank(&path);
            let from = u8::try_from(m.from).ok().filter(|f| neighbours.contains(f));
            match from {
                Some(from) if m.to == state.blank as u32 && from != previous => {
                    state.apply(&self.heuristic, from, u32::MAX);
                    path.push(from);
                }
                _ => {
                    return Err(bad(format!(
                        "move {} ({} to {}) is not a move of the blank on {} that does not undo \
                         the one before",
                        i + 1,
                        m.from,
                        m.to,
                        state.blank
                    )));
                }
            }
        }
        Ok((state, path))
    }

    /// Searches `subtree` within `bound` (the whole iteration below its
    /// root, as the single search does it).
    ///
    /// # Errors
    /// [`SolveError::Input`] when the subtree's moves are not a path of
    /// the blank from the start without an undo, [`SolveError::Cancelled`]
    /// when the solver's flag was set.
    pub fn search(&self, subtree: &Subtree, bound: u32) -> Result<Searched, SolveError> {
        let none_found = AtomicUsize::new(usize::MAX);
        self.search_ranked(subtree, bound, &none_found, 0)
    }

    fn search_ranked(
        &self,
        subtree: &Subtree,
        bound: u32,
        found_by: &AtomicUsize,
        rank: usize,
    ) -> Result<Searched, SolveError> {
        let (state, path) = self.enter(subtree)?;
        let g = subtree.moves.len() as u32;
        let previous = previous_blank(&path);
        let searcher = (&self.heuristic, self.redundant.as_deref());
        let mut dfs = Dfs::new(searcher, found_by, state, path);
        dfs.rank = rank;
        dfs.stop = self.stop();
        dfs.from = counted_from(bound);
        let found = dfs.search(g, bound, previous);
        if !found {
            self.stop().check()?;
        }
        Ok(Searched {
            found: found.then(|| path_moves(&dfs.path)),
            nodes: dfs.nodes,
            pruned: dfs.next_bound,
        })
    }

    /// Searches `subtrees` within `bound` on all cores of the current
    /// rayon pool, taken in order (each thread the next subtree when it
    /// is done with one). A solution stops the others: with `ordered`, only the
    /// subtrees after it (in the order given), so that the counts up to
    /// the first subtree with a solution are those of a single search on
    /// one thread; without, all of them at once.
    ///
    /// # Errors
    /// As [`search`](Self::search).
    pub fn search_all(
        &self,
        subtrees: &[Subtree],
        bound: u32,
        ordered: bool,
    ) -> Result<Batch, SolveError> {
        let stop = AtomicUsize::new(usize::MAX);
        let results = map_in_order(subtrees.len(), |i| -> Result<Searched, SolveError> {
            let subtree = &subtrees[i];
            let rank = if ordered { i } else { 1 };
            if stop.load(Ordering::Relaxed) < rank {
                return Ok(Searched {
                    found: None,
                    nodes: 0,
                    pruned: u32::MAX,
                });
            }
            let searched = self.search_ranked(subtree, bound, &stop, rank)?;
            if searched.found.is_some() {
                stop.fetch_min(if ordered { i } else { 0 }, Ordering::Relaxed);
            }
            Ok(searched)
        });
        let mut batch = Batch {
            found: None,
            nodes: Vec::with_capacity(subtrees.len()),
            pruned: u32::MAX,
        };
        for (i, searched) in results.into_iter().enumerate() {
            let searched = searched?;
            batch.nodes.push(searched.nodes);
            batch.pruned = batch.pruned.min(searched.pruned);
            if batch.found.is_none()
                && let Some(moves) = searched.found
            {
                batch.found = Some((i, moves));
            }
        }
        Ok(batch)
    }

    /// The whole search on this machine: each iteration's frontier at
    /// `depth`, its subtrees searched in order on all cores
    /// ([`search_all`](Self::search_all) with `ordered`). The nodes and
    /// the solution equal those of the single search on one thread (see
    /// the [module](self)).
    ///
    /// # Errors
    /// As [`search`](Self::search); [`SolveError::Replay`] (a bug) when
    /// the solution fails its replay.
    pub fn solve(&self, depth: u32) -> Result<SplitSolution, SolveError> {
        let mut bound = self.first_bound();
        let mut iterations = Vec::new();
        let mut total = 0;
        loop {
            let frontier = self.frontier(depth, bound)?;
            let mut iteration = Iteration {
                bound,
                subtrees: frontier.subtrees.len(),
                nodes: frontier.nodes,
            };
            let mut found = frontier.found;
            let mut pruned = frontier.pruned;
            if found.is_none() {
                let batch = self.search_all(&frontier.subtrees, bound, true)?;
                pruned = pruned.min(batch.pruned);
                match batch.found {
                    Some((i, moves)) => {
                        iteration.nodes = frontier.subtrees[..=i]
                            .iter()
                            .zip(&batch.nodes)
                            .map(|(s, n)| s.nodes_before + n)
                            .sum();
                        found = Some(moves);
                    }
                    None => iteration.nodes += batch.nodes.iter().sum::<u64>(),
                }
            }
            total += iteration.nodes;
            iterations.push(iteration);
            if let Some(moves) = found {
                return Ok(SplitSolution {
                    solution: self.solution(moves, total)?,
                    iterations,
                });
            }
            bound = self
                .next_bound(pruned)
                .expect("the goal is reachable, so the search ends");
        }
    }

    /// A solution found by a split search (its moves from the start, as
    /// [`Searched::found`] gives them), replayed on the board.
    ///
    /// # Errors
    /// [`SolveError::Replay`] when the moves do not lead from the start
    /// to the target.
    pub fn solution(&self, moves: Vec<Move>, nodes: u64) -> Result<Solution, SolveError> {
        replay(&self.board, self.from.tokens(), self.to.tokens(), &moves)?;
        Ok(Solution::new(moves, true, nodes, &self.board))
    }
}

#[cfg(test)]
mod tests;
