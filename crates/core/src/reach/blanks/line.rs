//! Parts of the board without a junction: paths and cycles. On a path
//! the tokens keep their order; on a cycle their cyclic order, and with
//! at least one blank any placement of that cyclic order is reachable
//! (checked against breadth-first search in the tests).

use crate::arrangement::{BLANK, Token};
use crate::board::{Board, Cell};
use crate::reach::Reason;
use crate::reach::blocks::is_rotation;

/// A part of the board with no cell of three or more neighbours.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Line {
    /// A path, its cells from one end to the other.
    Path(Vec<Cell>),
    /// A cycle, its cells in order round it.
    Cycle(Vec<Cell>),
}

impl Line {
    /// The shape of the connected part made of `cells`, if it is a path
    /// or a cycle.
    pub(crate) fn of(board: &Board, cells: &[Cell]) -> Option<Self> {
        let mut degrees = 0;
        for &c in cells {
            let d = board.neighbours(c).len();
            if d > 2 {
                return None;
            }
            degrees += d;
        }
        let cycle = degrees == 2 * cells.len();
        let start = if cycle {
            *cells.iter().min()?
        } else {
            *cells.iter().find(|&&c| board.neighbours(c).len() <= 1)?
        };
        let mut order = vec![start];
        let (mut prev, mut cur) = (start, start);
        while let Some(&next) = board
            .neighbours(cur)
            .iter()
            .find(|&&w| w != prev && w != start)
        {
            order.push(next);
            (prev, cur) = (cur, next);
        }
        Some(if cycle {
            Self::Cycle(order)
        } else {
            Self::Path(order)
        })
    }

    /// The cells in order.
    pub(crate) fn cells(&self) -> &[Cell] {
        match self {
            Self::Path(cells) | Self::Cycle(cells) => cells,
        }
    }

    /// The tokens along the line, blanks left out.
    pub(crate) fn word(&self, tokens: &[Token]) -> Vec<Token> {
        self.cells()
            .iter()
            .map(|&c| tokens[c as usize])
            .filter(|&t| t != BLANK)
            .collect()
    }

    /// Why `to` cannot be reached from `from` on this line, if it cannot.
    pub(crate) fn check(&self, from: &[Token], to: &[Token]) -> Result<(), Reason> {
        let (a, b) = (self.word(from), self.word(to));
        match self {
            Self::Path(cells) => match a.iter().zip(&b).position(|(x, y)| x != y) {
                None => Ok(()),
                Some(i) => Err(Reason::TokenOrder {
                    cells: cells.clone(),
                    index: i + 1,
                    from: a[i],
                    to: b[i],
                }),
            },
            Self::Cycle(cells) if !is_rotation(&a, &b) => Err(Reason::CyclicOrder {
                cells: cells.clone(),
            }),
            Self::Cycle(_) => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_and_cycles_are_walked_in_order() {
        let board = Board::graph(5, &[(3, 1), (1, 4), (4, 0)]).unwrap();
        assert_eq!(
            Line::of(&board, &[0, 1, 3, 4]),
            Some(Line::Path(vec![0, 4, 1, 3]))
        );
        let ring = Board::graph(4, &[(0, 2), (2, 1), (1, 3), (3, 0)]).unwrap();
        let line = Line::of(&ring, &[0, 1, 2, 3]).unwrap();
        assert_eq!(line, Line::Cycle(vec![0, 2, 1, 3]));
        assert!(line.check(&[1, 0, 2, 0], &[0, 2, 0, 1]).is_ok());
        assert!(line.check(&[1, 2, 3, 0], &[2, 1, 3, 0]).is_err());
        let star = Board::graph(4, &[(0, 1), (0, 2), (0, 3)]).unwrap();
        assert_eq!(Line::of(&star, &[0, 1, 2, 3]), None);
    }
}
