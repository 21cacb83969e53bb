//! Boards as SVG pictures people can keep: the board with its tokens
//! ([`board`]), and a solution played as an animation ([`animation`])
//! that needs no script (SMIL `<animateTransform>`), so that it plays in
//! a browser, an `<img>` tag and a README alike.
//!
//! The look is the web page's: cells as squares on 2-D boards and on the
//! layers of boxes of three or more dimensions (from [`layout`]), as
//! circles joined by their edges on graphs; tiles on their goal cell are
//! green. Colours are attributes rather than a style sheet, so that
//! viewers without CSS draw them too.

use std::fmt::Write;

use thiserror::Error;

use super::layout::{self, Placement};
use crate::arrangement::{BLANK, Token};
use crate::board::{Board, Cell, Layout};
use crate::moves::{Move, ReplayError, replay};

/// The most cells a picture draws (a bigger one would weigh megabytes
/// and show nothing a person can read).
pub const MAX_SVG_CELLS: usize = 10_000;

/// The most edges a picture draws: one `<line>` each (about 80 bytes), so
/// that a picture stays within a few megabytes (a 100×100 box has
/// 19,800).
pub const MAX_SVG_EDGES: usize = 40_000;

/// The most characters of the board's spec the picture's title holds.
const MAX_TITLE: usize = 200;

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

const PAPER: &str = "#ffffff";
const LINE: &str = "#d9d5cc";
const SLOT: &str = "#e6e1d6";
const EDGE: &str = "#a9a295";
const MUTED: &str = "#5d6475";
const TILE: &str = "#f0b35a";
const TILE_LINE: &str = "#c98a2f";
const TILE_INK: &str = "#2b1d07";
const HOME: &str = "#58b06c";
const HOME_LINE: &str = "#35854a";

/// Why a picture was not drawn.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum SvgError {
    /// The board has more cells than a picture draws.
    #[error("an SVG picture draws at most {max} cells; this board has {cells}")]
    TooManyCells {
        /// The board's cells.
        cells: usize,
        /// [`MAX_SVG_CELLS`].
        max: usize,
    },
    /// The board has more edges than a picture draws.
    #[error("an SVG picture draws at most {max} edges; this board has {edges}")]
    TooManyEdges {
        /// The board's edges.
        edges: usize,
        /// [`MAX_SVG_EDGES`].
        max: usize,
    },
    /// The solution has more moves than an animation plays.
    #[error("an animated SVG plays at most {max} moves; this solution has {moves}")]
    TooManyMoves {
        /// The solution's moves.
        moves: usize,
        /// [`MAX_ANIMATED_MOVES`].
        max: usize,
    },
    /// A token list does not have one token per cell.
    #[error("{which} has {tokens} tokens for {cells} cells")]
    WrongLength {
        /// `tokens` or `goal`.
        which: &'static str,
        /// Its tokens.
        tokens: usize,
        /// The board's cells.
        cells: usize,
    },
    /// A move is not legal where it is played.
    #[error("{0}")]
    Replay(#[from] ReplayError),
}

/// Whether `board` is small enough to draw, so that a caller can say so
/// before it solves anything.
///
/// # Errors
/// [`SvgError::TooManyCells`] past [`MAX_SVG_CELLS`],
/// [`SvgError::TooManyEdges`] past [`MAX_SVG_EDGES`].
pub fn check_size(board: &Board) -> Result<(), SvgError> {
    let cells = board.cell_count();
    if cells > MAX_SVG_CELLS {
        return Err(SvgError::TooManyCells {
            cells,
            max: MAX_SVG_CELLS,
        });
    }
    let edges = board.edge_count();
    if edges > MAX_SVG_EDGES {
        return Err(SvgError::TooManyEdges {
            edges,
            max: MAX_SVG_EDGES,
        });
    }
    Ok(())
}

