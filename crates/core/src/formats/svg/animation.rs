//! A solution played as an animated SVG: each move a slide of its tile,
//! timed by key times of one `<animateTransform>` per tile, so that the
//! picture plays with no script.

use std::fmt::Write;

use super::{Canvas, HOME, HOME_LINE, SvgError, TILE, TILE_LINE};
use crate::arrangement::{BLANK, Token};
use crate::board::{Board, Cell};
use crate::moves::{Move, replay};

/// The most moves an animation plays (each costs two key frames of the
/// tile it moves).
pub const MAX_ANIMATED_MOVES: usize = 20_000;

/// Moves an animation plays a second (the page's default speed).
const MOVES_PER_SECOND: f64 = 6.0;
/// The share of a move's time the tile slides; it rests the rest.
const SLIDE: f64 = 0.8;
/// Seconds the start is shown before the first move, and the end after
/// the last (then it plays again).
const LEAD: f64 = 0.8;
const HOLD: f64 = 2.0;

/// `moves` played from `from` as an animated SVG: `from` for a
/// moment, each move as a slide (six a second), the end held, then again
/// from `from`. Tiles turn green on their cell in `to`.
///
/// # Errors
/// [`SvgError::TooManyCells`], [`SvgError::TooManyMoves`] past
/// [`MAX_ANIMATED_MOVES`], [`SvgError::WrongLength`], and
/// [`SvgError::Replay`] for a move that is not legal where it comes.
///
/// # Examples
/// ```
/// use npuzzle_core::{Board, Move, formats::svg};
/// let board: Board = "1x3".parse().unwrap();
/// let moves = [Move { from: 1, to: 0 }, Move { from: 2, to: 1 }];
/// let film = svg::animation(&board, &[0, 1, 2], &[1, 2, 0], &moves).unwrap();
/// assert_eq!(film.matches("<animateTransform").count(), 2);
/// ```
pub fn animation(
    board: &Board,
    from: &[Token],
    to: &[Token],
    moves: &[Move],
) -> Result<String, SvgError> {
    let canvas = Canvas::new(board)?;
    canvas.check_length("tokens", Some(from))?;
    canvas.check_length("to", Some(to))?;
    if moves.len() > MAX_ANIMATED_MOVES {
        return Err(SvgError::TooManyMoves {
            moves: moves.len(),
            max: MAX_ANIMATED_MOVES,
        });
    }
    // Checked by the one replayer, against the end the moves reach.
    let mut end = from.to_vec();
    for m in moves {
        if let (Some(_), Some(_)) = (end.get(m.from as usize), end.get(m.to as usize)) {
            end.swap(m.from as usize, m.to as usize);
        }
    }
    replay(board, from, &end, moves)?;

    // Each tile is known by the cell it starts on; `on[cell]` is the tile
    // on a cell now. Key frames: (seconds, cell) at the start and at the
    // start and end of each of its slides.
    let step = 1.0 / MOVES_PER_SECOND;
    let total = LEAD + moves.len() as f64 * step + HOLD;
    let mut on: Vec<Option<usize>> = (0..from.len())
        .map(|c| (from[c] != BLANK).then_some(c))
        .collect();
    let mut frames: Vec<Vec<(f64, Cell)>> =
        (0..from.len()).map(|c| vec![(0.0, c as Cell)]).collect();
    for (k, m) in moves.iter().enumerate() {
        let tile = on[m.from as usize].take().expect("replayed: a tile moves");
        on[m.to as usize] = Some(tile);
        let begin = LEAD + k as f64 * step;
        frames[tile].push((begin, m.from));
        frames[tile].push((begin + SLIDE * step, m.to));
    }

    let mut out = canvas.open();
    let _ = writeln!(
        out,
        "<desc>{} moves, {MOVES_PER_SECOND} a second, then again</desc>",
        moves.len()
    );
    out.push_str("<g class=\"tiles\">\n");
    for (cell, &token) in from.iter().enumerate() {
        if token == BLANK {
            continue;
        }
        let path = &frames[cell];
        let mut inside = String::new();
        if path.len() > 1 {
            let (times, values): (Vec<String>, Vec<String>) = path
                .iter()
                .chain(std::iter::once(&(total, path[path.len() - 1].1)))
                .map(|&(t, c)| {
                    let [x, y] = canvas.corner(c as usize);
                    (fraction(t / total), format!("{x} {y}"))
                })
                .unzip();
            let _ = write!(
                inside,
                "<animateTransform attributeName=\"transform\" type=\"translate\" \
                 dur=\"{total:.3}s\" repeatCount=\"indefinite\" keyTimes=\"{}\" values=\"{}\"/>",
                times.join(";"),
                values.join(";")
            );
        }
        let home = |c: Cell| to[c as usize] == token;
        let colours = |c: Cell| {
            if home(c) {
                (HOME, HOME_LINE)
            } else {
                (TILE, TILE_LINE)
            }
        };
        // The colour after each slide: a discrete animation of the tile's
        // shape, whenever being home changes.
        let mut turns = vec![(0.0, path[0].1)];
        for pair in path[1..].chunks(2) {
            if let [_, (t, c)] = pair {
                let last = turns[turns.len() - 1].1;
                if home(*c) != home(last) {
                    turns.push((*t, *c));
                }
            }
        }
        let mut shape_inside = String::new();
        if turns.len() > 1 {
            for (attribute, pick) in [("fill", 0), ("stroke", 1)] {
                let (times, values): (Vec<String>, Vec<&str>) = turns
                    .iter()
                    .map(|&(t, c)| {
                        let (fill, stroke) = colours(c);
                        (fraction(t / total), if pick == 0 { fill } else { stroke })
                    })
                    .unzip();
                let _ = write!(
                    shape_inside,
                    "<animate attributeName=\"{attribute}\" calcMode=\"discrete\" \
                     dur=\"{total:.3}s\" repeatCount=\"indefinite\" keyTimes=\"{}\" values=\"{}\"/>",
                    times.join(";"),
                    values.join(";")
                );
            }
        }
        canvas.tile(
            &mut out,
            cell,
            token,
            home(cell as Cell),
            &inside,
            &shape_inside,
        );
    }
    out.push_str("</g>\n</svg>\n");
    Ok(out)
}

