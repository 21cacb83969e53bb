//! Sorting a small connected region with cut cells by transpositions:
//! the tokens are first moved, without regard to names, onto the goal's
//! token cells; then, class by class, each cell gets its token by
//! swapping it with the one there.
//!
//! A swap of the tokens `u` and `w` is made at a cell `v` with three
//! neighbours: a walk `P` brings `u` to `v`, `w` to a neighbour `n1` and
//! blanks onto two others, `n2` and `n3`; six moves swap `u` and `w`
//! there (`u` to `n2`, `w` through `v` to `n3`, `u` through `v` to `n1`,
//! `w` back to `v`), and `P` played backwards puts every other token back
//! where it was, `u` and `w` each on the other's cell. `P` is found by
//! a best-first search over states that name only `u` and `w` (two bits
//! a cell): every state with the two tokens placed and the others' cells
//! chosen, a small space.

use std::cmp::Reverse;
use std::collections::hash_map::Entry;
use std::collections::{BinaryHeap, HashMap, VecDeque};

use super::solving::{Work, walk_up};
use crate::arrangement::{BLANK, Token};
use crate::board::{Board, Cell};
use crate::moves::{Move, invert};
use crate::reach::classes_of;
use crate::solve::search::bfs::moves_along;

/// The most cells sorted (two bits a cell in a `u64`).
pub(super) const MAX_SORTED_CELLS: usize = 32;

/// The most states one swap may look at.
const MAX_SORT_STATES: usize = 4_000_000;

/// Moves taking `from` to `to` (reachable) on a connected board of at
/// most [`MAX_SORTED_CELLS`] cells with several blanks, neither a path nor a
/// cycle; `None` when a swap was not found within its bounds.
pub(super) fn sort(board: &Board, from: &[Token], to: &[Token]) -> Option<Vec<Move>> {
    if board.cell_count() > MAX_SORTED_CELLS {
        return None;
    }
    let mut work = Work::new(board, from);
    align(&mut work, to);
    let classes = classes_of(board, &work.tokens)?;
    for p in 0..board.cell_count() {
        let want = to[p];
        if want == BLANK || work.tokens[p] == want {
            continue;
        }
        let candidates = (0..board.cell_count())
            .filter(|&q| q != p && work.tokens[q] == want && classes[q] == classes[p]);
        // A token that is not in its own place yet, if there is one.
        let q = candidates
            .clone()
            .find(|&q| work.tokens[q] != to[q])
            .or_else(|| candidates.clone().next())?;
        swap(&mut work, p as Cell, q as Cell)?;
    }
    (work.tokens == to).then_some(work.moves)
}

/// Carries blanks onto the goal's blank cells, names aside.
fn align(work: &mut Work, to: &[Token]) {
    while let Some(y) = (0..to.len()).find(|&c| to[c] == BLANK && work.tokens[c] != BLANK) {
        let parent = work.search(y as Cell, |_| true);
        let tokens = &work.tokens;
        let x = work
            .nearest(y as Cell, &parent, |c| {
                tokens[c as usize] == BLANK && to[c as usize] != BLANK
            })
            .expect("as many blanks as goal blanks");
        let path = walk_up(&parent, x);
        work.carry(&path);
    }
}

/// Swaps the tokens on `p` and `q`, every other token back in place.
fn swap(work: &mut Work, p: Cell, q: Cell) -> Option<()> {
    let board = work.board;
    let start: u64 = (0..board.cell_count()).fold(0, |code, c| {
        let mark = if c == p as usize {
            2
        } else if c == q as usize {
            3
        } else {
            u64::from(work.tokens[c] != BLANK)
        };
        code | (mark << (2 * c))
    });
    let (end, gadget) = search(board, start)?;
    let walk = moves_along(&end.1, board.cell_count(), 2, start, end.0);
    for &m in &walk {
        work.slide(m.from, m.to);
    }
    let [v, n1, n2, n3] = gadget;
    for (f, t) in [(v, n2), (n1, v), (v, n3), (n2, v), (v, n1), (n3, v)] {
        work.slide(f, t);
    }
    for m in invert(&walk) {
        work.slide(m.from, m.to);
    }
    Some(())
}