/// The board drawn as SVG: each cell's token on it, tiles on their `goal`
/// cell green; with no `tokens`, the cells with their numbers.
///
/// # Errors
/// [`SvgError::TooManyCells`] past [`MAX_SVG_CELLS`];
/// [`SvgError::WrongLength`] when `tokens` or `goal` does not have one
/// token per cell.
///
/// # Examples
/// ```
/// use npuzzle_core::{Board, formats::svg};
/// let board: Board = "2x2".parse().unwrap();
/// let picture = svg::board(&board, Some(&[1, 2, 3, 0]), Some(&[1, 2, 3, 0])).unwrap();
/// assert!(picture.starts_with("<svg"));
/// assert_eq!(picture.matches("class=\"tile\"").count(), 3);
/// ```
pub fn board(
    board: &Board,
    tokens: Option<&[Token]>,
    goal: Option<&[Token]>,
) -> Result<String, SvgError> {
    let canvas = Canvas::new(board)?;
    for (which, list) in [("tokens", tokens), ("goal", goal)] {
        canvas.check_length(which, list)?;
    }
    let mut out = canvas.open();
    match tokens {
        Some(tokens) => {
            out.push_str("<g class=\"tiles\">\n");
            for (cell, &token) in tokens.iter().enumerate() {
                if token != BLANK {
                    let home = goal.is_some_and(|g| g[cell] == token);
                    canvas.tile(&mut out, cell, token, home, "", "");
                }
            }
            out.push_str("</g>\n");
        }
        None => canvas.cell_numbers(&mut out),
    }
    out.push_str("</svg>\n");
    Ok(out)
}

