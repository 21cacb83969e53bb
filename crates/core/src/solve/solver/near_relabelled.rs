//! The default answer on rectangles of up to 144 cells with several
//! blanks or repeated tokens, past the boards a beam on any board takes
//! (36 cells with several blanks, 30 with one): the arrangements
//! relabelled so that every token is distinct and one blank is left
//! (the other blanks become tiles, each token going to a goal cell of
//! its kind chosen near it), solved by the rectangles' near-shortest
//! search, and its moves of a blank-become-tile dropped (with several
//! blanks, a blank sliding into a blank is no move at all); the
//! construction's answer where that is shorter.
//!
//! The construction with several blanks fills the board as with one,
//! the extra blanks standing in for tiles: the rectangles' beams and
//! line placements make far shorter answers (five random states of 7×7
//! with three blanks: 2,750 moves → 1,578; of 12×12 with 36: 10,336 →
//! 8,376). On rectangles of up to 36 cells the beam on any board gave
//! shorter answers than this, except on thin ones (a side of at most
//! 3), where this comes first and the beam must beat it (see
//! `choice::relabelled_first`).

use crate::arrangement::{Arrangement, BLANK, Token};
use crate::board::{Board, Cell};
use crate::moves::{Metric, Move};
use crate::reach::{Verdict, reach};
use crate::solve::Found;
use crate::solve::error::SolveError;
use crate::solve::search::goal_distance;
use crate::solve::search::near::Improve;

use super::Solver;

impl Solver<'_> {
    /// The shorter of the construction and the relabelled rectangle's
    /// near-shortest answer (see [`relabelled_answer`](Self::relabelled_answer))
    /// from `a` to `b` (reachable) on `board`, a rectangle; and a lower
    /// bound of the shortest length (each tile's distance to the nearest
    /// goal cell of its kind, summed).
    ///
    /// # Errors
    /// Those of the construction and of the near-shortest search;
    /// [`SolveError::Cancelled`].
    pub(super) fn near_relabelled(
        &self,
        board: &Board,
        (a, b): (&[Token], &[Token]),
        improve: Improve,
    ) -> Result<(Found, u64), SolveError> {
        let found = self.constructed_simplified(board, a, b)?;
        let found = self.relabelled_if_shorter(board, (a, b), improve, found)?;
        Ok((found, goal_distance::lower_bound(board, a, b)))
    }

    /// `found`, or the relabelled rectangle's answer (see
    /// [`relabelled_answer`](Self::relabelled_answer)) where shorter.
    ///
    /// # Errors
    /// Those of the near-shortest search; [`SolveError::Cancelled`].
    pub(super) fn relabelled_if_shorter(
        &self,
        board: &Board,
        (a, b): (&[Token], &[Token]),
        improve: Improve,
        found: Found,
    ) -> Result<Found, SolveError> {
        Ok(match self.relabelled_answer(board, (a, b), improve)? {
            Some(relabelled) if relabelled.moves.len() < found.moves.len() => relabelled,
            _ => found,
        })
    }

    /// The rectangles' near-shortest answer to `a` → `b` (reachable) on
    /// `board`, a rectangle, relabelled (see [`relabelled`]), improved as
    /// `improve` says, its moves of a dummy into the blank dropped;
    /// `None` where no relabelling reaches.
    ///
    /// # Errors
    /// Those of the near-shortest search; [`SolveError::Cancelled`].
    fn relabelled_answer(
        &self,
        board: &Board,
        (a, b): (&[Token], &[Token]),
        improve: Improve,
    ) -> Result<Option<Found>, SolveError> {
        let Some((prefix, from, to)) = relabelled(board, a, b) else {
            return Ok(None);
        };
        let single = Metric::SingleTile;
        let labelled = self.solve_until(board, (&from, &to), improve, single)?;
        let mut tokens = a.to_vec();
        let mut moves = Vec::with_capacity(labelled.len());
        for m in prefix.into_iter().chain(labelled.moves().iter().copied()) {
            // A blank (become a tile) into a blank: no move.
            if tokens[m.from as usize] != BLANK {
                tokens.swap(m.from as usize, m.to as usize);
                moves.push(m);
            }
        }
        Ok(Some(Found {
            moves,
            optimal: false,
            nodes: labelled.nodes(),
        }))
    }
}

