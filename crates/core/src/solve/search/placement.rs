//! Shortest placements of a few tiles: the fewest moves that bring a
//! group of tiles (one to three) to their cells on a rectangle, the other
//! tiles ignored and some cells held fixed. The steps of the line
//! reduction, which fills a rectangle's lines a group at a time.
//!
//! The search is A* over the cells of the group's tiles and of the
//! blank, the abstraction of a pattern database: every other tile is a
//! wildcard, so a shortest path here is a shortest way to place the
//! group, whatever the wildcards do. The heuristic (the tiles' Manhattan
//! distances and the blank's way to the nearest tile still to move) is
//! admissible, states are reopened when a shorter way to them is found,
//! and the open list is always taken from its lowest bucket, so the
//! first goal taken is a nearest.

use crate::arrangement::Token;
use crate::moves::Move;
use rustc_hash::FxHashMap;

/// The most states a placement may reach before it gives up, where its
/// space is too big for an entry per state (see [`Reached`]): a
/// million, a quarter of a second.
const MAX_REACHED: usize = 1 << 20;

/// The fewest moves on a `rows` × `cols` rectangle holding `tokens` that
/// bring each tile of `group` to its cell (`group[i] = (tile, cell)`),
/// moving the blank only over cells where `fixed` is false; every tile of
/// the group and the blank must stand on such cells. `None` when no
/// sequence does it, or when the search reaches more than
/// [`MAX_REACHED`] states in a space too big to keep whole (never with
/// one or two tiles).
///
/// The moves are those of the whole board: played on `tokens`, they
/// leave the fixed cells as they were.
pub(crate) fn place(
    rows: usize,
    cols: usize,
    tokens: &[Token],
    fixed: &[bool],
    group: &[(Token, usize)],
) -> Option<Vec<Move>> {
    let (space, start) = Space::new(rows, cols, tokens, fixed, group)?;
    let mut search = Search::new(&space, MAX_REACHED);
    let found = search.run(&start)?;
    Some(search.moves(found))
}

/// No cell.
const NONE: usize = usize::MAX;

/// The placement's state space: the free cells, numbered `0..m`, their
/// free neighbours, and the group's goal cells. A state is the cells of
/// the blank and of the group's tiles, in base `m`.
struct Space {
    cols: usize,
    /// The board's cell of each free cell.
    cells: Vec<usize>,
    /// Each free cell's free neighbours up, down, left and right (a
    /// direction's opposite is `d ^ 1`), or [`NONE`].
    neighbours: Vec<[usize; 4]>,
    /// The free cell each tile of the group goes to.
    goal: Vec<usize>,
    /// The free cells.
    m: u64,
    /// The states there are: `m^(tiles + 1)`.
    states: u64,
}

impl Space {
    /// The space of placing `group`, and the start state; `None` when a
    /// tile of the group or the blank is missing or fixed, a goal cell is
    /// fixed, or a state's code (`m^(tiles + 1)` of them) would not fit
    /// 64 bits.
    fn new(
        rows: usize,
        cols: usize,
        tokens: &[Token],
        fixed: &[bool],
        group: &[(Token, usize)],
    ) -> Option<(Self, Vec<usize>)> {
        let n = rows * cols;
        let mut local = vec![NONE; n];
        let mut cells = Vec::new();
        for c in 0..n {
            if !fixed[c] {
                local[c] = cells.len();
                cells.push(c);
            }
        }
        let m = cells.len() as u64;
        let states = m.checked_pow(group.len() as u32 + 1)?;
        let neighbours = cells
            .iter()
            .map(|&c| {
                let (r, k) = (c / cols, c % cols);
                let at = |ok: bool, d: usize| if ok && !fixed[d] { local[d] } else { NONE };
                [
                    at(r > 0, c.wrapping_sub(cols)),
                    at(r + 1 < rows, c + cols),
                    at(k > 0, c.wrapping_sub(1)),
                    at(k + 1 < cols, c + 1),
                ]
            })
            .collect();
        let place_of = |token: Token| tokens.iter().position(|&t| t == token).map(|c| local[c]);
        let blank = place_of(0).filter(|&b| b != NONE)?;
        let mut start = vec![blank];
        let mut goal = Vec::with_capacity(group.len());
        for &(tile, cell) in group {
            start.push(place_of(tile).filter(|&c| c != NONE)?);
            if fixed[cell] {
                return None;
            }
            goal.push(local[cell]);
        }
        let space = Self {
            cols,
            cells,
            neighbours,
            goal,
            m,
            states,
        };
        Some((space, start))
    }

    /// The steps between two free cells, on the whole board.
    fn distance(&self, a: usize, b: usize) -> usize {
        let (a, b, cols) = (self.cells[a], self.cells[b], self.cols);
        (a / cols).abs_diff(b / cols) + (a % cols).abs_diff(b % cols)
    }

