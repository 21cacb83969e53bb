//! Why B cannot be reached from A: the invariant that differs, named
//! for machines ([`Reason::kind`]) and written out for people.

use std::fmt;

use crate::arrangement::Token;
use crate::board::Cell;

/// Why B cannot be reached from A: the invariant that differs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// On a bipartite 2-connected board: the permutation's parity (blank
    /// included) differs from the parity of the blank's distance.
    Parity {
        /// Whether the permutation taking A to B is odd.
        permutation_odd: bool,
        /// The blank's distance from its cell in A to its cell in B.
        blank_distance: usize,
    },
    /// On a bipartite block of a board with cut vertices: the block's
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
}

impl Reason {
    /// A short machine-readable name for the kind of reason.
    pub fn kind(&self) -> &'static str {
        match self {
            Reason::Parity { .. } => "parity",
            Reason::BlockParity { .. } => "block-parity",
            Reason::PathOrder { .. } => "path-order",
            Reason::Locked { .. } => "locked",
            Reason::LeavesBlock { .. } => "leaves-block",
            Reason::CyclicOrder { .. } => "cyclic-order",
            Reason::Theta0 { .. } => "theta0",
            Reason::BlankSeparated { .. } => "blank-separated",
            Reason::OutOfReach { .. } => "out-of-reach",
        }
    }
}

fn parity_word(odd: bool) -> &'static str {
    if odd { "odd" } else { "even" }
}

/// Writes a list of cells, cut after the first twelve.
struct CellList<'a>(&'a [Cell]);

impl fmt::Display for CellList<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const SHOWN: usize = 12;
        for (i, c) in self.0.iter().take(SHOWN).enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{c}")?;
        }
        if self.0.len() > SHOWN {
            write!(f, ", … ({} cells)", self.0.len())?;
        }
        Ok(())
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::Parity {
                permutation_odd,
                blank_distance,
            } => write!(
                f,
                "permutation parity {}, blank distance {blank_distance} ({})",
                parity_word(*permutation_odd),
                parity_word(blank_distance % 2 == 1)
            ),
            Reason::BlockParity { cells } => write!(
                f,
                "the tokens of the bipartite block of cells {{{}}} would need an odd permutation; \
                 with the blank back in place it allows only even ones",
                CellList(cells)
            ),
            Reason::PathOrder { index, from, to } => write!(
                f,
                "on a path the tiles keep their order: tile {index} along it is {from} in from but {to} in to"
            ),
            Reason::Locked {
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
            Reason::LeavesBlock { token, cells } => write!(
                f,
                "token {token} cannot leave the block of cells {{{}}}",
                CellList(cells)
            ),
            Reason::CyclicOrder { cells } => write!(
                f,
                "cyclic order differs on the cycle through cells {}",
                CellList(cells)
            ),
            Reason::Theta0 { cells } => write!(
                f,
                "on the θ0 block of cells {{{}}} only 120 of the 720 orders of its 6 tokens \
                 are reachable, and to's is not one of them",
                CellList(cells)
            ),
            Reason::BlankSeparated { from, to } => write!(
                f,
                "the blank cannot get from cell {from} to cell {to}: they are in different parts of the board"
            ),
            Reason::OutOfReach { cell, from, to } => write!(
                f,
                "cell {cell} is out of the blank's reach and holds {from} in from but {to} in to"
            ),
        }
    }
}