/// `a` → `b` relabelled with distinct tokens and one blank, on a
/// rectangle (`board`): the blank kept is the one nearest the last goal
/// cell of a blank, which it is to reach (so that the tables of the
/// usual goal serve); every other token, blanks included, gets the label
/// of a goal cell of its kind, matched greedily, nearest pairs first.
/// Where the labelled pair is not reachable (its permutation of the
/// other parity), two tokens of a kind swap their labels (the pair
/// that costs least), or with two blanks and distinct tiles, a tile first
/// slides into the other blank. Returns those first moves (none or one)
/// and the labelled arrangements; `None` where no relabelling reaches
/// (never on rectangles, where one blank leaves two classes).
fn relabelled(
    board: &Board,
    a: &[Token],
    b: &[Token],
) -> Option<(Vec<Move>, Arrangement, Arrangement)> {
    let n = a.len();
    let distance = |c: usize, d: usize| {
        let ((r, s), (t, u)) = (
            board.row_col(c as Cell).unwrap_or_default(),
            board.row_col(d as Cell).unwrap_or_default(),
        );
        r.abs_diff(t) + s.abs_diff(u)
    };
    let blank_goal = (0..n).rev().find(|&c| b[c] == BLANK)?;
    let blank_start = (0..n)
        .filter(|&c| a[c] == BLANK)
        .min_by_key(|&c| (distance(c, blank_goal), c))?;
    let mut start = a.to_vec();
    let mut prefix = Vec::new();
    for _ in 0..2 {
        let (mut from, to) = matched(&start, b, (blank_start, blank_goal), &distance);
        if reaches(board, &from, &to) {
            return Some((prefix, Arrangement::new(from), Arrangement::new(to)));
        }
        if let Some((c, d)) = cheapest_swap(&start, &from, &to, blank_start, &distance) {
            from.swap(c, d);
            return reaches(board, &from, &to)
                .then(|| (prefix, Arrangement::new(from), Arrangement::new(to)));
        }
        // Two blanks, distinct tiles: a tile next to the other blank
        // slides into it, which swaps two labels.
        let other = (0..n).find(|&c| start[c] == BLANK && c != blank_start)?;
        let &tile = board
            .neighbours(other as Cell)
            .iter()
            .find(|&&c| start[c as usize] != BLANK)?;
        start.swap(other, tile as usize);
        prefix.push(Move {
            from: tile,
            to: other as Cell,
        });
    }
    None
}

/// The labelled pair: goal cells labelled 1, 2, … in order, the kept
/// blank's goal 0; each start token given the label of a goal cell of
/// its kind, nearest pairs first.
fn matched(
    a: &[Token],
    b: &[Token],
    (blank_start, blank_goal): (usize, usize),
    distance: &impl Fn(usize, usize) -> usize,
) -> (Vec<Token>, Vec<Token>) {
    let n = a.len();
    let to: Vec<Token> = (0..n)
        .map(|d| match d.cmp(&blank_goal) {
            std::cmp::Ordering::Less => d as Token + 1,
            std::cmp::Ordering::Equal => BLANK,
            std::cmp::Ordering::Greater => d as Token,
        })
        .collect();
    let mut pairs: Vec<(usize, usize, usize)> = (0..n)
        .filter(|&c| c != blank_start)
        .flat_map(|c| {
            (0..n)
                .filter(move |&d| d != blank_goal && b[d] == a[c])
                .map(move |d| (c, d))
        })
        .map(|(c, d)| (distance(c, d), c, d))
        .collect();
    pairs.sort_unstable();
    let mut from = vec![BLANK; n];
    let (mut started, mut reached) = (vec![false; n], vec![false; n]);
    for (_, c, d) in pairs {
        if !started[c] && !reached[d] {
            (started[c], reached[d]) = (true, true);
            from[c] = to[d];
        }
    }
    (from, to)
}