/// A key time: a fraction of the whole, in 0..=1, written short.
fn fraction(t: f64) -> String {
    let t = t.clamp(0.0, 1.0);
    let text = format!("{t:.7}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text.is_empty() {
        "0".to_string()
    } else {
        text.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::svg::{board as picture, escape};
    use crate::moves::ReplayError;

    #[test]
    fn an_animation_moves_each_tile_through_its_cells_and_ends_on_the_goal() {
        let board: Board = "2x2".parse().unwrap();
        // The blank goes round once: every tile moves.
        let start = [1, 2, 3, 0];
        let moves = [
            Move { from: 2, to: 3 },
            Move { from: 0, to: 2 },
            Move { from: 1, to: 0 },
            Move { from: 3, to: 1 },
        ];
        let goal = [2, 3, 0, 1];
        let film = animation(&board, &start, &goal, &moves).unwrap();
        assert_eq!(film.matches("<animateTransform").count(), 3);
        // Tile 3 starts on cell 2, slides to 3 then to 1, which is home.
        let canvas = Canvas::new(&board).unwrap();
        let tile3 = film.split("data-token=\"3\"").nth(1).unwrap();
        let motion = tile3.split("<animateTransform").nth(1).unwrap();
        let values = motion
            .split("values=\"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap();
        let [a, b, c] = [2, 3, 1].map(|cell| {
            let [x, y] = canvas.corner(cell);
            format!("{x} {y}")
        });
        assert_eq!(
            values,
            [&a, &a, &b, &b, &c, &c].map(|s| s.as_str()).join(";")
        );
        assert!(
            tile3
                .split("</g>")
                .next()
                .unwrap()
                .contains("calcMode=\"discrete\"")
        );
    }

    #[test]
    fn key_times_rise_from_zero_to_one() {
        let board: Board = "3x3".parse().unwrap();
        let start = [1, 2, 3, 4, 5, 6, 7, 0, 8];
        let film = animation(
            &board,
            &start,
            &[1, 2, 3, 4, 5, 6, 7, 8, 0],
            &[Move { from: 8, to: 7 }],
        )
        .unwrap();
        let motion = film.split("<animateTransform").nth(1).unwrap();
        let times = motion
            .split("keyTimes=\"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap();
        let times: Vec<f64> = times.split(';').map(|t| t.parse().unwrap()).collect();
        assert_eq!(times.first(), Some(&0.0));
        assert_eq!(times.last(), Some(&1.0));
        assert!(times.windows(2).all(|w| w[0] <= w[1]));
    }

    #[test]
    fn bad_moves_and_sizes_are_refused() {
        let board: Board = "1x3".parse().unwrap();
        let err =
            animation(&board, &[0, 1, 2], &[1, 2, 0], &[Move { from: 2, to: 0 }]).unwrap_err();
        assert!(matches!(
            err,
            SvgError::Replay(ReplayError::NotAdjacent { index: 1, .. })
        ));
        let err =
            animation(&board, &[1, 0, 2], &[1, 2, 0], &[Move { from: 2, to: 0 }]).unwrap_err();
        assert!(matches!(
            err,
            SvgError::Replay(ReplayError::NotBlank { index: 1, .. })
        ));
        let many = vec![Move { from: 1, to: 0 }; MAX_ANIMATED_MOVES + 1];
        assert!(matches!(
            animation(&board, &[0, 1, 2], &[1, 2, 0], &many),
            Err(SvgError::TooManyMoves { .. })
        ));
        let big: Board = "101x100".parse().unwrap();
        assert!(matches!(
            picture(&big, None, None),
            Err(SvgError::TooManyCells { .. })
        ));
        assert!(matches!(
            picture(&board, Some(&[1, 0]), None),
            Err(SvgError::WrongLength {
                which: "tokens",
                ..
            })
        ));
        let escaped = escape("a<b & \"c\"");
        assert_eq!(escaped, "a&lt;b &amp; &quot;c&quot;");
    }
}
