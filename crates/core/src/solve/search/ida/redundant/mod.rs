//! Move strings a shortest search need not follow (Taylor & Korf 1993).
//! Many strings of the blank's moves reach the same arrangement as a
//! shorter string, or as one of the same length that comes earlier in
//! the order of the blank's moves up, down, left, right (the blank going
//! round two neighbouring squares in either order, for one). A
//! depth-first search that only never undoes the last move follows them
//! all; this automaton recognises the shortest such strings, up to 14
//! moves, as the search goes: one table lookup a move.
//!
//! The strings are found once on a board without edges (`find.rs`, run
//! by the tests, which check that the shipped list is what it finds) and
//! shipped in `strings.txt`, each with the box its earlier partner's walk
//! stays in. On a rectangle a redundant string is cut only where that
//! box fits on the board around the cell where both end: where the
//! partner is a walk of the rectangle too.
//!
//! Why no shortest solution is lost: of all the shortest strings from a
//! start to the goal, the first in the order has only substrings that are
//! themselves the first of their kind from where they start (else putting
//! the earlier one in its place gives an earlier whole); the search cuts
//! only strings that are not, so it follows that one. The tests compare
//! every arrangement within 12 to 18 moves of every start on boards of
//! every shape from 2×2 to 5×5 with breadth-first search.
//!
//! Measured on Korf & Felner's five easiest 24-puzzles: 618 M nodes
//! expanded with the undo cut alone, 354 M with strings up to 12 moves,
//! 323 M up to 14 (see the performance docs).

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, OnceLock};

use crate::moves::step_of;

#[cfg(test)]
mod find;

/// The shipped strings: a comment, then a line a string, in the project's
/// direction letters (the way the tile moves, the blank going the other
/// way), with the box of its partner's walk from the cell where both
/// end: rows above, rows below, columns left, columns right.
const SHIPPED: &str = include_str!("strings.txt");

/// The blank's moves as (row, column) steps, in the order that decides
/// which of two equal strings comes first: up, down, left, right. The
/// shipped list writes each as the direction letter of the tile it
/// moves, which goes the other way (`moves::letter_of`).
const STEPS: [(i64, i64); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];

/// The blank's move (an index into [`STEPS`]) that moves a tile the way
/// the direction `letter` says: the other way.
fn step_index_of(letter: u8) -> Option<u8> {
    let (dr, dc) = step_of(letter)?;
    STEPS.iter().position(|&s| s == (-dr, -dc)).map(|i| i as u8)
}

/// The direction letter of the tile that the blank's move `step` (an
/// index into [`STEPS`]) moves: [`step_index_of`] backwards.
#[cfg(test)]
fn letter_of_step(step: u8) -> u8 {
    let (dr, dc) = STEPS[step as usize];
    crate::moves::letter_of((-dr, -dc)).expect("one of the four")
}

/// The automaton's state before any move.
pub(crate) const START: u32 = 0;

/// The matcher of redundant strings on one rectangle.
pub(crate) struct RedundantMoves {
    /// The automaton of the strings (the same on every rectangle).
    automaton: &'static Automaton,
    /// For each state that ends a redundant string (from
    /// `Automaton::first_end` on): the cells on which the blank may end
    /// it for it to be cut (its partner's box fits on the board around
    /// them).
    cut_on: Vec<u64>,
}

impl RedundantMoves {
    /// The matcher for a `rows` × `cols` rectangle of at most 64 cells
    /// (`None` past that, or on a path), made once a process and shared.
    pub(crate) fn for_rectangle(rows: usize, cols: usize) -> Option<Arc<Self>> {
        type ByShape = HashMap<(usize, usize), Arc<RedundantMoves>>;
        static MADE: OnceLock<Mutex<ByShape>> = OnceLock::new();
        if rows * cols > 64 || rows < 2 || cols < 2 {
            return None;
        }
        let mut made = MADE.get_or_init(Default::default).lock().ok()?;
        let matcher = made
            .entry((rows, cols))
            .or_insert_with(|| Arc::new(Self::new(Automaton::shipped(), rows, cols)));
        Some(matcher.clone())
    }

    fn new(automaton: &'static Automaton, rows: usize, cols: usize) -> Self {
        let cut_on = automaton
            .partner_box
            .iter()
            .map(|b| {
                let mut cells = 0u64;
                for r in 0..rows as i32 {
                    for c in 0..cols as i32 {
                        let fits = r - b.up >= 0
                            && r + b.down < rows as i32
                            && c - b.left >= 0
                            && c + b.right < cols as i32;
                        if fits {
                            cells |= 1 << (r as usize * cols + c as usize);
                        }
                    }
                }
                cells
            })
            .collect();
        Self { automaton, cut_on }
    }