    fn encode(&self, s: &[usize]) -> u64 {
        s.iter().rev().fold(0u64, |acc, &c| acc * self.m + c as u64)
    }

    fn decode(&self, mut code: u64, s: &mut [usize]) {
        for slot in s.iter_mut() {
            *slot = (code % self.m) as usize;
            code /= self.m;
        }
    }

    /// Admissible: each move shifts one tile one step, and a tile can
    /// move only once the blank is next to it (a move of the blank alone
    /// brings it one step nearer at most). Not consistent: see
    /// [`Search::run`].
    fn h(&self, s: &[usize]) -> usize {
        let mut tiles = 0;
        let mut nearest = usize::MAX;
        for (&at, &to) in s[1..].iter().zip(&self.goal) {
            if at != to {
                tiles += self.distance(at, to);
                nearest = nearest.min(self.distance(s[0], at));
            }
        }
        tiles
            + if nearest == usize::MAX {
                0
            } else {
                nearest - 1
            }
    }
}

/// How each state reached was first reached, by its code: the fewest
/// moves found to it and the direction the blank moved in to get there
/// ([`NO_MOVE`] at the start).
enum Reached {
    /// An entry for every state, where they number at most
    /// [`EVERY_STATE_MOST`]: 1 + the fewest moves (0: not reached, so
    /// that the memory is zeroed lazily by the system), and the
    /// direction.
    Every(Vec<u16>, Vec<u8>),
    /// The states reached only, where there are more (three tiles on
    /// 12×12: 144⁴): a search touches a small part of them, and gives
    /// up past its most.
    Map(FxHashMap<u64, (u16, u8)>),
}

/// The most states a placement's space may number to have an entry
/// each (see [`Reached`]): 17 million, three bytes each: three tiles
/// while 64 cells are free, pairs on every rectangle (at most 144³).
const EVERY_STATE_MOST: u64 = 1 << 24;

/// The direction of no move: the start's.
const NO_MOVE: u8 = u8::MAX;

impl Reached {
    fn new(states: u64) -> Self {
        if states <= EVERY_STATE_MOST {
            Self::Every(vec![0; states as usize], vec![0; states as usize])
        } else {
            Self::Map(FxHashMap::default())
        }
    }

    fn get(&self, code: u64) -> Option<(u16, u8)> {
        match self {
            Self::Every(depth, came) => {
                let i = code as usize;
                (depth[i] > 0).then(|| (depth[i] - 1, came[i]))
            }
            Self::Map(map) => map.get(&code).copied(),
        }
    }

    fn set(&mut self, code: u64, (depth, came): (u16, u8)) {
        match self {
            Self::Every(depths, cames) => {
                depths[code as usize] = depth + 1;
                cames[code as usize] = came;
            }
            Self::Map(map) => {
                map.insert(code, (depth, came));
            }
        }
    }

    /// Whether more than `most` states are kept in a map.
    fn past(&self, most: usize) -> bool {
        matches!(self, Self::Map(map) if map.len() > most)
    }
}

/// One A* search over a [`Space`].
struct Search<'s> {
    space: &'s Space,
    reached: Reached,
    /// The most states it may reach where they are kept in a map.
    most: usize,
}

impl<'s> Search<'s> {
    fn new(space: &'s Space, most: usize) -> Self {
        Self {
            space,
            reached: Reached::new(space.states),
            most,
        }
    }

    /// A nearest goal state from `start`, or `None` when there is none or
    /// the search reaches more than `most` states.
    /// The open list is a bucket per f = g + h, each a stack (the deepest
    /// first among equals), always taken from its lowest bucket; states
    /// are reopened when reached by a shorter way.
    fn run(&mut self, start: &[usize]) -> Option<u64> {
        let space = self.space;
        let first = space.encode(start);
        self.reached.set(first, (0, NO_MOVE));
        let mut open: Vec<Vec<u64>> = Vec::new();
        let push = |open: &mut Vec<Vec<u64>>, f: usize, code: u64| {
            if open.len() <= f {
                open.resize_with(f + 1, Vec::new);
            }
            open[f].push(code);
        };
        push(&mut open, space.h(start), first);
        let mut state = vec![0usize; start.len()];
        let mut next = state.clone();
        let mut f = 0;
        loop {
            while open.get(f).is_some_and(Vec::is_empty) {
                f += 1;
            }
            let code = open.get_mut(f)?.pop()?;
            space.decode(code, &mut state);
            let g = usize::from(self.reached.get(code)?.0);
            if g + space.h(&state) != f {
                continue; // reached again by a shorter way since
            }
            if state[1..] == space.goal[..] {
                return Some(code);
            }
            if self.reached.past(self.most) {
                return None;
            }
            for (d, &to) in space.neighbours[state[0]].iter().enumerate() {
                // Depths up to `u16::MAX - 1`, so that 1 + a depth fits
                // (see `Reached::Every`).
                if to == NONE || g + 2 > usize::from(u16::MAX) {
                    continue;
                }
                slide(&state, to, &mut next);
                let code = space.encode(&next);
                let known = self.reached.get(code).map_or(usize::MAX, |r| r.0.into());
                if known > g + 1 {
                    self.reached.set(code, (g as u16 + 1, d as u8));
                    let child = g + 1 + space.h(&next);
                    push(&mut open, child, code);
                    // The heuristic is admissible but not consistent
                    // (moving a placed tile off its cell can lower it by
                    // more than one): a child may open below the current
                    // bucket.
                    f = f.min(child);
                }
            }
        }
    }

