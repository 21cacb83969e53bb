//! Shorter answers from a given one, on rectangles with one blank: the
//! anytime improvement behind the near-shortest default and
//! `solve --time-limit`.
//!
//! Two steps, repeated while time is left and they still gain:
//! - loops cut: where an arrangement comes back later in the answer,
//!   the moves between are dropped (every arrangement of the result is
//!   distinct);
//! - windows re-searched: the answer is cut into windows of a few dozen
//!   moves; the blank of each stays in a small box of the board (its
//!   cells visited, one cell of margin around them), and a shortest
//!   solution inside that box from the window's first arrangement to
//!   its last (IDA* with Manhattan distance and linear conflicts, a
//!   budget of nodes a window) replaces the window when it is shorter.
//!   Windows of one pass are disjoint, so they are searched on every
//!   core at once; passes alternate their offsets and grow the windows.
//!
//! Every step keeps the answer a solution: a window's replacement starts
//! and ends on the window's arrangements, and the tiles outside its box
//! do not move. The solver replays the result anyway.

use std::collections::HashMap;

use rayon::prelude::*;

use crate::arrangement::{BLANK, Token};
use crate::moves::Move;
use crate::solve::search::ida;
use crate::solve::search::rectangle::{self, Heuristic, Rectangle};
use crate::stop::Stop;

/// The window lengths of the passes, in moves, in order: short ones are
/// cheap and find the obvious detours, long ones what is left.
const WINDOWS: [usize; 6] = [16, 24, 32, 40, 48, 64];

/// How hard each window is searched: the cells of margin around its
/// blank's cells, the most cells of its box (the searches' rectangles
/// stop at 64), and the nodes its search may expand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Effort {
    margin: usize,
    max_box_cells: usize,
    nodes: u64,
}

/// The efforts tried in turn, each until a round of every window length
/// gains nothing. Measured on three uniformly random 8×8 answers (786.3
/// moves): the first gains 2.6% in about 1.5 s; the second 1.6% more in
/// about 8 s.
pub(crate) const EFFORTS: [Effort; 3] = [
    Effort {
        margin: 1,
        max_box_cells: 48,
        nodes: 1 << 17,
    },
    Effort {
        margin: 2,
        max_box_cells: 64,
        nodes: 1 << 20,
    },
    Effort {
        margin: 2,
        max_box_cells: 64,
        nodes: 1 << 23,
    },
];

/// What a shortening did.
#[derive(Debug)]
pub(crate) struct Shortened {
    /// The moves, never more than those given.
    pub moves: Vec<Move>,
    /// Nodes the windows' searches expanded (at most their budgets).
    pub nodes: u64,
}

/// Shortens the solution `moves` from `start` on a `rows` × `cols`
/// rectangle with `effort` until `stop` ends it, about `max_nodes` are
/// expanded (checked after each pass) or a round of every window length
/// gains nothing; `on_better` hears each shorter length.
pub(crate) fn shorten(
    rows: usize,
    cols: usize,
    start: &[Token],
    moves: &[Move],
    (effort, max_nodes): (Effort, u64),
    stop: Stop,
    on_better: &mut dyn FnMut(usize),
) -> Shortened {
    let mut best = without_loops(start, moves);
    let mut nodes = 0;
    if best.len() < moves.len() {
        on_better(best.len());
    }
    loop {
        let before = best.len();
        for width in WINDOWS {
            for offset in [0, width / 2] {
                if stop.now() || nodes >= max_nodes {
                    return Shortened { moves: best, nodes };
                }
                let window = Window {
                    width,
                    offset,
                    effort,
                };
                let (moves, spent) = pass(rows, cols, start, &best, window, stop);
                nodes += spent;
                if moves.len() < best.len() {
                    best = without_loops(start, &moves);
                    on_better(best.len());
                }
            }
        }
        if best.len() == before {
            return Shortened { moves: best, nodes };
        }
    }
}

/// The windows of a pass: their length, where the first whole one
/// starts, and how hard each is searched.
#[derive(Clone, Copy)]
struct Window {
    width: usize,
    offset: usize,
    effort: Effort,
}

