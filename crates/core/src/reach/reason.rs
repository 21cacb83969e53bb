//! Why B cannot be reached from A: the invariant that differs, named
//! for machines ([`Reason::kind`]) and written out for people.

use std::fmt;

use crate::arrangement::Token;
use crate::board::Cell;

/// Why B cannot be reached from A: the invariant that differs.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Reason {
    /// On a bipartite 2-connected board: the permutation's parity (blank
    /// included) differs from the parity of the blank's distance.
    Parity {
        /// Whether the permutation taking A to B is odd.
        permutation_odd: bool,
        /// The blank's distance from its cell in A to its cell in B.
        blank_distance: usize,
    },
    /// On a bipartite block of a board with cut cells: the block's
    /// tokens would need an odd permutation.
    BlockParity {
        /// The block's cells.
        cells: Vec<Cell>,
    },
    /// On a path (a box with one side longer than 1): tiles keep their order.
    PathOrder {
        /// Which tile along the path differs (1-based).
        index: usize,
        /// The tile there in A.
        from: Token,
        /// The tile there in B.
        to: Token,
    },
    /// A token stands on a cell it can never leave (a dead end or the far
    /// end of a bridge).
    Locked {
        /// The token.
        token: Token,
        /// Its cell.
        cell: Cell,
        /// The other end of the bridge, on the blank's side; `None` when
        /// the cell is a dead end (a single neighbour).
        bridge_from: Option<Cell>,
    },
    /// A token would have to leave its block.
    LeavesBlock {
        /// The token.
        token: Token,
        /// The block's own cells (its entry excluded).
        cells: Vec<Cell>,
    },
    /// On a cycle block the tokens keep their cyclic order.
    CyclicOrder {
        /// The cycle's cells in order, starting at its entry.
        cells: Vec<Cell>,
    },
    /// On a θ0 block only 120 of the 720 orders of its tokens are reachable.
    Theta0 {
        /// The block's cells.
        cells: Vec<Cell>,
    },
    /// The blank cannot get from its cell in A to its cell in B.
    BlankSeparated {
        /// The blank's cell in A.
        from: Cell,
        /// The blank's cell in B.
        to: Cell,
    },
    /// A cell that the blank can never reach holds different tokens.
    OutOfReach {
        /// The cell.
        cell: Cell,
        /// Its token in A.
        from: Token,
        /// Its token in B.
        to: Token,
    },
    /// Tokens (blanks included) never leave the connected part of the
    /// board they stand on, and this part holds other ones in A than in B.
    PartTokens {
        /// The part's cells.
        cells: Vec<Cell>,
        /// The tokens it holds in A but not in B (`0` a blank).
        from: Vec<Token>,
        /// The tokens it holds in B but not in A.
        to: Vec<Token>,
    },
    /// On a part of the board that is a path, the tokens keep their order.
    TokenOrder {
        /// The path's cells, from one end.
        cells: Vec<Cell>,
        /// Which token along it differs (1-based).
        index: usize,
        /// That token in A.
        from: Token,
        /// That token in B.
        to: Token,
    },
    /// With several blanks, tokens mix only within classes: the tokens
    /// that can get to one region of junctions differ between A and B.
    ClassTokens {
        /// The junction cells of the class.
        cells: Vec<Cell>,
        /// The blanks on that part of the board.
        blanks: usize,
        /// The class's tokens in A that are not among its tokens in B.
        from: Vec<Token>,
        /// The class's tokens in B that are not among its tokens in A.
        to: Vec<Token>,
    },
    /// With several blanks, a token would have to get from one region of
    /// junctions to another, and no token can: the corridor between them
    /// is too long for the blanks there are.
    Crossing {
        /// The token.
        token: Token,
        /// The junction cells of its class in A.
        from_cells: Vec<Cell>,
        /// The junction cells of the class it would join in B.
        to_cells: Vec<Cell>,
        /// The blanks on that part of the board.
        blanks: usize,
    },
    /// With several blanks, a token on a corridor or a tail that can reach
    /// no junction with room to step aside: the token with this place in
    /// the order along the corridor never changes.
    Frozen {
        /// The corridor's cells, from its first junction cell.
        cells: Vec<Cell>,
        /// On a tail, how many tokens lie beyond the token towards the
        /// dead end; on a corridor between junctions, how many lie on the
        /// side of its first cell.
        rank: usize,
        /// Whether the corridor is a tail (ends in a dead end).
        tail: bool,
        /// The blanks on that part of the board.
        blanks: usize,
        /// The token of that rank in A.
        from: Token,
        /// The token of that rank in B.
        to: Token,
    },
}

