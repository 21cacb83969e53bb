//! Shortest solutions by breadth-first search, on any board whose state
//! space is small (up to about two million arrangements: 3×3, 2×4, any
//! graph of up to 9 cells, bigger ones with repeated tokens or several
//! blanks: 3×4 with six blanks, 4×4 with eleven).

use std::collections::HashMap;
use std::collections::hash_map::Entry;

use crate::arrangement::{BLANK, Token};
use crate::board::{Board, Cell};
use crate::moves::Move;
use crate::solve::Found;

/// The most arrangements a search may have to look at.
pub(crate) const MAX_STATES: u128 = 2_000_000;

/// The number of arrangements of `tokens` (a multinomial), if it is at
/// most `MAX_STATES` and the board has at most 16 cells with at most 16
/// kinds of token.
pub(crate) fn small_enough(tokens: &[Token]) -> bool {
    within(tokens, MAX_STATES)
}

/// Whether `tokens` has at most `max` arrangements (and at most 16 cells
/// and 16 kinds of token).
pub(crate) fn within(tokens: &[Token], max: u128) -> bool {
    if tokens.len() > 16 {
        return false;
    }
    let mut kinds: Vec<Token> = tokens.to_vec();
    kinds.sort_unstable();
    let mut count: u128 = 1;
    let mut run = 0u128;
    for (i, k) in kinds.iter().enumerate() {
        run = if i > 0 && kinds[i - 1] == *k {
            run + 1
        } else {
            1
        };
        // Multiply by (i+1) and divide by this run's length, in order.
        count = count * (i as u128 + 1) / run;
    }
    kinds.dedup();
    kinds.len() <= 16 && count <= max
}

/// Packs an arrangement of dense ids (< 16), 4 bits per cell.
pub(crate) fn pack(ids: &[u8]) -> u64 {
    ids.iter().rev().fold(0, |acc, &t| (acc << 4) | t as u64)
}

/// The cell of the one blank in a packed arrangement of `cells` cells.
pub(crate) fn blank_of(code: u64, cells: usize) -> usize {
    (0..cells)
        .find(|&c| (code >> (4 * c)) & 15 == 0)
        .expect("one blank")
}

/// Every arrangement one move from `code` with several blanks: each
/// token next to a blank slid into it.
fn for_each_move(board: &Board, code: u64, cells: usize, mut visit: impl FnMut(u64)) {
    for b in (0..cells).filter(|&c| (code >> (4 * c)) & 15 == 0) {
        for &w in board.neighbours(b as Cell) {
            let token = (code >> (4 * w)) & 15;
            if token != 0 {
                visit((code & !(15 << (4 * w))) | (token << (4 * b)));
            }
        }
    }
}

/// A shortest move sequence from `from` to `to` (both checked, with the
/// same tokens), or `None` when `to` is unreachable.
pub(crate) fn shortest(board: &Board, from: &[Token], to: &[Token]) -> Option<Found> {
    let n = board.cell_count();
    let (from_ids, to_ids, _) = dense_ids(from, to);
    let start = pack(&from_ids);
    let goal = pack(&to_ids);
    // Parent of each state seen, and the number of states expanded.
    let mut parent: HashMap<u64, u64> = HashMap::from([(start, start)]);
    let mut queue = std::collections::VecDeque::from([start]);
    let mut nodes = 0u64;
    let several = crate::arrangement::several_blanks(from);
    while let Some(code) = queue.pop_front() {
        if code == goal {
            break;
        }
        nodes += 1;
        let mut visit = |next: u64| {
            if let Entry::Vacant(slot) = parent.entry(next) {
                slot.insert(code);
                queue.push_back(next);
            }
        };
        if several {
            for_each_move(board, code, n, visit);
            continue;
        }
        let b = blank_of(code, n);
        for &w in board.neighbours(b as Cell) {
            let token = (code >> (4 * w)) & 15;
            visit((code & !(15 << (4 * w))) | (token << (4 * b)));
        }
    }
    if !parent.contains_key(&goal) {
        return None;
    }
    let moves = moves_along(&parent, n, 4, start, goal);
    Some(Found {
        moves,
        optimal: true,
        nodes,
    })
}

/// Both arrangements with tokens renamed 1, 2, ... in order of value, the
/// blank 0 (the names packed codes hold); and how many kinds of tile.
/// The arrangements have the same tokens.
pub(crate) fn dense_ids(from: &[Token], to: &[Token]) -> (Vec<u8>, Vec<u8>, usize) {
    let mut kinds: Vec<Token> = from.iter().copied().filter(|&t| t != BLANK).collect();
    kinds.sort_unstable();
    kinds.dedup();
    let id = |t: Token| -> u8 {
        if t == BLANK {
            0
        } else {
            kinds.binary_search(&t).expect("same tokens") as u8 + 1
        }
    };
    let ids = |tokens: &[Token]| tokens.iter().map(|&t| id(t)).collect();
    (ids(from), ids(to), kinds.len())
}

/// The moves from `start` to `end` along a search's `parent` links, over
/// codes that hold `bits` bits a cell (0: a blank) on `cells` cells: each
/// step a token went from the cell that became blank to the cell that
/// stopped being blank.
pub(crate) fn moves_along(
    parent: &HashMap<u64, u64>,
    cells: usize,
    bits: usize,
    start: u64,
    end: u64,
) -> Vec<Move> {
    let mark = |code: u64, c: usize| (code >> (bits * c)) & ((1 << bits) - 1);
    let mut moves = Vec::new();
    let mut code = end;
    while code != start {
        let prev = parent[&code];
        let (mut from, mut to) = (0, 0);
        for c in (0..cells).filter(|&c| mark(prev, c) != mark(code, c)) {
            if mark(prev, c) == 0 {
                to = c;
            } else {
                from = c;
            }
        }
        moves.push(Move {
            from: from as Cell,
            to: to as Cell,
        });
        code = prev;
    }
    moves.reverse();
    moves
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::replay;

    #[test]
    fn counts_arrangements() {
        assert!(small_enough(&[0, 1, 2, 3, 4, 5, 6, 7, 8]));
        assert!(!small_enough(&(0..12).collect::<Vec<_>>()));
        // 12 cells, 12!/(3! 3! 5!) = 110,880 arrangements.
        assert!(small_enough(&[0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 3]));
        // 12!/(2!^4 3!) = 4,989,600: too many.
        assert!(!small_enough(&[0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 5]));
    }

    #[test]
    fn eight_puzzle_hardest_is_31() {
        let board = Board::new_box(&[3, 3]).unwrap();
        let from = [8, 6, 7, 2, 5, 4, 3, 0, 1];
        let to = [1, 2, 3, 4, 5, 6, 7, 8, 0];
        let s = shortest(&board, &from, &to).unwrap();
        assert_eq!(s.moves.len(), 31);
        replay(&board, &from, &to, &s.moves).unwrap();
        let odd = [2, 1, 3, 4, 5, 6, 7, 8, 0];
        assert!(shortest(&board, &odd, &to).is_none());
    }
}