    /// The state after the blank moves from cell `from` to the adjacent
    /// cell `to` in `state`, or `None` when that move ends a redundant
    /// string there (the search need not make it).
    #[inline]
    pub(crate) fn step(&self, state: u32, from: u8, to: u8) -> Option<u32> {
        let m = if to < from {
            if from - to == 1 { 2 } else { 0 }
        } else if to - from == 1 {
            3
        } else {
            1
        };
        let next = self.automaton.next[state as usize][m];
        match next.checked_sub(self.automaton.first_end) {
            Some(end) if self.cut_on[end as usize] >> to & 1 == 1 => None,
            _ => Some(next),
        }
    }

    /// The state after the blank's walk along `path` (its cells, the
    /// first where it starts), or `None` when a redundant string ends on
    /// it.
    pub(crate) fn walk(&self, path: &[u8]) -> Option<u32> {
        path.windows(2)
            .try_fold(START, |state, w| self.step(state, w[0], w[1]))
    }
}

/// The rows and columns a partner's walk goes from the cell where it
/// ends: up, down, left and right of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Span {
    up: i32,
    down: i32,
    left: i32,
    right: i32,
}

/// An Aho–Corasick matcher of the redundant strings: the same on every
/// rectangle.
struct Automaton {
    /// The state after each of the four moves from each state.
    next: Vec<[u32; 4]>,
    /// The states from this one on end a redundant string (numbered last,
    /// so that a move that ends none costs one lookup).
    first_end: u32,
    /// For each of those, its partner's box.
    partner_box: Vec<Span>,
}

impl Automaton {
    /// The automaton of the shipped strings, made once a process.
    fn shipped() -> &'static Self {
        static SHIPPED_AUTOMATON: OnceLock<Automaton> = OnceLock::new();
        SHIPPED_AUTOMATON.get_or_init(|| Self::new(&parse(SHIPPED)))
    }

    /// The matcher of `strings` (none containing another, so none is a
    /// prefix of another and each match is a leaf of the trie).
    fn new(strings: &[(Vec<u8>, Span)]) -> Self {
        const NONE: u32 = u32::MAX;
        let mut child: Vec<[u32; 4]> = vec![[NONE; 4]];
        let mut partner_box = vec![None];
        for (string, partner) in strings {
            let mut q = 0usize;
            for &m in string {
                if child[q][m as usize] == NONE {
                    child[q][m as usize] = child.len() as u32;
                    child.push([NONE; 4]);
                    partner_box.push(None);
                }
                q = child[q][m as usize] as usize;
            }
            partner_box[q] = Some(*partner);
        }
        // The links, breadth first: a missing move goes where it goes from
        // the longest proper suffix that is in the trie.
        let mut next = vec![[0u32; 4]; child.len()];
        let mut fail = vec![0u32; child.len()];
        let mut queue = VecDeque::from([0u32]);
        while let Some(q) = queue.pop_front() {
            let q = q as usize;
            for m in 0..4 {
                let via_fail = if q == 0 { 0 } else { next[fail[q] as usize][m] };
                match child[q][m] {
                    NONE => next[q][m] = via_fail,
                    c => {
                        next[q][m] = c;
                        fail[c as usize] = via_fail;
                        queue.push_back(c);
                    }
                }
            }
        }
        // Renumbered: the states that end a string last.
        let ends = |q: usize| partner_box[q].is_some();
        let order: Vec<usize> = (0..next.len())
            .filter(|&q| !ends(q))
            .chain((0..next.len()).filter(|&q| ends(q)))
            .collect();
        let mut id = vec![0u32; next.len()];
        for (new, &old) in order.iter().enumerate() {
            id[old] = new as u32;
        }
        Self {
            next: order
                .iter()
                .map(|&q| next[q].map(|to| id[to as usize]))
                .collect(),
            first_end: order.iter().take_while(|&&q| !ends(q)).count() as u32,
            partner_box: order.iter().filter_map(|&q| partner_box[q]).collect(),
        }
    }
}

