//! Boards as SVG pictures people can keep: the board with its tokens
//! ([`board`], in this file, with what every picture shares: the canvas,
//! the colours, the bounds), and a solution played as an animation
//! ([`animation`], in `animation.rs`) that needs no script (SMIL
//! `<animateTransform>`), so that it plays in a browser, an `<img>` tag
//! and a README alike.
//!
//! The look is the web page's: cells as squares on 2-D boards and on the
//! layers of boxes of three or more dimensions (from [`layout`]), as
//! circles joined by their edges on graphs; tiles on their goal cell are
//! green. Colours are attributes rather than a style sheet, so that
//! viewers without CSS draw them too.

use std::fmt::Write;

use thiserror::Error;

mod animation;

pub use animation::{MAX_ANIMATED_MOVES, animation};

use super::layout::{self, Placement};
use crate::arrangement::{BLANK, Token};
use crate::board::{Board, Layout};
use crate::moves::ReplayError;

/// The most cells a picture draws (a bigger one would weigh megabytes
/// and show nothing a person can read).
pub const MAX_SVG_CELLS: usize = 10_000;

/// The most edges a picture draws: one `<line>` each (about 80 bytes), so
/// that a picture stays within a few megabytes (a 100×100 box has
/// 19,800).
pub const MAX_SVG_EDGES: usize = 40_000;

/// The most characters of the board's spec the picture's title holds.
const MAX_TITLE: usize = 200;

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
}