impl Reason {
    /// A short machine-readable name for the kind of reason.
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            Self::Parity { .. } => "parity",
            Self::BlockParity { .. } => "block-parity",
            Self::PathOrder { .. } => "path-order",
            Self::Locked { .. } => "locked",
            Self::LeavesBlock { .. } => "leaves-block",
            Self::CyclicOrder { .. } => "cyclic-order",
            Self::Theta0 { .. } => "theta0",
            Self::BlankSeparated { .. } => "blank-separated",
            Self::OutOfReach { .. } => "out-of-reach",
            Self::PartTokens { .. } => "part-tokens",
            Self::TokenOrder { .. } => "path-order",
            Self::ClassTokens { .. } => "class-tokens",
            Self::Crossing { .. } => "crossing",
            Self::Frozen { .. } => "frozen",
        }
    }

    /// The reason in a player's words: one sentence, no invariants named.
    ///
    /// ```
    /// use npuzzle_core::{Arrangement, Board, reach};
    /// let board: Board = "4x4".parse()?;
    /// let from: Arrangement = "1 2 3 4/5 6 7 8/9 10 11 12/13 15 14 0".parse()?;
    /// let to = Arrangement::solved(16);
    /// let reason = reach(&board, &from, &to)?.reason().cloned().unwrap();
    /// assert!(reason.explain().contains("Sam Loyd's 14-15 puzzle"));
    /// # Ok::<(), npuzzle_core::Error>(())
    /// ```
    #[must_use]
    pub fn explain(&self) -> String {
        match self {
            Self::Parity { .. } | Self::BlockParity { .. } => {
                "an odd number of swaps away: two tiles would have to trade places, \
                 as in Sam Loyd's 14-15 puzzle"
                    .into()
            }
            Self::PathOrder { .. } | Self::TokenOrder { .. } => {
                "on a path the tiles can never pass each other, so their order never changes".into()
            }
            Self::CyclicOrder { .. } => {
                "on a ring the tiles only go round: their order around it never changes".into()
            }
            Self::Theta0 { .. } => {
                "this θ-shaped board reaches only 120 of the 720 orders of its tiles".into()
            }
            Self::Locked { token, .. } => {
                format!("tile {token} is stuck in a dead end the blank cannot get behind")
            }
            Self::LeavesBlock { token, .. } => format!(
                "tile {token} would have to pass through a single cell into another part of \
                 the board, which a tile never can"
            ),
            Self::BlankSeparated { .. } | Self::OutOfReach { .. } => {
                "the blank can never get to where it would have to go".into()
            }
            Self::PartTokens { .. } => {
                "the board falls into pieces, and tiles never move from one piece to another".into()
            }
            Self::ClassTokens { .. } | Self::Crossing { .. } | Self::Frozen { .. } => {
                "with so few blanks some tiles can never get past each other".into()
            }
        }
    }

    /// The same reason with every cell `c` renamed `rename(c)`: reasons
    /// found on a part of a board, told in the board's own cells.
    pub(crate) fn map_cells(self, rename: impl Fn(Cell) -> Cell) -> Self {
        let all = |cells: Vec<Cell>| -> Vec<Cell> {
            let mut cells: Vec<Cell> = cells.into_iter().map(&rename).collect();
            cells.sort_unstable();
            cells
        };
        let ordered = |cells: Vec<Cell>| -> Vec<Cell> { cells.into_iter().map(&rename).collect() };
        match self {
            Self::BlockParity { cells } => Self::BlockParity { cells: all(cells) },
            Self::Locked {
                token,
                cell,
                bridge_from,
            } => Self::Locked {
                token,
                cell: rename(cell),
                bridge_from: bridge_from.map(&rename),
            },
            Self::LeavesBlock { token, cells } => Self::LeavesBlock {
                token,
                cells: all(cells),
            },
            Self::CyclicOrder { cells } => Self::CyclicOrder {
                cells: ordered(cells),
            },
            Self::Theta0 { cells } => Self::Theta0 { cells: all(cells) },
            Self::BlankSeparated { from, to } => Self::BlankSeparated {
                from: rename(from),
                to: rename(to),
            },
            Self::OutOfReach { cell, from, to } => Self::OutOfReach {
                cell: rename(cell),
                from,
                to,
            },
            other => other,
        }
    }
}

/// Writes a list, cut after the first twelve with the whole count and
/// `what` they are ("tokens", "cells").
struct Cut<'a, T>(&'a [T], &'static str);

impl<T: fmt::Display> fmt::Display for Cut<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const SHOWN: usize = 12;
        for (i, t) in self.0.iter().take(SHOWN).enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{t}")?;
        }
        if self.0.len() > SHOWN {
            write!(f, ", … ({} {})", self.0.len(), self.1)?;
        }
        Ok(())
    }
}