type Parents = HashMap<u64, u64>;

/// Best-first search from `start` (two bits a cell: 0 blank, 1 a token,
/// 2 `u`, 3 `w`) for a state where a swap can be made: the goal state
/// with its parents, and the gadget's cells `[v, n1, n2, n3]`. States are
/// scored by the moves made and twice the distance of `u` to a cell with
/// three neighbours plus that of `w` to beside it.
fn search(board: &Board, start: u64) -> Option<((u64, Parents), [Cell; 4])> {
    let n = board.cell_count();
    let dist: Vec<Vec<u32>> = (0..n as Cell).map(|c| distances(board, c)).collect();
    let hubs: Vec<usize> = (0..n)
        .filter(|&c| board.neighbours(c as Cell).len() >= 3)
        .collect();
    let h = |code: u64| -> u32 {
        let (mut u, mut w) = (0, 0);
        for c in 0..n {
            match mark(code, c) {
                2 => u = c,
                3 => w = c,
                _ => {}
            }
        }
        hubs.iter()
            .map(|&v| dist[u][v] + dist[w][v].saturating_sub(1))
            .min()
            .unwrap_or(0)
    };
    let mut parent: Parents = HashMap::from([(start, start)]);
    let mut open = BinaryHeap::from([Reverse((2 * h(start), 0u32, start))]);
    while let Some(Reverse((_, g, code))) = open.pop() {
        if let Some(gadget) = ready(board, code) {
            return Some(((code, parent), gadget));
        }
        if parent.len() > MAX_SORT_STATES {
            return None;
        }
        for b in (0..n).filter(|&c| mark(code, c) == 0) {
            for &w in board.neighbours(b as Cell) {
                let t = mark(code, w as usize);
                if t == 0 {
                    continue;
                }
                let next = (code & !(3 << (2 * w))) | (t << (2 * b));
                if let Entry::Vacant(slot) = parent.entry(next) {
                    slot.insert(code);
                    open.push(Reverse((g + 1 + 2 * h(next), g + 1, next)));
                }
            }
        }
    }
    None
}

/// Breadth-first distances from `from`.
fn distances(board: &Board, from: Cell) -> Vec<u32> {
    let mut dist = vec![u32::MAX / 4; board.cell_count()];
    dist[from as usize] = 0;
    let mut queue = VecDeque::from([from]);
    while let Some(v) = queue.pop_front() {
        for &w in board.neighbours(v) {
            if dist[w as usize] == u32::MAX / 4 {
                dist[w as usize] = dist[v as usize] + 1;
                queue.push_back(w);
            }
        }
    }
    dist
}

fn mark(code: u64, c: usize) -> u64 {
    (code >> (2 * c)) & 3
}

/// The gadget `[v, n1, n2, n3]` when `u` is on a cell `v` with `w` on a
/// neighbour and blanks on two others.
fn ready(board: &Board, code: u64) -> Option<[Cell; 4]> {
    let v = (0..board.cell_count()).find(|&c| mark(code, c) == 2)? as Cell;
    let around = board.neighbours(v);
    if around.len() < 3 {
        return None;
    }
    let n1 = *around.iter().find(|&&c| mark(code, c as usize) == 3)?;
    let mut blanks = around.iter().filter(|&&c| mark(code, c as usize) == 0);
    Some([v, n1, *blanks.next()?, *blanks.next()?])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::replay;

    #[test]
    fn sorts_a_ring_with_tails() {
        // A ring of 9 with tails 6-9 and 8-10, two blanks.
        let board: Board = "graph:11:0-1,0-2,1-3,2-4,3-5,4-6,5-7,6-8,6-9,7-8,8-10"
            .parse()
            .unwrap();
        let from = [1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0];
        let to = [2, 1, 3, 4, 5, 6, 7, 8, 9, 0, 0];
        assert!(crate::reach::decide(&board, &from, &to).is_reachable());
        let moves = sort(&board, &from, &to).unwrap();
        replay(&board, &from, &to, &moves).unwrap();
    }
}