    /// The moves on the whole board from the start to `found`.
    fn moves(&self, found: u64) -> Vec<Move> {
        let space = self.space;
        let mut state = vec![0usize; space.goal.len() + 1];
        let mut next = state.clone();
        // The blank's cells from the goal back to the start.
        let mut blanks = Vec::new();
        let mut code = found;
        loop {
            space.decode(code, &mut state);
            blanks.push(state[0]);
            let Some((_, came)) = self.reached.get(code) else {
                unreachable!("the way back passes states reached only");
            };
            if came == NO_MOVE {
                break;
            }
            // Undo the move: the blank slides back the opposite way.
            let before = space.neighbours[state[0]][usize::from(came) ^ 1];
            slide(&state, before, &mut next);
            code = space.encode(&next);
        }
        blanks.reverse();
        blanks
            .windows(2)
            .map(|w| Move {
                from: space.cells[w[1]] as u32,
                to: space.cells[w[0]] as u32,
            })
            .collect()
    }
}

/// `state` (the blank's cell, then the group's tiles') after the blank
/// slides to the adjacent cell `to`: a tile of the group there takes the
/// blank's cell. Sliding back undoes it.
fn slide(state: &[usize], to: usize, next: &mut [usize]) {
    next.copy_from_slice(state);
    next[0] = to;
    if let Some(i) = next[1..].iter().position(|&c| c == to) {
        next[1 + i] = state[0];
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;

    fn played(tokens: &[Token], moves: &[Move]) -> Vec<Token> {
        let mut t = tokens.to_vec();
        for m in moves {
            assert_eq!(t[m.to as usize], 0, "a move into the blank");
            t.swap(m.from as usize, m.to as usize);
        }
        t
    }

    /// The fewest moves from `from` to any arrangement where `done`
    /// holds, by breadth-first search over whole arrangements of 3×3.
    fn fewest(from: &[Token], done: impl Fn(&[Token]) -> bool) -> usize {
        let board = Board::new_box(&[3, 3]).unwrap();
        let mut seen = std::collections::HashSet::from([from.to_vec()]);
        let mut layer = vec![from.to_vec()];
        for depth in 0.. {
            if layer.iter().any(|t| done(t)) {
                return depth;
            }
            let mut next = Vec::new();
            for t in &layer {
                let b = t.iter().position(|&x| x == 0).unwrap();
                for &c in board.neighbours(b as u32) {
                    let mut u = t.clone();
                    u.swap(b, c as usize);
                    if seen.insert(u.clone()) {
                        next.push(u);
                    }
                }
            }
            layer = next;
        }
        unreachable!()
    }

    #[test]
    fn placements_are_as_short_as_a_search_over_whole_arrangements() {
        let starts: [[Token; 9]; 3] = [
            [8, 7, 6, 5, 4, 3, 2, 1, 0],
            [0, 8, 7, 6, 5, 4, 3, 2, 1],
            [4, 1, 3, 0, 8, 6, 2, 7, 5],
        ];
        for from in starts {
            for group in [
                vec![(1, 0)],
                vec![(1, 0), (2, 1)],
                vec![(1, 0), (2, 1), (3, 2)],
            ] {
                let moves = place(3, 3, &from, &[false; 9], &group).unwrap();
                let end = played(&from, &moves);
                assert!(
                    group.iter().all(|&(t, c)| end[c] == t),
                    "{from:?} {group:?}"
                );
                let done = |t: &[Token]| group.iter().all(|&(x, c)| t[c] == x);
                assert_eq!(moves.len(), fewest(&from, done), "{from:?} {group:?}");
            }
        }
    }

    /// A case where the heuristic drops by more than one in a move (a
    /// placed tile moved off its cell): the child opens below the bucket
    /// being taken and must still be searched. Found by review: 13 moves
    /// before the fix, 12 the fewest.
    #[test]
    fn a_child_below_the_current_bucket_is_still_searched() {
        let from: Vec<Token> = vec![3, 2, 0, 6, 8, 4, 1, 5, 7];
        let group = [(1, 0), (2, 1)];
        let moves = place(3, 3, &from, &[false; 9], &group).unwrap();
        let done = |t: &[Token]| group.iter().all(|&(x, c)| t[c] == x);
        assert_eq!(moves.len(), fewest(&from, done));
        assert_eq!(moves.len(), 12);
    }

    #[test]
    fn fixed_cells_never_move() {
        let from: Vec<Token> = vec![1, 5, 2, 4, 0, 3, 7, 8, 6];
        let mut fixed = vec![false; 9];
        fixed[0] = true;
        let moves = place(3, 3, &from, &fixed, &[(2, 1), (3, 2)]).unwrap();
        let end = played(&from, &moves);
        assert_eq!(&end[..3], &[1, 2, 3]);
        assert!(moves.iter().all(|m| m.from != 0 && m.to != 0));
    }

    #[test]
    fn an_impossible_placement_is_none() {
        // 1×3 with the middle fixed: the blank cannot reach tile 2.
        let from: Vec<Token> = vec![2, 1, 0];
        let fixed = [false, true, false];
        assert_eq!(place(1, 3, &from, &fixed, &[(2, 2)]), None);
    }

    /// Three tiles on 12×12, where the states number 144⁴ (4·10⁸): the
    /// placement is found by the states it reaches, no more moves than
    /// placing a pair and then the third, every fixed
    /// cell kept; and a search held to fewer states than it needs gives
    /// up instead of answering.
    #[test]
    fn three_tiles_on_a_big_board_are_placed_within_the_states_reached() {
        let (rows, cols) = (12, 12);
        // 400 random moves of the blank (none undoing the one before)
        // from the goal, the blank top left: the tiles near their
        // cells, as a descent leaves them.
        let board = Board::new_box(&[rows, cols]).unwrap();
        let goal = crate::Arrangement::new((0..144).collect());
        let mut generator = crate::generate::Generator::new(7);
        let from = generator
            .scramble(&board, &goal, 400)
            .unwrap()
            .tokens()
            .to_vec();
        let mut fixed = vec![false; 144];
        // Tiles 10 and 11 put home and fixed first, by a pair's
        // placement; then 19 to 21, all moved by the walk.
        let pair = place(rows, cols, &from, &fixed, &[(10, 10), (11, 11)]).unwrap();
        let from = played(&from, &pair);
        fixed[10] = true;
        fixed[11] = true;
        let group = [(19, 19), (20, 20), (21, 21)];
        let moves = place(rows, cols, &from, &fixed, &group).unwrap();
        let end = played(&from, &moves);
        assert!(!pair.is_empty() && !moves.is_empty());
        assert!(group.iter().all(|&(t, c)| end[c] == t));
        assert_eq!(&end[10..12], &[10, 11]);
        let first = place(rows, cols, &from, &fixed, &group[..2]).unwrap();
        let mid = played(&from, &first);
        let mut then_fixed = fixed.clone();
        then_fixed[19] = true;
        then_fixed[20] = true;
        let last = place(rows, cols, &mid, &then_fixed, &group[2..]).unwrap();
        assert!(moves.len() <= first.len() + last.len());
        let (space, start) = Space::new(rows, cols, &from, &fixed, &group).unwrap();
        let mut held = Search::new(&space, 10);
        assert!(matches!(held.reached, Reached::Map(_)));
        assert_eq!(held.run(&start), None);
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(256))]

        /// Random 3×3 arrangements and groups: the placement's length is
        /// the fewest over whole arrangements, every fixed cell kept.
        #[test]
        fn random_placements_are_shortest(
            keys in proptest::collection::vec(0u32..1000, 9),
            size in 1usize..=3,
            first_fixed in proptest::bool::ANY,
        ) {
            // A random order of the tokens, with tile 1 put home when
            // cell 0 is to be fixed.
            let mut from: Vec<Token> = (0..9).collect();
            from.sort_by_key(|&t| keys[t as usize]);
            let mut fixed = [false; 9];
            if first_fixed {
                let at = from.iter().position(|&t| t == 1).unwrap();
                from.swap(0, at);
                fixed[0] = true;
            }
            let start = usize::from(first_fixed);
            let group: Vec<(Token, usize)> =
                (start..start + size).map(|c| (c as Token + 1, c)).collect();
            if let Some(moves) = place(3, 3, &from, &fixed, &group) {
                let end = played(&from, &moves);
                proptest::prop_assert!(group.iter().all(|&(t, c)| end[c] == t));
                proptest::prop_assert!(!first_fixed || end[0] == 1);
                if !first_fixed {
                    let done = |t: &[Token]| group.iter().all(|&(x, c)| t[c] == x);
                    proptest::prop_assert_eq!(moves.len(), fewest(&from, done));
                }
            } else {
                // Only a fixed cell can make a placement impossible.
                proptest::prop_assert!(first_fixed);
            }
        }
    }
}