/// `moves` played from `start` as an animated SVG: the start for a
/// moment, each move as a slide (six a second), the end held, then again
/// from the start. Tiles turn green on their `goal` cell.
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
    start: &[Token],
    goal: &[Token],
    moves: &[Move],
) -> Result<String, SvgError> {
    let canvas = Canvas::new(board)?;
    canvas.check_length("tokens", Some(start))?;
    canvas.check_length("goal", Some(goal))?;
    if moves.len() > MAX_ANIMATED_MOVES {
        return Err(SvgError::TooManyMoves {
            moves: moves.len(),
            max: MAX_ANIMATED_MOVES,
        });
    }
    // Checked by the one replayer, against the end the moves reach.
    let mut end = start.to_vec();
    for m in moves {
        if let (Some(_), Some(_)) = (end.get(m.from as usize), end.get(m.to as usize)) {
            end.swap(m.from as usize, m.to as usize);
        }
    }
    replay(board, start, &end, moves)?;

    // Each tile is known by the cell it starts on; `on[cell]` is the tile
    // on a cell now. Key frames: (seconds, cell) at the start and at the
    // start and end of each of its slides.
    let step = 1.0 / MOVES_PER_SECOND;
    let total = LEAD + moves.len() as f64 * step + HOLD;
    let mut on: Vec<Option<usize>> = (0..start.len())
        .map(|c| (start[c] != BLANK).then_some(c))
        .collect();
    let mut frames: Vec<Vec<(f64, Cell)>> =
        (0..start.len()).map(|c| vec![(0.0, c as Cell)]).collect();
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
    for (cell, &token) in start.iter().enumerate() {
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
        let home = |c: Cell| goal[c as usize] == token;
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

/// Where things go: the board's placement scaled to pixels.
struct Canvas<'a> {
    placement: Placement,
    /// Pixels a cell.
    unit: f64,
    /// Cells drawn as circles joined by their edges, not squares.
    graph: bool,
    board: &'a Board,
}

/// A board's spec as a title: cut after [`MAX_TITLE`] characters (a
/// graph's spec can run to megabytes).
fn title(spec: &str) -> String {
    match spec.char_indices().nth(MAX_TITLE) {
        Some((end, _)) => format!("{}…", &spec[..end]),
        None => spec.to_string(),
    }
}

/// Pixels of margin around the drawing.
const MARGIN: f64 = 10.0;

impl<'a> Canvas<'a> {
    fn new(board: &'a Board) -> Result<Self, SvgError> {
        check_size(board)?;
        let placement = layout::place(board);
        let [w, h] = placement.size;
        let unit = (640.0 / w.max(h).max(1.0)).floor().clamp(24.0, 72.0);
        Ok(Self {
            placement,
            unit,
            graph: matches!(board.layout(), Layout::Graph),
            board,
        })
    }

    fn check_length(&self, which: &'static str, list: Option<&[Token]>) -> Result<(), SvgError> {
        match list {
            Some(list) if list.len() != self.board.cell_count() => Err(SvgError::WrongLength {
                which,
                tokens: list.len(),
                cells: self.board.cell_count(),
            }),
            _ => Ok(()),
        }
    }

    /// A cell's centre, in pixels.
    fn centre(&self, cell: usize) -> [f64; 2] {
        let [x, y] = self.placement.centres[cell];
        [round(MARGIN + x * self.unit), round(MARGIN + y * self.unit)]
    }

    /// The top left corner of a tile's box on `cell`.
    fn corner(&self, cell: usize) -> [f64; 2] {
        let [x, y] = self.centre(cell);
        [round(x - self.unit / 2.0), round(y - self.unit / 2.0)]
    }

    /// The `<svg>` element, the paper, the edges of graphs, the cells and
    /// the layers' labels.
    fn open(&self) -> String {
        let [w, h] = self.placement.size;
        let (width, height) = (
            (w * self.unit + 2.0 * MARGIN).ceil(),
            (h * self.unit + 2.0 * MARGIN).ceil(),
        );
        let u = self.unit;
        let mut out = String::new();
        let _ = writeln!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
             viewBox=\"0 0 {width} {height}\" font-family=\"DejaVu Sans, Verdana, sans-serif\">"
        );
        let _ = writeln!(
            out,
            "<title>npuzzle: {}</title>",
            escape(&title(&self.board.to_string()))
        );
        let _ = writeln!(
            out,
            "<rect width=\"{width}\" height=\"{height}\" rx=\"10\" fill=\"{PAPER}\" stroke=\"{LINE}\"/>"
        );
        if self.graph {
            out.push_str("<g class=\"edges\">\n");
            for (a, b) in self.board.edges() {
                let ([x1, y1], [x2, y2]) = (self.centre(a as usize), self.centre(b as usize));
                let _ = writeln!(
                    out,
                    "<line x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\" stroke=\"{EDGE}\" \
                     stroke-width=\"3\" stroke-linecap=\"round\"/>"
                );
            }
            out.push_str("</g>\n");
        }
        out.push_str("<g class=\"cells\">\n");
        for cell in 0..self.board.cell_count() {
            let [x, y] = self.centre(cell);
            if self.graph {
                let _ = writeln!(
                    out,
                    "<circle class=\"cell\" cx=\"{x}\" cy=\"{y}\" r=\"{}\" fill=\"{SLOT}\"/>",
                    round(u * 0.44)
                );
            } else {
                let _ = writeln!(
                    out,
                    "<rect class=\"cell\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"{}\" fill=\"{SLOT}\"/>",
                    round(x - u / 2.0 + 1.0),
                    round(y - u / 2.0 + 1.0),
                    round(u - 2.0),
                    round(u - 2.0),
                    round(u * 0.08)
                );
            }
        }
        out.push_str("</g>\n");
        if !self.placement.labels.is_empty() {
            out.push_str("<g class=\"labels\">\n");
            for (text, [x, y]) in &self.placement.labels {
                let _ = writeln!(
                    out,
                    "<text x=\"{}\" y=\"{}\" font-size=\"13\" fill=\"{MUTED}\" dominant-baseline=\"middle\">{}</text>",
                    round(MARGIN + x * u + 2.0),
                    round(MARGIN + y * u),
                    escape(text)
                );
            }
            out.push_str("</g>\n");
        }
        out
    }

    /// The cells' numbers, when no arrangement is drawn.
    fn cell_numbers(&self, out: &mut String) {
        out.push_str("<g class=\"numbers\">\n");
        for cell in 0..self.board.cell_count() {
            let [x, y] = self.centre(cell);
            let _ = writeln!(
                out,
                "<text x=\"{x}\" y=\"{y}\" font-size=\"{}\" fill=\"{MUTED}\" text-anchor=\"middle\" \
                 dominant-baseline=\"central\">{cell}</text>",
                round(self.unit * 0.3)
            );
        }
        out.push_str("</g>\n");
    }

    /// A tile on `cell`, with `inside` in its group (its motion) and
    /// `shape_inside` in its shape (its colours over time), both empty
    /// for a tile that stays.
    fn tile(
        &self,
        out: &mut String,
        cell: usize,
        token: Token,
        home: bool,
        inside: &str,
        shape_inside: &str,
    ) {
        let u = self.unit;
        let [x, y] = self.corner(cell);
        let (fill, stroke) = if home {
            (HOME, HOME_LINE)
        } else {
            (TILE, TILE_LINE)
        };
        let label = token.to_string();
        let font = round(u * if label.len() > 3 { 0.3 } else { 0.42 });
        let _ = write!(
            out,
            "<g class=\"tile\" data-token=\"{token}\" transform=\"translate({x} {y})\">"
        );
        if self.graph {
            let _ = write!(
                out,
                "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"1.5\">{shape_inside}</circle>",
                round(u / 2.0),
                round(u / 2.0),
                round(u * 0.4)
            );
        } else {
            let _ = write!(
                out,
                "<rect x=\"3\" y=\"3\" width=\"{}\" height=\"{}\" rx=\"{}\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"1.5\">{shape_inside}</rect>",
                round(u - 6.0),
                round(u - 6.0),
                round(u * 0.12)
            );
        }
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" font-size=\"{font}\" font-weight=\"bold\" fill=\"{TILE_INK}\" \
             text-anchor=\"middle\" dominant-baseline=\"central\">{label}</text>{inside}</g>",
            round(u / 2.0),
            round(u / 2.0)
        );
    }
}

