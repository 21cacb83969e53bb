//! The classes of tokens on a connected part with several blanks that is
//! neither a path nor a cycle: tokens of one class can be put in any
//! order, tokens of different classes never trade places.
//!
//! Follow one token `x` and forget which the others are. With `x` on a
//! cell `p`, the others can take any places on each side of `p` (tokens
//! without names on a connected graph reach every placement), so all
//! that matters is `p` and how many blanks lie on each side of it. That
//! small state graph, worked out by hand and checked against
//! breadth-first search in the tests, has these components (`m` blanks,
//! `k` tokens in the part):
//! - one per region of junctions: `x` on a junction cell with blanks on
//!   two sides of it, or on the side of one of its cycles;
//! - on a corridor `c0 … cL`, one per *rank* `t`, the number of tokens on
//!   `c0`'s side of `x`: tokens cannot pass each other there. A token at
//!   a junction cell with every blank beyond one of its bridges counts as
//!   on that corridor. Rank `t` reaches the region at `c0` when
//!   `a - m <= t <= a - 2` (`a` cells on that side: at most `m - 2` of
//!   them are left free in front of `x` when it gets there, so there is
//!   room to step aside), and the region at `cL` likewise, counting from
//!   there; a rank that reaches neither is a class of one token (frozen);
//! - two regions joined by a corridor of `L` edges merge when one rank
//!   reaches both: when `L <= m - 2`.
//!
//! The tokens' group on each class is the whole symmetric group (never
//! only the even permutations: a second blank makes room for a single
//! swap), so B is reachable from A iff every class holds the same
//! multiset of tokens in both.

use super::forest::Forest;
use super::skeleton::Skeleton;
use crate::arrangement::{BLANK, Token};
use crate::board::{Board, Cell};
use crate::reach::Reason;

/// A class of tokens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum Class {
    /// The tokens that can get to a region of junctions (and those
    /// merged with it), by its root cell.
    Junction(Cell),
    /// The one token of rank `t` on a corridor that reaches no junction.
    Frozen {
        /// The corridor.
        corridor: u32,
        /// Tokens on its `c0` side of the token.
        rank: u32,
    },
}

/// The classes of one connected part.
pub(super) struct Classes<'a> {
    board: &'a Board,
    forest: &'a Forest,
    skeleton: &'a mut Skeleton,
    /// The part's cells.
    cells: &'a [Cell],
    /// Blanks and tokens in the part.
    m: usize,
    k: usize,
}

impl<'a> Classes<'a> {
    /// The classes of part `part` with `m` blanks, its regions already
    /// merged by [`merge_regions`].
    pub(super) fn new(
        board: &'a Board,
        forest: &'a Forest,
        skeleton: &'a mut Skeleton,
        part: u32,
        m: usize,
    ) -> Self {
        let cells = &forest.order[forest.parts[part as usize].clone()];
        Classes {
            board,
            forest,
            skeleton,
            cells,
            m,
            k: cells.len() - m,
        }
    }

    /// The class of the token on each cell of the part in `tokens`
    /// (`None` on blanks); `below` is [`Forest::blanks_below`] of `tokens`.
    pub(super) fn per_cell(&mut self, tokens: &[Token], below: &[u32]) -> Vec<(Cell, Class)> {
        let mut out = Vec::with_capacity(self.k);
        for &p in self.cells {
            if tokens[p as usize] != BLANK {
                out.push((p, self.class_at(p, below)));
            }
        }
        out
    }

    /// The class of each token of the part in `tokens`, with the token;
    /// `below` is [`Forest::blanks_below`] of `tokens`.
    pub(super) fn of(&mut self, tokens: &[Token], below: &[u32]) -> Vec<(Class, Token)> {
        let mut out = Vec::with_capacity(self.k);
        for &p in self.cells {
            let token = tokens[p as usize];
            if token != BLANK {
                out.push((self.class_at(p, below), token));
            }
        }
        out.sort_unstable();
        out
    }

    /// The class of the token on cell `p`, given the blanks below each
    /// cell of the spanning tree.
    fn class_at(&mut self, p: Cell, below: &[u32]) -> Class {
        let m = self.m;
        if self.skeleton.junction[p as usize] {
            // Every blank beyond one bridge: the token is on that corridor.
            for &q in self.board.neighbours(p) {
                if self.forest.is_bridge(p, q) && self.forest.side_of(q, p, below, m) == m {
                    let id = self.skeleton.corridor_from(p, q);
                    let corridor = &self.skeleton.corridors[id as usize];
                    let rank = if self.skeleton.cells_of(id)[0] == p {
                        corridor.a - 1
                    } else {
                        self.k - corridor.b
                    };
                    return self.line_class(id, rank);
                }
            }
            return Class::Junction(self.skeleton.find(p));
        }
        let (id, index) = self.skeleton.on[p as usize];
        let prev = self.skeleton.cells_of(id)[index as usize - 1];
        let cells = self.forest.side(prev, p);
        let rank = cells - self.forest.side_of(prev, p, below, m);
        self.line_class(id, rank)
    }

    /// The class of rank `rank` on corridor `id`.
    fn line_class(&mut self, id: u32, rank: usize) -> Class {
        let corridor = &self.skeleton.corridors[id as usize];
        let (a, b, tail) = (corridor.a, corridor.b, corridor.tail);
        let cells = self.skeleton.cells_of(id);
        let (c0, cl) = (cells[0], cells[cells.len() - 1]);
        let rank = rank as i64;
        let (lo, hi) = start_ranks(a, self.m);
        if (lo..=hi).contains(&rank) {
            return Class::Junction(self.skeleton.find(c0));
        }
        let (lo, hi) = start_ranks(b, self.m);
        if !tail && (lo..=hi).contains(&(self.k as i64 - 1 - rank)) {
            return Class::Junction(self.skeleton.find(cl));
        }
        Class::Frozen {
            corridor: id,
            rank: rank as u32,
        }
    }

