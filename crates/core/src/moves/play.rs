//! Move sequences as people write them: direction letters on 2-D boards
//! (`R3U2LD`: the direction each tile moves, counts folded), `from-to`
//! cell pairs (`5-4 8-5`), or a JSON array of pairs (`[[5,4],[8,5]]`).
//! They are played from an arrangement, each move checked, into the
//! [`Move`]s the rest of npuzzle speaks.

use super::Move;
use super::notation::{letter_move, letters, side_of};
use crate::arrangement::{Arrangement, BLANK};
use crate::board::spec::digits;
use crate::board::{Board, Cell};
use crate::error::Error;

/// One step as written: a direction letter (repeats given one by one),
/// or a pair of cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    Letter(u8),
    Pair(Cell, Cell),
}

/// Plays the moves written in `text` from `from`; returns them as
/// [`Move`]s and the arrangement they end on.
///
/// # Errors
/// [`Error::BadArrangement`] when `from` does not fit the board;
/// [`Error::Input`] naming the move (counted from 1, one tile step each)
/// that is malformed or illegal, and why.
///
/// # Examples
/// ```
/// use npuzzle_core::{Arrangement, Board, moves::play};
/// let board: Board = "3x3".parse()?;
/// let from: Arrangement = "1 2 3/4 5 6/7 8 0".parse()?;
/// let (moves, end) = play(&board, &from, "R2D")?;
/// assert_eq!(moves.len(), 3);
/// assert_eq!(end.to_string(), "1 2 3 0 5 6 4 7 8");
/// assert!(play(&board, &from, "L").unwrap_err().to_string().contains("move 1"));
/// let (same, _) = play(&board, &from, "7-8 6-7 3-6")?;
/// assert_eq!(same, moves);
/// # Ok::<(), npuzzle_core::Error>(())
/// ```
pub fn play(
    board: &Board,
    from: &Arrangement,
    text: &str,
) -> Result<(Vec<Move>, Arrangement), Error> {
    let mut tokens = from.tokens().to_vec();
    let mut blank = from.check(board, "from")?;
    let several = from.blank_count() > 1;
    let flat = board.cell_count() > 0 && board.row_col(0).is_some();
    let mut moves = Vec::new();
    for (i, step) in parse(text)?.into_iter().enumerate() {
        let place = || format!("move {}", i + 1);
        let m = match step {
            Step::Letter(_) if several => {
                return Err(Error::Input {
                    place: place(),
                    problem: "a direction letter names the tile by the blank it slides into; \
                              with several blanks write moves as from-to cell pairs"
                        .into(),
                });
            }
            Step::Letter(_) if !flat => {
                return Err(Error::Input {
                    place: place(),
                    problem: "direction letters are for 2-D boards; this board has no \
                              directions: write moves as from-to cell pairs"
                        .into(),
                });
            }
            Step::Letter(letter) => {
                letter_move(board, blank, letter).ok_or_else(|| Error::Input {
                    place: place(),
                    problem: format!(
                        "{} needs a tile {} the blank (on cell {blank})",
                        letter as char,
                        side_of(letter)
                    ),
                })?
            }
            Step::Pair(f, t) => Move { from: f, to: t },
        };
        let bad = |problem: String| Error::Input {
            place: place(),
            problem,
        };
        if m.from as usize >= tokens.len() || m.to as usize >= tokens.len() {
            return Err(bad(format!(
                "{}-{} names a cell off the board",
                m.from, m.to
            )));
        }
        if tokens[m.to as usize] != BLANK {
            return Err(bad(match several {
                true => format!("cell {} is not a blank", m.to),
                false => format!("cell {} is not the blank (it is on {blank})", m.to),
            }));
        }
        if tokens[m.from as usize] == BLANK {
            return Err(bad(format!(
                "cell {} holds a blank: a move slides a tile into a blank",
                m.from
            )));
        }
        if !board.adjacent(m.from, m.to) {
            return Err(bad(format!(
                "cells {} and {} are not adjacent",
                m.from, m.to
            )));
        }
        tokens.swap(m.from as usize, m.to as usize);
        blank = m.from;
        moves.push(m);
    }
    Ok((moves, Arrangement::new(tokens)))
}