/// Pixels to two decimals.
fn round(v: f64) -> f64 {
    (v * 100.0).round() / 100.0
}

/// Text made safe inside an element.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiles(picture: &str) -> usize {
        picture.matches("class=\"tile\"").count()
    }

    /// The complete graph on `n` cells.
    fn complete(n: usize) -> Board {
        let edges: Vec<String> = (0..n)
            .flat_map(|u| (u + 1..n).map(move |v| format!("{u}-{v}")))
            .collect();
        format!("graph:{n}:{}", edges.join(",")).parse().unwrap()
    }

    #[test]
    fn a_picture_is_bounded_by_its_edges_and_its_title_by_its_length() {
        // 41,905 edges: refused before anything is laid out.
        let dense = complete(290);
        let why = board(&dense, None, None).unwrap_err();
        assert_eq!(
            why,
            SvgError::TooManyEdges {
                edges: 41_905,
                max: MAX_SVG_EDGES
            }
        );
        // 4,950 edges: drawn, the spec in the title cut.
        let picture = board(&complete(100), None, None).unwrap();
        let title = picture
            .split("<title>")
            .nth(1)
            .unwrap()
            .split("</title>")
            .next()
            .unwrap();
        assert!(
            title.chars().count() <= MAX_TITLE + 20 && title.ends_with('…'),
            "{title}"
        );
    }

    #[test]
    fn a_mask_draws_its_cells_and_tiles_but_not_its_holes() {
        let board: Board = "mask:.#/##".parse().unwrap();
        let picture = board_svg(&board, Some(&[2, 0, 1]), Some(&[1, 2, 0]));
        assert_eq!(picture.matches("class=\"cell\"").count(), 3);
        assert_eq!(tiles(&picture), 2);
        assert!(!picture.contains(HOME), "no tile is home");
        let home = board_svg(&board, Some(&[1, 2, 0]), Some(&[1, 2, 0]));
        assert_eq!(home.matches(&format!("fill=\"{HOME}\"")).count(), 2);
    }

    fn board_svg(board: &Board, tokens: Option<&[Token]>, goal: Option<&[Token]>) -> String {
        super::board(board, tokens, goal).unwrap()
    }

    #[test]
    fn without_tokens_the_cells_are_numbered() {
        let board: Board = "2x3".parse().unwrap();
        let picture = board_svg(&board, None, None);
        assert_eq!(tiles(&picture), 0);
        assert_eq!(picture.matches("</text>").count(), 6);
    }

    #[test]
    fn graphs_draw_their_edges_and_layers_their_labels() {
        let theta: Board = "theta0".parse().unwrap();
        let picture = board_svg(&theta, Some(&[1, 2, 3, 4, 5, 6, 0]), None);
        assert_eq!(picture.matches("<line").count(), 8);
        assert_eq!(picture.matches("<circle class=\"cell\"").count(), 7);
        let cube: Board = "2x2x2".parse().unwrap();
        let picture = board_svg(&cube, None, None);
        assert!(picture.contains(">layer 0</text>") && picture.contains(">layer 1</text>"));
    }

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
            super::board(&big, None, None),
            Err(SvgError::TooManyCells { .. })
        ));
        assert!(matches!(
            super::board(&board, Some(&[1, 0]), None),
            Err(SvgError::WrongLength {
                which: "tokens",
                ..
            })
        ));
        let escaped = escape("a<b & \"c\"");
        assert_eq!(escaped, "a&lt;b &amp; &quot;c&quot;");
    }
}