    /// Why `to`'s classes differ from `from`'s, when they do: both lists
    /// sorted.
    pub(super) fn compare(
        &mut self,
        from: &[(Class, Token)],
        to: &[(Class, Token)],
    ) -> Result<(), Reason> {
        if from == to {
            return Ok(());
        }
        let key = from
            .iter()
            .zip(to)
            .find(|(x, y)| x != y)
            .map(|(x, y)| x.0.min(y.0))
            .unwrap_or_else(|| {
                let longer = if from.len() > to.len() { from } else { to };
                longer[from.len().min(to.len())].0
            });
        let tokens = |list: &[(Class, Token)]| -> Vec<Token> {
            list.iter().filter(|e| e.0 == key).map(|e| e.1).collect()
        };
        let (a, b) = (tokens(from), tokens(to));
        Err(match key {
            Class::Frozen { corridor, rank } => self.frozen_reason(corridor, rank, &a, &b),
            Class::Junction(root) => self.junction_reason(root, &a, &b, to),
        })
    }

    fn frozen_reason(&self, id: u32, rank: u32, a: &[Token], b: &[Token]) -> Reason {
        let corridor = &self.skeleton.corridors[id as usize];
        let from_end = corridor.tail.then(|| self.k - 1 - rank as usize);
        Reason::Frozen {
            cells: self.skeleton.cells_of(id).to_vec(),
            rank: from_end.unwrap_or(rank as usize),
            tail: corridor.tail,
            blanks: self.m,
            from: a.first().copied().unwrap_or(BLANK),
            to: b.first().copied().unwrap_or(BLANK),
        }
    }

    /// A junction class holds other tokens in A than in B: names a token
    /// that would have to cross to another junction class when there is
    /// one, else the two multisets.
    fn junction_reason(
        &mut self,
        root: Cell,
        a: &[Token],
        b: &[Token],
        to: &[(Class, Token)],
    ) -> Reason {
        let only_a = difference(a, b);
        let only_b = difference(b, a);
        let crossing = only_a.first().and_then(|&t| {
            to.iter()
                .find(|e| e.1 == t && e.0 != Class::Junction(root))
                .and_then(|e| match e.0 {
                    Class::Junction(other) => Some((t, other)),
                    Class::Frozen { .. } => None,
                })
        });
        if let Some((token, other)) = crossing {
            return Reason::Crossing {
                token,
                from_cells: self.region_cells(root),
                to_cells: self.region_cells(other),
                blanks: self.m,
            };
        }
        Reason::ClassTokens {
            cells: self.region_cells(root),
            blanks: self.m,
            from: only_a,
            to: only_b,
        }
    }

    /// The junction cells whose class has root `root`.
    fn region_cells(&mut self, root: Cell) -> Vec<Cell> {
        let mut cells = Vec::new();
        for &c in self.cells {
            if self.skeleton.junction[c as usize] && self.skeleton.find(c) == root {
                cells.push(c);
            }
        }
        cells.sort_unstable();
        cells
    }
}

/// Merges the regions at both ends of every corridor that some rank
/// connects to both. `counts(part)` gives the blanks and tokens of a
/// part, `None` for parts decided otherwise.
pub(super) fn merge_regions(
    skeleton: &mut Skeleton,
    forest: &Forest,
    counts: impl Fn(u32) -> Option<(usize, usize)>,
) {
    let mut pairs = Vec::new();
    for (id, corridor) in skeleton.corridors.iter().enumerate() {
        let cells = skeleton.cells_of(id as u32);
        let (c0, cl) = (cells[0], cells[cells.len() - 1]);
        let Some((m, k)) = counts(forest.part[c0 as usize]) else {
            continue;
        };
        if corridor.tail {
            continue;
        }
        let (lo, hi) = start_ranks(corridor.a, m);
        let (end_lo, end_hi) = start_ranks(corridor.b, m);
        // Ranks counted from cL turned into ranks counted from c0.
        let k = k as i64;
        if lo.max(k - 1 - end_hi) <= hi.min(k - 1 - end_lo) {
            pairs.push((c0, cl));
        }
    }
    for (u, v) in pairs {
        skeleton.union(u, v);
    }
}

/// The ranks (tokens on the junction's side) with which a token on a
/// corridor reaches the junction at its end, `a` cells lying on that side
/// and `m` blanks on the part: `max(0, a - m) ..= a - 2`.
fn start_ranks(a: usize, m: usize) -> (i64, i64) {
    ((a as i64 - m as i64).max(0), a as i64 - 2)
}

/// The tokens of sorted `a` not matched in sorted `b` (a multiset
/// difference).
pub(super) fn difference(a: &[Token], b: &[Token]) -> Vec<Token> {
    let mut a = a.to_vec();
    let mut b = b.to_vec();
    a.sort_unstable();
    b.sort_unstable();
    let (mut i, mut j, mut out) = (0, 0, Vec::new());
    while i < a.len() {
        if j < b.len() && b[j] < a[i] {
            j += 1;
        } else if j < b.len() && b[j] == a[i] {
            i += 1;
            j += 1;
        } else {
            out.push(a[i]);
            i += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn multiset_difference() {
        assert_eq!(difference(&[3, 7, 7, 9], &[7, 9, 9]), vec![3, 7]);
        assert_eq!(difference(&[], &[1]), Vec::<Token>::new());
    }
}