/// Two start cells of one kind in `a` (the kept blank aside) whose
/// labels swapped cost the least more distance; `None` where every kind
/// has one token.
fn cheapest_swap(
    a: &[Token],
    from: &[Token],
    to: &[Token],
    blank_start: usize,
    distance: &impl Fn(usize, usize) -> usize,
) -> Option<(usize, usize)> {
    let n = a.len();
    let mut goal_of = vec![0; n];
    for (d, &t) in to.iter().enumerate() {
        goal_of[t as usize] = d;
    }
    let cost = |c: usize, label: Token| distance(c, goal_of[label as usize]);
    (0..n)
        .filter(|&c| c != blank_start)
        .flat_map(|c| ((c + 1)..n).map(move |d| (c, d)))
        .filter(|&(c, d)| d != blank_start && a[c] == a[d])
        .min_by_key(|&(c, d)| {
            (cost(c, from[d]) + cost(d, from[c])) as isize
                - (cost(c, from[c]) + cost(d, from[d])) as isize
        })
}

fn reaches(board: &Board, from: &[Token], to: &[Token]) -> bool {
    let (from, to) = (
        Arrangement::new(from.to_vec()),
        Arrangement::new(to.to_vec()),
    );
    matches!(reach(board, &from, &to), Ok(Verdict::Reachable))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::Generator;

    /// Random pairs with two and five blanks and with repeated tokens, on
    /// 7×7, 6×7 and 4×9: the labelled pair has distinct tokens and one
    /// blank, reaches, and each start label is of the token's kind; the
    /// first moves (only with two blanks and distinct tiles) are one tile
    /// into the other blank. Two blanks take both ways, by the seeds.
    #[test]
    fn the_labelled_pair_reaches_and_keeps_the_kinds() {
        let repeated = |n: u32| (1..n).map(|t| 1 + t % 5).chain([BLANK]).collect::<Vec<_>>();
        let cases = [
            (
                "7x7",
                Arrangement::solved_with_blanks(49, 2).tokens().to_vec(),
            ),
            (
                "6x7",
                Arrangement::solved_with_blanks(42, 5).tokens().to_vec(),
            ),
            ("4x9", repeated(36)),
        ];
        let mut first_moves = 0;
        for (spec, b) in cases {
            let board: Board = spec.parse().unwrap();
            let goal = Arrangement::new(b.clone());
            for seed in 0..8 {
                let a = Generator::new(seed).reachable(&board, &goal).unwrap();
                let (prefix, from, to) = relabelled(&board, a.tokens(), &b).unwrap();
                let (from, to) = (from.tokens(), to.tokens());
                assert!(reaches(&board, from, to), "{spec}: {a}");
                let mut sorted = to.to_vec();
                sorted.sort_unstable();
                assert!(sorted.iter().enumerate().all(|(i, &t)| t == i as Token));
                let mut start = a.tokens().to_vec();
                for m in &prefix {
                    assert_eq!(start[m.to as usize], BLANK);
                    assert!(board.neighbours(m.to).contains(&m.from));
                    start.swap(m.from as usize, m.to as usize);
                }
                first_moves += prefix.len();
                let cell_of = |t: Token| to.iter().position(|&u| u == t).unwrap();
                for (c, &t) in from.iter().enumerate() {
                    assert_eq!(start[c], b[cell_of(t)], "{spec}: {a}: cell {c}");
                }
            }
        }
        assert!(
            first_moves > 0 && first_moves < 8,
            "{first_moves} first moves"
        );
    }
}
