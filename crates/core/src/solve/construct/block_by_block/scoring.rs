//! What the blank's ways are worth: every step of the blank slides one
//! token, and on boards drawn on a grid a slide towards the token's
//! target saves some of its later walk ([`slide_worth`], the rule of the
//! box solver too). Off grids every way is worth the same.

use std::collections::{HashMap, HashSet};

use crate::arrangement::Token;
use crate::graph::{LocalCell, LocalVec};
use crate::solve::construct::block_by_block::Piece;
use crate::solve::construct::slide_worth;

/// Where the tokens are bound, to score the blank's ways by the slides
/// they make.
pub(super) struct Aims<'g> {
    /// The block's goal on local cells.
    pub(super) goal: &'g LocalVec<Token>,
    position: Option<&'g LocalVec<(usize, usize)>>,
    /// The cell each token is bound for, for the tokens the goal has once.
    target: HashMap<Token, LocalCell>,
}

impl<'g> Aims<'g> {
    pub(super) fn new(piece: &'g Piece, goal: &'g LocalVec<Token>) -> Self {
        let mut target = HashMap::new();
        let mut repeated = HashSet::new();
        for (l, &t) in goal.iter() {
            if target.insert(t, l).is_some() {
                repeated.insert(t);
            }
        }
        target.retain(|t, _| !repeated.contains(t));
        Aims {
            goal,
            position: piece.position.as_ref(),
            target,
        }
    }

    /// What sliding `token` from cell `from` to its neighbour `to` saves
    /// its later walks ([`slide_worth`]); nothing off grids and for
    /// repeated tokens.
    pub(super) fn worth(&self, token: Token, from: LocalCell, to: LocalCell) -> i32 {
        let (Some(position), Some(&target)) = (self.position, self.target.get(&token)) else {
            return 0;
        };
        let ((r, c), (fr, fc), (tr, tc)) = (position[target], position[from], position[to]);
        let (rows, cols) = (r.abs_diff(fr), c.abs_diff(fc));
        let (along, across, now) = if tr != fr {
            (rows, cols, r.abs_diff(tr))
        } else {
            (cols, rows, c.abs_diff(tc))
        };
        slide_worth(along > across, now < along)
    }
}
