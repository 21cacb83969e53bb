//! Ears: paths of cells with two live neighbours each, hanging between
//! two other cells, peeled whole where no single cell can go. An ear is
//! loaded by a conveyor: the blank going round the cycle of the ear and a
//! way back moves every token on it one cell, one new token entering it
//! per turn.

use std::collections::HashMap;

use crate::arrangement::{BLANK, Token};
use crate::graph::{LocalCell, LocalGraph, LocalVec};
use crate::solve::construct::block_by_block::scoring::Aims;
use crate::solve::construct::block_by_block::{Piece, State, movers, peel};
use crate::solve::error::Limit;

/// An ear of the live cells: a path of cells with two live neighbours
/// each (not home), between two other cells `u` and `v`, whose removal
/// leaves a region that [`peel::can_remain`]. Ordered from `u` to `v`.
pub(super) fn peelable_ear(
    graph: &LocalGraph,
    alive: &LocalVec<bool>,
    home: LocalCell,
    odd_block: bool,
) -> Option<(Vec<LocalCell>, LocalCell, LocalCell)> {
    let region = graph.within(alive);
    let mut tried = LocalVec::new(alive.len(), false);
    for start in region.cells() {
        if start == home || tried[start] || region.degree(start) != 2 {
            continue;
        }
        // Grow the chain both ways while cells have two live neighbours.
        let mut ends = region
            .neighbours(start)
            .map(|first| region.follow(start, first, |c| c == home || c == start));
        let (left_part, u) = ends.next().expect("two neighbours");
        let (right_part, v) = ends.next().expect("two neighbours");
        let mut chain: Vec<LocalCell> = left_part.into_iter().rev().collect();
        chain.push(start);
        chain.extend(right_part);
        for &c in &chain {
            tried[c] = true;
        }
        if u == v || chain.contains(&u) {
            continue; // a cycle hanging on one cell, or the whole region
        }
        let mut trial = alive.clone();
        for &c in &chain {
            trial[c] = false;
        }
        if peel::can_remain(graph, &trial, odd_block) {
            return Some((chain, u, v));
        }
    }
    None
}

/// Fills an ear's cells (ordered from `u` to `v`) with a conveyor: the
/// blank going round the cycle of the ear and a way back from `v` to `u`
/// moves every token on it one cell, tokens entering the ear at `v`. The
/// ear is first emptied of the tokens it needs, then loaded one token per
/// turn, the one for the cell next to `u` first.
pub(super) fn load(
    piece: &Piece,
    aims: &Aims,
    alive: &mut LocalVec<bool>,
    ear: &[LocalCell],
    u: LocalCell,
    v: LocalCell,
    state: &mut State,
) -> Result<(), Limit> {
    // The blank out of the ear first, to u.
    if !movers::walk_blank(piece, alive, u, state) {
        return Err(Limit::Cornered("the blank cannot reach an ear"));
    }
    let mut rest = alive.clone();
    for &c in ear {
        rest[c] = false;
    }
    let back = piece
        .graph
        .within(&rest)
        .path(v, u)
        .ok_or(Limit::Cornered("no way round an ear"))?;
    // The conveyor, from u: the ear, then back from v to u.
    let mut ring: Vec<LocalCell> = ear.to_vec();
    ring.extend(&back);
    let conveyor = Conveyor {
        piece,
        aims,
        rest,
        ring,
        u,
        v,
    };
    conveyor.make_room(ear, state)?;
    // Load: the token for the cell next to u first.
    for &c in ear {
        let from = movers::nearest_token(piece, &conveyor.rest, v, aims.goal[c], state)
            .ok_or(Limit::Cornered("an ear's token is out of reach"))?;
        conveyor.feed(from, state)?;
    }
    for &c in ear {
        alive[c] = false;
    }
    Ok(())
}

/// The ring of cells an ear is loaded by.
struct Conveyor<'p> {
    piece: &'p Piece<'p>,
    aims: &'p Aims<'p>,
    /// The live cells but the ear's.
    rest: LocalVec<bool>,
    /// The ear from `u`'s side, then the way back from `v` to `u`.
    ring: Vec<LocalCell>,
    u: LocalCell,
    v: LocalCell,
}

impl Conveyor<'_> {
    /// Walks the token on `from` to `v`, then turns the ring once: the
    /// token goes into the ear.
    fn feed(&self, from: LocalCell, state: &mut State) -> Result<(), Limit> {
        movers::walk_token(self.piece, self.aims, &self.rest, from, self.v, state);
        // The blank to u through the rest but not v (whose token goes in
        // next), then once round.
        let mut open = self.rest.clone();
        open[self.v] = false;
        if !movers::walk_blank(self.piece, &open, self.u, state) {
            return Err(Limit::Cornered("the blank cannot reach an ear"));
        }
        for &l in &self.ring {
            self.piece.slide(state, l);
        }
        Ok(())
    }

    /// Makes sure the rest holds every token the ear needs: each turn
    /// pushes one token out at u's end and lets in the token on v, made a
    /// token the rest has more of than the ear needs.
    fn make_room(&self, ear: &[LocalCell], state: &mut State) -> Result<(), Limit> {
        let rest = self.piece.graph.within(&self.rest);
        let needed: Vec<Token> = ear.iter().map(|&c| self.aims.goal[c]).collect();
        for _ in 0..ear.len() {
            let mut count: HashMap<Token, i64> = HashMap::new();
            for l in rest.cells() {
                *count.entry(self.piece.token(state, l)).or_insert(0) += 1;
            }
            for t in &needed {
                *count.entry(*t).or_insert(0) -= 1;
            }
            if count.values().all(|&c| c >= 0) {
                break;
            }
            // The nearest spare: any will do.
            let near = rest.distances(self.v);
            let spare = rest
                .cells()
                .filter(|&l| l != self.v)
                .filter(|&l| {
                    let t = self.piece.token(state, l);
                    t != BLANK && count.get(&t).is_some_and(|&c| c > 0)
                })
                .min_by_key(|&l| near[l])
                .ok_or(Limit::Cornered("no spare token to fill an ear with"))?;
            self.feed(spare, state)?;
        }
        Ok(())
    }
}