/// The strings of the shipped list, as the blank's moves (indices into
/// [`STEPS`]) with their partner's box.
fn parse(text: &str) -> Vec<(Vec<u8>, Span)> {
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.is_empty())
        .map(|line| {
            let mut fields = line.split(' ');
            let string = fields.next().expect("a string");
            let moves = string
                .bytes()
                .map(|letter| step_index_of(letter).expect("a direction letter"))
                .collect();
            let mut side =
                || -> i32 { fields.next().and_then(|f| f.parse().ok()).expect("a side") };
            let partner = Span {
                up: side(),
                down: side(),
                left: side(),
                right: side(),
            };
            (moves, partner)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;
    use crate::solve::search::pdb::grid_neighbours as neighbours;

    /// The arrangements within `depth` moves of `start` (the blank's cell
    /// first), each with the fewest moves that reach it.
    fn by_breadth(start: &[u8], near: &[Vec<u8>], depth: u32) -> HashMap<Vec<u8>, u32> {
        let mut seen = HashMap::from([(start.to_vec(), 0)]);
        let mut layer = vec![start.to_vec()];
        for d in 1..=depth {
            let mut next = Vec::new();
            for a in &layer {
                for &to in &near[a[0] as usize] {
                    let mut b = a.clone();
                    let at = b[1..].iter().position(|&c| c == to).expect("a tile there") + 1;
                    b[at] = b[0];
                    b[0] = to;
                    if !seen.contains_key(&b) {
                        seen.insert(b.clone(), d);
                        next.push(b);
                    }
                }
            }
            layer = next;
        }
        seen
    }

    /// The same, walking depth first without an undo and without the
    /// moves `redundant` cuts: the fewest moves of a walk it follows.
    fn by_walks(
        a: &mut Vec<u8>,
        (near, redundant): (&[Vec<u8>], &RedundantMoves),
        (g, depth, previous, state): (u32, u32, u8, u32),
        reached: &mut HashMap<Vec<u8>, u32>,
    ) {
        let best = reached.entry(a.clone()).or_insert(g);
        *best = (*best).min(g);
        if g == depth {
            return;
        }
        let blank = a[0];
        for &to in &near[blank as usize] {
            if to == previous {
                continue;
            }
            let Some(next) = redundant.step(state, blank, to) else {
                continue;
            };
            let at = a[1..].iter().position(|&c| c == to).expect("a tile there") + 1;
            a[at] = blank;
            a[0] = to;
            by_walks(a, (near, redundant), (g + 1, depth, blank, next), reached);
            a[0] = blank;
            a[at] = to;
        }
    }

    /// Every arrangement within a few moves of a start, from every cell
    /// of the blank, on rectangles of every shape up to 5×5, is reached
    /// by a walk the automaton lets through, with its fewest moves (the
    /// strings near the board's edges and corners among them).
    #[test]
    fn no_arrangement_is_lost() {
        let boards = [
            (2, 2, 18),
            (2, 3, 18),
            (3, 2, 18),
            (2, 4, 18),
            (3, 3, 18),
            (2, 6, 16),
            (3, 4, 16),
            (4, 3, 16),
            (4, 4, 15),
            (3, 6, 14),
            (4, 5, 14),
            (5, 5, 14),
        ];
        for (rows, cols, depth) in boards {
            let near = neighbours(rows, cols);
            let redundant = RedundantMoves::for_rectangle(rows, cols).expect("a rectangle");
            let mut cut = 0;
            for blank in 0..rows * cols {
                // The blank's cell, then each tile's (tile k on cell k).
                let start: Vec<u8> = std::iter::once(blank as u8)
                    .chain((0..rows * cols).filter(|&c| c != blank).map(|c| c as u8))
                    .collect();
                let shortest = by_breadth(&start, &near, depth);
                let mut reached = HashMap::new();
                let search = (&near[..], &*redundant);
                by_walks(
                    &mut start.clone(),
                    search,
                    (0, depth, u8::MAX, START),
                    &mut reached,
                );
                assert_eq!(
                    reached.len(),
                    shortest.len(),
                    "{rows}x{cols}, blank on {blank}"
                );
                for (a, d) in &shortest {
                    assert_eq!(reached[a], *d, "{rows}x{cols}, blank on {blank}: {a:?}");
                }
                let walks = |r| count_walks(&near, r, blank as u8, depth);
                cut += walks(None) - walks(Some(&*redundant));
            }
            assert!(cut > 0 || depth < 6, "{rows}x{cols}: nothing cut");
        }
    }

    /// Walks of up to `depth` moves from `blank` without an undo, and
    /// without the moves `redundant` cuts where given.
    fn count_walks(
        near: &[Vec<u8>],
        redundant: Option<&RedundantMoves>,
        blank: u8,
        depth: u32,
    ) -> u64 {
        fn go(
            (near, r): (&[Vec<u8>], Option<&RedundantMoves>),
            (at, previous, state): (u8, u8, u32),
            left: u32,
        ) -> u64 {
            let children = near[at as usize].iter().filter(|&&to| to != previous);
            let children = children.filter_map(|&to| match r {
                Some(r) => Some((to, r.step(state, at, to)?)),
                None => Some((to, state)),
            });
            1 + match left {
                0 => 0,
                _ => children
                    .map(|(to, next)| go((near, r), (to, at, next), left - 1))
                    .sum(),
            }
        }
        go((near, redundant), (blank, u8::MAX, START), depth)
    }
}