/// A list of tokens, cut after the first twelve.
fn token_list(tokens: &[Token]) -> Cut<'_, Token> {
    Cut(tokens, "tokens")
}

/// A list of cells, cut after the first twelve.
fn cell_list(cells: &[Cell]) -> Cut<'_, Cell> {
    Cut(cells, "cells")
}

fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

fn parity_word(odd: bool) -> &'static str {
    if odd { "odd" } else { "even" }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Parity {
                permutation_odd,
                blank_distance,
            } => write!(
                f,
                "permutation parity {}, blank distance {blank_distance} ({})",
                parity_word(*permutation_odd),
                parity_word(blank_distance % 2 == 1)
            ),
            Self::BlockParity { cells } => write!(
                f,
                "the tokens of the bipartite block of cells {{{}}} would need an odd permutation; \
                 with the blank back in place it allows only even ones",
                cell_list(cells)
            ),
            Self::PathOrder { index, from, to } => write!(
                f,
                "on a path the tiles keep their order: tile {index} along it is {from} in from but {to} in to"
            ),
            Self::Locked {
                token,
                cell,
                bridge_from,
            } => match bridge_from {
                None => write!(f, "token {token} is locked on dead-end cell {cell}"),
                Some(e) => write!(
                    f,
                    "token {token} is locked on cell {cell}: {e}–{cell} is a bridge and the blank ends on {e}'s side"
                ),
            },
            Self::LeavesBlock { token, cells } => write!(
                f,
                "token {token} cannot leave the block of cells {{{}}}",
                cell_list(cells)
            ),
            Self::CyclicOrder { cells } => write!(
                f,
                "cyclic order differs on the cycle through cells {}",
                cell_list(cells)
            ),
            Self::Theta0 { cells } => write!(
                f,
                "on the θ0 block of cells {{{}}} only 120 of the 720 orders of its 6 tokens \
                 are reachable, and to's is not one of them",
                cell_list(cells)
            ),
            Self::BlankSeparated { from, to } => write!(
                f,
                "the blank cannot get from cell {from} to cell {to}: they are in different parts of the board"
            ),
            Self::OutOfReach { cell, from, to } => write!(
                f,
                "cell {cell} is out of the blank's reach and holds {from} in from but {to} in to"
            ),
            Self::PartTokens { cells, from, to } => write!(
                f,
                "tokens never leave their connected part of the board: the part of cells {{{}}} \
                 holds {{{}}} in from where to has {{{}}} (0: a blank)",
                cell_list(cells),
                token_list(from),
                token_list(to)
            ),
            Self::TokenOrder {
                cells,
                index,
                from,
                to,
            } => write!(
                f,
                "tokens keep their order on a path: on the path of cells {} the {} token is {from} \
                 in from but {to} in to",
                cell_list(cells),
                ordinal(*index)
            ),
            Self::ClassTokens {
                cells,
                blanks,
                from,
                to,
            } => write!(
                f,
                "with {blanks} blanks tokens mix only within classes: the class of the junction \
                 cells {{{}}} holds {{{}}} in from where to has {{{}}}",
                cell_list(cells),
                token_list(from),
                token_list(to)
            ),
            Self::Crossing {
                token,
                from_cells,
                to_cells,
                blanks,
            } => write!(
                f,
                "with {blanks} blanks token {token} cannot get from the junction cells {{{}}} to \
                 the junction cells {{{}}}: the corridor between them is too long",
                cell_list(from_cells),
                cell_list(to_cells)
            ),
            Self::Frozen {
                cells,
                rank,
                tail,
                blanks,
                from,
                to,
            } => {
                write!(f, "with {blanks} blanks ")?;
                if *tail {
                    write!(
                        f,
                        "the {} token counted from the dead end {} of the tail of cells {}",
                        ordinal(rank + 1),
                        cells[cells.len() - 1],
                        cell_list(cells)
                    )?;
                } else {
                    write!(
                        f,
                        "the token with {rank} tokens on the side of cell {} of the corridor of \
                         cells {}",
                        cells[0],
                        cell_list(cells)
                    )?;
                }
                write!(
                    f,
                    " can never get to a junction with room to pass others: it is {from} in from \
                     but {to} in to"
                )
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lists_are_cut_after_twelve_with_their_count() {
        let reason = Reason::PartTokens {
            cells: (0..15).collect(),
            from: (1..=13).collect(),
            to: vec![1, 2],
        };
        assert_eq!(
            reason.to_string(),
            "tokens never leave their connected part of the board: the part of cells \
             {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, … (15 cells)} holds \
             {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, … (13 tokens)} in from where to has {1, 2} \
             (0: a blank)"
        );
    }
}
