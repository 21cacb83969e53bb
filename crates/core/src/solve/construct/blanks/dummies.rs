//! Several blanks where one blank already reaches every order of the
//! tokens, up to parity: boxes that are not paths, and 2-connected boards
//! other than cycles and θ0. All blanks but one become tokens of one new
//! kind (dummies) and the one-blank solver does the work; a dummy sliding
//! into the real blank is no move at all with several blanks, so those
//! moves are dropped, and every move kept slides a real token into a
//! blank.
//!
//! With two or more dummies, or a repeated token, the dummies' order
//! settles any parity. With exactly one dummy and distinct tokens on a
//! bipartite board, the real blank is given the goal cell that makes the
//! parity right; when neither goal blank does (the two are an odd
//! distance apart), the goal is first reached with one of its blanks a
//! step away, and one last move puts it in place.

use crate::arrangement::{BLANK, Token};
use crate::board::{Board, Cell};
use crate::moves::Move;

/// A one-blank question standing for a several-blanks one.
pub(crate) struct Reduced {
    /// `from` with all blanks but the first made dummies.
    pub from: Vec<Token>,
    /// The goal with all blanks but one made dummies.
    pub to: Vec<Token>,
    /// The dummies' token.
    pub dummy: Token,
    /// A last move after the one-blank solution, when the goal had to be
    /// moved.
    pub last: Option<Move>,
}

/// A token that `tokens` does not hold: one more than the largest, or the
/// smallest free one when the largest is `u32::MAX`.
fn fresh(tokens: &[Token]) -> Token {
    let max = tokens.iter().copied().max().unwrap_or(0);
    if max < Token::MAX {
        return max + 1;
    }
    let mut seen = vec![false; tokens.len() + 2];
    for &t in tokens {
        if (t as usize) < seen.len() {
            seen[t as usize] = true;
        }
    }
    (1..seen.len()).find(|&t| !seen[t]).expect("a free token") as Token
}

/// All blanks of `tokens` but the one on `real` made `dummy`.
fn with_dummies(tokens: &[Token], real: usize, dummy: Token) -> Vec<Token> {
    tokens
        .iter()
        .enumerate()
        .map(|(c, &t)| if t == BLANK && c != real { dummy } else { t })
        .collect()
}

/// Reduces `from` → `to` (reachable, several blanks) to a one-blank
/// question that `reachable` (the one-blank decision) accepts.
pub(crate) fn reduce(
    board: &Board,
    from: &[Token],
    to: &[Token],
    reachable: impl Fn(&[Token], &[Token]) -> bool,
) -> Option<Reduced> {
    let dummy = fresh(from);
    let first = from.iter().position(|&t| t == BLANK)?;
    let a = with_dummies(from, first, dummy);
    let try_goal = |goal: &[Token]| {
        goal.iter()
            .enumerate()
            .filter(|&(_, &t)| t == BLANK)
            .map(|(c, _)| with_dummies(goal, c, dummy))
            .find(|b| reachable(&a, b))
    };
    if let Some(b) = try_goal(to) {
        return Some(Reduced {
            from: a,
            to: b,
            dummy,
            last: None,
        });
    }
    // Move one blank of the goal a step: a token next to it slides in.
    for (cell, _) in to.iter().enumerate().filter(|&(_, &t)| t == BLANK) {
        let Some(&w) = board
            .neighbours(cell as Cell)
            .iter()
            .find(|&&w| to[w as usize] != BLANK)
        else {
            continue;
        };
        let mut moved = to.to_vec();
        moved.swap(cell, w as usize);
        if let Some(b) = try_goal(&moved) {
            return Some(Reduced {
                from: a,
                to: b,
                dummy,
                last: Some(Move {
                    from: cell as Cell,
                    to: w,
                }),
            });
        }
    }
    None
}

impl Reduced {
    /// Tells which moves of a one-blank solution of this question are
    /// moves with several blanks.
    pub(crate) fn filter(&self) -> DummyFilter {
        DummyFilter {
            state: self.from.clone(),
            dummy: self.dummy,
        }
    }
}

/// Follows a one-blank solution, telling its dummies' moves apart.
pub(crate) struct DummyFilter {
    state: Vec<Token>,
    dummy: Token,
}

impl DummyFilter {
    /// Plays `m`; whether it moves a real token (and is kept).
    pub(crate) fn keep(&mut self, m: Move) -> bool {
        let (f, t) = (m.from as usize, m.to as usize);
        let real = self.state[f] != self.dummy;
        self.state.swap(f, t);
        real
    }
}