/// One pass: the windows searched at once, each replaced by what its
/// search found. The nodes expanded.
fn pass(
    rows: usize,
    cols: usize,
    start: &[Token],
    moves: &[Move],
    Window {
        width,
        offset,
        effort,
    }: Window,
    stop: Stop,
) -> (Vec<Move>, u64) {
    let mut cuts: Vec<usize> = std::iter::once(0)
        .chain((offset.max(1)..moves.len()).step_by(width))
        .chain(std::iter::once(moves.len()))
        .collect();
    cuts.dedup();
    // The arrangement at each cut.
    let mut state = start.to_vec();
    let mut at_cut = Vec::with_capacity(cuts.len());
    let mut done = 0;
    for &cut in &cuts {
        for m in &moves[done..cut] {
            state.swap(m.from as usize, m.to as usize);
        }
        done = cut;
        at_cut.push(state.clone());
    }
    let found: Vec<(Option<Vec<Move>>, u64)> = cuts
        .par_windows(2)
        .zip(at_cut.par_windows(2))
        .map(|(span, ends)| {
            if stop.now() {
                return (None, 0);
            }
            let window = &moves[span[0]..span[1]];
            re_search(rows, cols, (&ends[0], &ends[1]), window, (effort, stop))
        })
        .collect();
    let nodes = found.iter().map(|(_, n)| n).sum();
    let mut out = Vec::with_capacity(moves.len());
    for (span, (better, _)) in cuts.windows(2).zip(found) {
        match better {
            Some(better) => out.extend(better),
            None => out.extend_from_slice(&moves[span[0]..span[1]]),
        }
    }
    (out, nodes)
}

/// A shorter way from `from` to `to` than `window` inside the box of the
/// window's blank cells (and the effort's margin), if its search finds
/// one, and the nodes it expanded.
fn re_search(
    rows: usize,
    cols: usize,
    (from, to): (&[Token], &[Token]),
    window: &[Move],
    (effort, stop): (Effort, Stop),
) -> (Option<Vec<Move>>, u64) {
    if window.len() < 4 {
        return (None, 0);
    }
    let blank = from.iter().position(|&t| t == BLANK).expect("one blank");
    let (mut top, mut bottom, mut left, mut right) = (rows, 0, cols, 0);
    for cell in std::iter::once(blank).chain(window.iter().map(|m| m.from as usize)) {
        let (r, c) = (cell / cols, cell % cols);
        (top, bottom) = (top.min(r), bottom.max(r));
        (left, right) = (left.min(c), right.max(c));
    }
    let margin = effort.margin;
    let (top, left) = (top.saturating_sub(margin), left.saturating_sub(margin));
    let (bottom, right) = (
        (bottom + margin).min(rows - 1),
        (right + margin).min(cols - 1),
    );
    let (box_rows, box_cols) = (bottom - top + 1, right - left + 1);
    if box_rows * box_cols > effort.max_box_cells || box_rows * box_cols < 4 {
        return (None, 0);
    }
    let cell = |i: usize| (top + i / box_cols) * cols + left + i % box_cols;
    let part = |tokens: &[Token]| -> Vec<Token> {
        (0..box_rows * box_cols).map(|i| tokens[cell(i)]).collect()
    };
    let (tiles, blank_goal) = rectangle::relabel(&part(from), &part(to));
    let rect = Rectangle::new(box_rows, box_cols);
    let heuristic = Heuristic::manhattan(&rect, blank_goal);
    // Every solution has the window's parity: one shorter has at most
    // two moves fewer.
    if heuristic.value(&tiles) as usize + 2 > window.len() {
        return (None, 0);
    }
    let (found, nodes) =
        ida::shorter_than(&heuristic, &tiles, window.len() as u32, effort.nodes, stop);
    let on_board = |c: u32| cell(c as usize) as u32;
    let moves = found.map(|moves| {
        moves
            .iter()
            .map(|m| Move {
                from: on_board(m.from),
                to: on_board(m.to),
            })
            .collect()
    });
    (moves, nodes)
}

