//! Finding the redundant strings (run by the tests only): breadth first
//! over the strings of the blank's moves on a board without edges, in
//! the order of `STEPS`, each kept only if no earlier string reached
//! its arrangement (the blank's cell and every tile moved). Only kept
//! strings are extended, so every string met has a kept prefix; one that
//! reaches an arrangement met before, and whose every proper suffix was
//! kept, is a shortest redundant string, and the first string that
//! reached the arrangement is its partner.

use std::collections::hash_map::Entry;

use rustc_hash::{FxHashMap, FxHashSet};

use super::{STEPS, Span, letter_of_step};

/// The longest redundant strings shipped, and looked for (the size of
/// [`Key`]).
pub(super) const DEPTH: usize = 14;

/// The move that undoes each move.
const UNDO: [u8; 4] = [1, 0, 3, 2];

/// The shortest redundant strings of up to `depth` moves, none
/// containing another, each with its partner's box, in the order found.
pub(super) fn redundant_strings(depth: usize) -> Vec<(Vec<u8>, Span)> {
    assert!(depth <= DEPTH, "strings of at most {DEPTH} moves");
    let mut plane = Plane::new(depth);
    let mut reached: FxHashMap<Key, Packed> = FxHashMap::default();
    let mut kept: FxHashSet<Packed> = FxHashSet::default();
    reached.insert(plane.key_after(Packed::EMPTY), Packed::EMPTY);
    kept.insert(Packed::EMPTY);
    let mut layer = vec![Packed::EMPTY];
    let mut redundant = Vec::new();
    for _ in 0..depth {
        let mut next_layer = Vec::new();
        for &string in &layer {
            for m in 0..4u8 {
                if string.last() == Some(UNDO[m as usize]) {
                    continue;
                }
                let longer = string.push(m);
                match reached.entry(plane.key_after(longer)) {
                    Entry::Vacant(slot) => {
                        slot.insert(longer);
                        kept.insert(longer);
                        next_layer.push(longer);
                    }
                    Entry::Occupied(partner) => {
                        let shortest = (1..longer.len).all(|i| kept.contains(&longer.suffix(i)));
                        if shortest {
                            redundant.push((longer.moves(), partner_box(&partner.get().moves())));
                        }
                    }
                }
            }
        }
        layer = next_layer;
    }
    redundant
}

/// The box of the walk along `moves` (indices into [`STEPS`]), from the
/// cell where it ends.
fn partner_box(moves: &[u8]) -> Span {
    let (mut r, mut c) = (0i64, 0i64);
    let (mut top, mut bottom, mut left, mut right) = (0, 0, 0, 0);
    for &m in moves {
        let (dr, dc) = STEPS[m as usize];
        (r, c) = (r + dr, c + dc);
        (top, bottom) = (top.min(r), bottom.max(r));
        (left, right) = (left.min(c), right.max(c));
    }
    Span {
        up: (r - top) as i32,
        down: (bottom - r) as i32,
        left: (c - left) as i32,
        right: (right - c) as i32,
    }
}

/// `strings` as the shipped list writes them.
pub(super) fn write(strings: &[(Vec<u8>, Span)]) -> String {
    let mut text = format!(
        "# The blank's shortest redundant move strings up to {DEPTH} moves, found by\n\
         # redundant/find.rs: a string in direction letters, then the box its partner's\n\
         # walk stays in, from the cell where both end: rows up, rows down, columns left,\n\
         # columns right.\n"
    );
    for (moves, b) in strings {
        let letters: String = moves.iter().map(|&m| letter_of_step(m) as char).collect();
        text += &format!("{letters} {} {} {} {}\n", b.up, b.down, b.left, b.right);
    }
    text
}

/// A string of moves, two bits each, the first in the highest bits.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Packed {
    bits: u32,
    len: usize,
}

impl Packed {
    const EMPTY: Self = Self { bits: 0, len: 0 };

    fn last(self) -> Option<u8> {
        (self.len > 0).then_some((self.bits & 3) as u8)
    }

    fn push(self, m: u8) -> Self {
        Self {
            bits: self.bits << 2 | m as u32,
            len: self.len + 1,
        }
    }

    /// The string without its first `i` moves.
    fn suffix(self, i: usize) -> Self {
        let len = self.len - i;
        Self {
            bits: self.bits & ((1u64 << (2 * len)) - 1) as u32,
            len,
        }
    }

    fn moves(self) -> Vec<u8> {
        (0..self.len)
            .rev()
            .map(|k| (self.bits >> (2 * k) & 3) as u8)
            .collect()
    }
}

/// An arrangement of the plane, exactly: the blank's cell, then each
/// cell whose tile moved with that tile, in cell order; `u16::MAX` after.
type Key = [u16; 2 * DEPTH + 1];

/// A square of the board without edges, big enough for any string of
/// the depth looked for: each cell's tile (named by its own cell).
struct Plane {
    side: usize,
    centre: usize,
    tiles: Vec<u16>,
}

impl Plane {
    fn new(depth: usize) -> Self {
        let side = 2 * depth + 1;
        Self {
            side,
            centre: depth * side + depth,
            tiles: (0..(side * side) as u16).collect(),
        }
    }

    /// The arrangement after the blank's walk along `string` from the
    /// centre, the plane solved. The plane is solved again after.
    fn key_after(&mut self, string: Packed) -> Key {
        let mut touched = [0usize; DEPTH + 1];
        touched[0] = self.centre;
        let mut blank = self.centre;
        for (k, m) in string.moves().into_iter().enumerate() {
            let (dr, dc) = STEPS[m as usize];
            let to = (blank as isize + dr as isize * self.side as isize + dc as isize) as usize;
            self.tiles.swap(blank, to);
            blank = to;
            touched[k + 1] = to;
        }
        let touched = &mut touched[..=string.len];
        touched.sort_unstable();
        let mut key = [u16::MAX; 2 * DEPTH + 1];
        key[0] = blank as u16;
        let mut k = 1;
        for (i, &c) in touched.iter().enumerate() {
            let repeat = i > 0 && touched[i - 1] == c;
            if !repeat && c != blank && self.tiles[c] != c as u16 {
                key[k] = c as u16;
                key[k + 1] = self.tiles[c];
                k += 2;
            }
        }
        for &c in touched.iter() {
            self.tiles[c] = c as u16;
        }
        key
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::search::ida::redundant::{SHIPPED, parse};

    /// The shipped list is what the finder finds; with
    /// `NPUZZLE_WRITE_STRINGS=1` the test writes it instead.
    #[test]
    fn the_shipped_strings_are_the_finders() {
        let found = redundant_strings(DEPTH);
        let text = write(&found);
        if std::env::var_os("NPUZZLE_WRITE_STRINGS").is_some() {
            let path = concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/src/solve/search/ida/redundant/strings.txt"
            );
            std::fs::write(path, &text).expect("strings.txt written");
        }
        assert!(
            text == SHIPPED,
            "strings.txt is not what find.rs finds: run this test with NPUZZLE_WRITE_STRINGS=1"
        );
        assert_eq!(parse(SHIPPED), found);
    }

    #[test]
    fn the_shortest_go_round_a_square_one_way_or_the_other() {
        // Three tiles of a square turned by a third, the blank going
        // round one and a half times: six moves either way round; the
        // one that starts with the later move is redundant.
        let found = redundant_strings(6);
        assert_eq!(found.len(), 4);
        for (s, partner) in &found {
            assert_eq!(s.len(), 6);
            assert_eq!(
                partner_box(s),
                *partner,
                "both walks stay on the same square"
            );
        }
    }
}
