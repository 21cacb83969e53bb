//! Moving things through the live cells of a block: the blank along a
//! shortest way, and a token step by step with the blank going round it,
//! by the ways whose slides are worth most (see `scoring`).

use std::collections::VecDeque;

use crate::arrangement::Token;
use crate::graph::{LocalCell, LocalVec};
use crate::solve::construct::block_by_block::scoring::Aims;
use crate::solve::construct::block_by_block::{Piece, State};

/// The live cell nearest `target` holding token `want`.
pub(super) fn nearest_token(
    piece: &Piece,
    alive: &LocalVec<bool>,
    target: LocalCell,
    want: Token,
    state: &State,
) -> Option<LocalCell> {
    let region = piece.graph.within(alive);
    let dist = region.distances(target);
    region
        .cells()
        .filter(|&l| dist[l] != usize::MAX && piece.token(state, l) == want)
        .min_by_key(|&l| dist[l])
}

/// Walks the blank to local cell `to` along a shortest way through live
/// cells; false where there is none.
pub(super) fn walk_blank(
    piece: &Piece,
    alive: &LocalVec<bool>,
    to: LocalCell,
    state: &mut State,
) -> bool {
    let blank = piece.blank(state);
    let Some(way) = piece.graph.within(alive).path(blank, to) else {
        return false;
    };
    for &l in &way[1..] {
        piece.slide(state, l);
    }
    true
}

/// Walks the token on local cell `from` to local cell `to` along a
/// shortest way through live cells, the blank going round it.
pub(super) fn walk_token(
    piece: &Piece,
    aims: &Aims,
    alive: &LocalVec<bool>,
    from: LocalCell,
    to: LocalCell,
    state: &mut State,
) {
    let dist = piece.graph.within(alive).distances(to);
    let mut search = WaySearch::new(alive.len());
    let mut at = from;
    while at != to {
        // The blank to the nearest of the cells one step nearer `to` next
        // to the token, not through the token: a token going diagonally
        // on a grid then zigzags at three moves a step.
        let beside = |v: LocalCell| dist[v] < dist[at] && piece.graph.neighbours(at).contains(&v);
        let way = search.way(piece, aims, alive, at, beside, state);
        let next = *way.first().expect("a cell");
        for &l in way.iter().rev().skip(1) {
            piece.slide(state, l);
        }
        piece.slide(state, at);
        at = next;
    }
}

/// Scratch of the blank's breadth-first searches round a token, reused
/// from step to step (each search stops at the first cell it needs).
struct WaySearch {
    stamp: LocalVec<u32>,
    parent: LocalVec<LocalCell>,
    depth: LocalVec<u32>,
    /// What the slides of the way found so far are worth.
    score: LocalVec<i32>,
    generation: u32,
    queue: VecDeque<LocalCell>,
}

impl WaySearch {
    fn new(n: usize) -> Self {
        Self {
            stamp: LocalVec::new(n, 0),
            parent: LocalVec::new(n, LocalCell::ENTRY),
            depth: LocalVec::new(n, 0),
            score: LocalVec::new(n, 0),
            generation: 0,
            queue: VecDeque::new(),
        }
    }

    /// The blank's way to the nearest live cell where `goal` holds, not
    /// through `at`: of the shortest ones, the one whose slides bring
    /// tokens nearest their targets. From that cell back to the blank's.
    fn way(
        &mut self,
        piece: &Piece,
        aims: &Aims,
        alive: &LocalVec<bool>,
        at: LocalCell,
        goal: impl Fn(LocalCell) -> bool,
        state: &State,
    ) -> Vec<LocalCell> {
        self.generation += 1;
        let generation = self.generation;
        let blank = piece.blank(state);
        self.stamp[blank] = generation;
        (self.depth[blank], self.score[blank]) = (0, 0);
        self.queue.clear();
        self.queue.push_back(blank);
        let mut found = None;
        while let Some(v) = self.queue.pop_front() {
            if goal(v) {
                found = Some(v);
                break;
            }
            for &w in piece.graph.neighbours(v) {
                if !alive[w] || w == at {
                    continue;
                }
                // The blank stepping to `w` slides its token to `v`.
                let gain = self.score[v] + aims.worth(piece.token(state, w), w, v);
                if self.stamp[w] != generation {
                    self.stamp[w] = generation;
                    self.parent[w] = v;
                    (self.depth[w], self.score[w]) = (self.depth[v] + 1, gain);
                    self.queue.push_back(w);
                } else if self.depth[w] == self.depth[v] + 1 && gain > self.score[w] {
                    (self.parent[w], self.score[w]) = (v, gain);
                }
            }
        }
        let mut way = vec![found.expect("a 2-connected block lets the blank round")];
        while *way.last().expect("a cell") != blank {
            way.push(self.parent[*way.last().expect("a cell")]);
        }
        way
    }
}