/// `moves` from `start` with every loop cut: where an arrangement comes
/// back, the moves since its first visit are dropped.
pub(crate) fn without_loops(start: &[Token], moves: &[Move]) -> Vec<Move> {
    let mut state = start.to_vec();
    // The arrangements along the result, and where each was first seen.
    let mut seen: HashMap<Vec<Token>, usize> = HashMap::from([(state.clone(), 0)]);
    let mut trail: Vec<Vec<Token>> = vec![state.clone()];
    let mut out: Vec<Move> = Vec::with_capacity(moves.len());
    for m in moves {
        state.swap(m.from as usize, m.to as usize);
        if let Some(&k) = seen.get(&state) {
            for dropped in trail.drain(k + 1..) {
                seen.remove(&dropped);
            }
            out.truncate(k);
        } else {
            seen.insert(state.clone(), out.len() + 1);
            trail.push(state.clone());
            out.push(*m);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::search::bfs;
    use crate::{Arrangement, Board};

    use crate::solve::search::played;
    use crate::solve::search::rectangle::path_moves as walk;

    /// A random walk of `steps` moves of the blank from `start` on `rows`
    /// × `cols` (a move may undo the one before: the walks wander).
    fn random_walk(
        rows: usize,
        cols: usize,
        start: &[Token],
        steps: usize,
        seed: u64,
    ) -> Vec<Move> {
        let mut blank = start.iter().position(|&t| t == BLANK).unwrap();
        let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut cells = vec![blank as u8];
        while cells.len() <= steps {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let (r, c) = (blank / cols, blank % cols);
            let next = match x % 4 {
                0 if r > 0 => blank - cols,
                1 if r + 1 < rows => blank + cols,
                2 if c > 0 => blank - 1,
                3 if c + 1 < cols => blank + 1,
                _ => continue,
            };
            cells.push(next as u8);
            blank = next;
        }
        walk(&cells)
    }

    #[test]
    fn loops_are_cut_to_the_first_visit() {
        let start: Vec<Token> = vec![0, 1, 2, 3, 4, 5, 6, 7, 8];
        // Round the top-left square of 3×3 twelve times: three tiles
        // cycle, and every third round is back at the start.
        let round = [0u8, 1, 4, 3];
        let cells: Vec<u8> = round.iter().cycle().take(4 * 12 + 1).copied().collect();
        assert!(without_loops(&start, &walk(&cells)).is_empty());
        assert_eq!(
            without_loops(&start, &walk(&[0, 1, 2, 5, 2, 1])),
            walk(&[0, 1])
        );
        let round_and_on = walk(&[0, 1, 4, 3, 0, 1, 4, 3, 0, 1, 4, 3, 0, 1, 2]);
        assert_eq!(without_loops(&start, &round_and_on), walk(&[0, 1, 2]));
    }

    #[test]
    fn nothing_is_done_once_stopped() {
        let start: Vec<Token> = (1..16).chain([0]).collect();
        let moves = random_walk(4, 4, &start, 200, 3);
        let past = Stop::default().by(std::time::Instant::now());
        let out = shorten(
            4,
            4,
            &start,
            &moves,
            (EFFORTS[0], u64::MAX),
            past,
            &mut |_| {},
        );
        assert_eq!(out.moves, without_loops(&start, &moves));
        assert_eq!(out.nodes, 0);
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(24))]

        /// Random walks of the blank on 3×3, taken as solutions from
        /// their start to their end: the shortened ones end on the same
        /// arrangement, are never longer, never shorter than breadth-first
        /// search's, never visit an arrangement twice, and every length
        /// reported is the next one's upper bound.
        #[test]
        fn shortened_walks_still_solve_on_3x3(seed in 1u64..u64::MAX, steps in 4usize..120) {
            let board = Board::new_box(&[3, 3]).unwrap();
            let start: Vec<Token> = (1..9).chain([0]).collect();
            let moves = random_walk(3, 3, &start, steps, seed);
            let end = played(&start, &moves);
            let mut told = vec![moves.len()];
            let out = shorten(3, 3, &start, &moves, (EFFORTS[0], u64::MAX), Stop::default(), &mut |n| told.push(n));
            proptest::prop_assert_eq!(played(&start, &out.moves), end.clone());
            proptest::prop_assert!(out.moves.len() <= moves.len());
            proptest::prop_assert!(told.windows(2).all(|w| w[1] < w[0]));
            proptest::prop_assert_eq!(*told.last().unwrap(), out.moves.len());
            let shortest = bfs::shortest(&board, &start, &end).unwrap().moves.len();
            proptest::prop_assert!(shortest <= out.moves.len());
            proptest::prop_assert_eq!(without_loops(&start, &out.moves).len(), out.moves.len());
            crate::replay(&board, &start, &end, &out.moves).unwrap();
        }

        /// On 5×6 (windows in boxes smaller than the board): long wandering
        /// walks come out as solutions, never longer and, from 300 moves
        /// on, shorter.
        #[test]
        fn shortened_walks_still_solve_on_5x6(seed in 1u64..u64::MAX) {
            let board = Board::new_box(&[5, 6]).unwrap();
            let start = Arrangement::solved(30);
            let moves = random_walk(5, 6, start.tokens(), 300, seed);
            let end = played(start.tokens(), &moves);
            let out = shorten(5, 6, start.tokens(), &moves, (EFFORTS[0], u64::MAX), Stop::default(), &mut |_| {});
            proptest::prop_assert!(out.moves.len() < moves.len());
            crate::replay(&board, start.tokens(), &end, &out.moves).unwrap();
        }
    }
}
