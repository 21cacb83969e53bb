//! Uniform draws on thin boards, from their structure instead of by
//! rejection: where the cells the blank can visit form a tree (a path, a
//! star) or a single cycle, almost no shuffle reaches the target, but
//! the group of the blank's round trips is known outright:
//!
//! - on a tree it is trivial: a closed walk on a tree only backtracks,
//!   and every token it moves comes back (a path keeps its tokens'
//!   order; only the blank's cell is free);
//! - on a cycle of n cells it is cyclic of order n − 1: a walk once
//!   round shifts the n − 1 tokens by one place.
//!
//! A uniform element of that group applied to the target, then the blank
//! walked to a uniformly random cell, is a uniform reachable arrangement
//! (as in the group draw of [`super`]), in O(N).

use rand::Rng;

use crate::arrangement::{Token, blank_cell};
use crate::board::{Board, Cell};

/// The shape of the cells the blank can visit, when it is thin.
pub(super) enum Thin {
    /// A tree.
    Tree,
    /// A cycle, its cells in order round it from the blank's.
    Cycle(Vec<usize>),
}

impl Thin {
    /// The shape of `cells` (the blank's part of `board`, the blank on
    /// `home`), when it is a tree or a cycle.
    pub(super) fn of(board: &Board, cells: &[usize], home: usize) -> Option<Self> {
        // Edges inside the part: every neighbour of its cells is in it.
        let degree = |c: usize| board.neighbours(c as Cell).len();
        let edges: usize = cells.iter().map(|&c| degree(c)).sum::<usize>() / 2;
        if edges + 1 == cells.len() {
            return Some(Self::Tree);
        }
        // Connected with every degree 2 (so as many edges as cells).
        if cells.len() < 3 || cells.iter().any(|&c| degree(c) != 2) {
            return None;
        }
        let mut order = vec![home];
        let mut previous = home;
        let mut at = board.neighbours(home as Cell)[0] as usize;
        while at != home {
            order.push(at);
            let next = board
                .neighbours(at as Cell)
                .iter()
                .map(|&n| n as usize)
                .find(|&n| n != previous)
                .expect("two neighbours on a cycle");
            (previous, at) = (at, next);
        }
        Some(Self::Cycle(order))
    }

    /// A uniform random element of the round trips' group applied to
    /// `tokens` (the blank on the cycle's first cell stays there).
    pub(super) fn apply_random(&self, tokens: &mut [Token], rng: &mut impl Rng) {
        if let Self::Cycle(order) = self {
            debug_assert_eq!(blank_cell(tokens), order[0]);
            shift_round(tokens, &order[1..], rng);
        }
    }
}

/// The tokens on `ring` (a cycle's cells in order, its blank's left out)
/// shifted along it by a uniformly random number of places: a uniform
/// element of the group a walk round the cycle generates.
pub(super) fn shift_round(tokens: &mut [Token], ring: &[usize], rng: &mut impl Rng) {
    let before: Vec<Token> = ring.iter().map(|&c| tokens[c]).collect();
    let shift = rng.random_range(0..ring.len());
    for (i, &c) in ring.iter().enumerate() {
        tokens[c] = before[(i + shift) % ring.len()];
    }
}