/// The steps of a move text, each letter repeat given one by one.
fn parse(text: &str) -> Result<Vec<Step>, Error> {
    let text = text.trim();
    let bad = |problem: String| Error::Input {
        place: "moves".into(),
        problem,
    };
    if text.starts_with('[') {
        let pairs: Vec<[Cell; 2]> = serde_json::from_str(text)
            .map_err(|e| bad(format!("not a JSON array of [from, to] pairs: {e}")))?;
        return Ok(pairs.into_iter().map(|[f, t]| Step::Pair(f, t)).collect());
    }
    if text.contains('-') {
        return text
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
            .enumerate()
            .map(|(i, word)| {
                // Digits only, as in board specs: no sign, no spaces.
                let pair = word
                    .split_once('-')
                    .and_then(|(f, t)| Some((digits(f)?, digits(t)?)));
                pair.map(|(f, t)| Step::Pair(f, t)).ok_or_else(|| {
                    bad(format!(
                        "move {} ('{}') is not a from-to pair of cells",
                        i + 1,
                        crate::error::shorten(word)
                    ))
                })
            })
            .collect();
    }
    letters(text)
        .map(|l| l.into_iter().map(Step::Letter).collect())
        .map_err(bad)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(spec: &str) -> Board {
        spec.parse().unwrap()
    }

    #[test]
    fn letters_pairs_and_json_play_alike() {
        let b = board("3x3");
        let from: Arrangement = "1 2 3/4 5 6/7 8 0".parse().unwrap();
        let (a, end) = play(&b, &from, "R2 D").unwrap();
        let (p, _) = play(&b, &from, "7-8, 6-7 3-6").unwrap();
        let (j, _) = play(&b, &from, "[[7,8],[6,7],[3,6]]").unwrap();
        assert_eq!(a, p);
        assert_eq!(a, j);
        assert_eq!(end.blank(), Some(3));
        assert_eq!(play(&b, &from, "rrd").unwrap().0, a);
    }

    #[test]
    fn illegal_moves_name_their_index_and_why() {
        let b = board("3x3");
        let from: Arrangement = "1 2 3/4 5 6/7 8 0".parse().unwrap();
        let e = play(&b, &from, "R2L2U").unwrap_err().to_string();
        assert!(e.contains("move 5") && e.contains("below"), "{e}");
        let e = play(&b, &from, "7-8 7-6").unwrap_err().to_string();
        assert!(e.contains("move 2") && e.contains("not the blank"), "{e}");
        let e = play(&b, &from, "8-5").unwrap_err().to_string();
        assert!(e.contains("move 1") && e.contains("not the blank"), "{e}");
        let e = play(&b, &from, "4-8").unwrap_err().to_string();
        assert!(e.contains("not adjacent"), "{e}");
        let e = play(&b, &from, "9-8").unwrap_err().to_string();
        assert!(e.contains("off the board"), "{e}");
        let e = play(&b, &from, "RX").unwrap_err().to_string();
        assert!(e.contains("'X' at character 2"), "{e}");
        let e = play(&b, &from, "R99999999999").unwrap_err().to_string();
        assert!(e.contains("over"), "{e}");
        let e = play(&b, &from, &"R1048576".repeat(40))
            .unwrap_err()
            .to_string();
        assert!(e.contains("more than"), "{e}");
    }

    #[test]
    fn letters_respect_holes() {
        // .#
        // ##   cells 0 (top right), 1, 2; the blank on 1 (bottom left).
        let b = board("mask:.#/##");
        let from: Arrangement = "1 0 2".parse().unwrap();
        assert!(play(&b, &from, "D").is_err(), "a hole above the blank");
        let (moves, end) = play(&b, &from, "LD").unwrap();
        assert_eq!(moves.len(), 2);
        assert_eq!(end.tokens(), &[0, 2, 1]);
    }

    #[test]
    fn letters_need_a_2d_board() {
        let b = board("theta0");
        let from = Arrangement::new((0..7).collect());
        assert!(play(&b, &from, "R").is_err());
        assert!(play(&b, &from, "2-0").is_ok());
    }
}
