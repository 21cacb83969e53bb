//! Boards drawn as text: 2-D boards as a grid (holes left empty), boxes
//! of three or more dimensions as 2-D layers side by side, other graphs
//! as their cells with degree, token and neighbours. Each cell shows its
//! token, or its number when no arrangement is given; with colour, tiles
//! on their goal cell are green and the blank is dim.

use std::io::{self, Write};

use crate::arrangement::{BLANK, Token};
use crate::board::{Board, Layout};

/// What to draw on a board.
#[derive(Clone, Copy, Debug, Default)]
pub struct Drawing<'a> {
    /// The tokens on the cells; cell numbers when `None`.
    pub tokens: Option<&'a [Token]>,
    /// The goal: tiles standing on their goal cell are marked.
    pub goal: Option<&'a [Token]>,
    /// ANSI colours (for a terminal).
    pub color: bool,
}

const GREEN: &str = "\x1b[32m";
const DIM: &str = "\x1b[2m";
const RESET: &str = "\x1b[0m";

impl Drawing<'_> {
    /// The board drawn as lines of text, each ending in a newline.
    ///
    /// # Panics
    /// When `tokens` or `goal` do not have one token per cell.
    ///
    /// # Examples
    /// ```
    /// use npuzzle_core::{Board, formats::draw::Drawing};
    /// let board: Board = "mask:.#/##".parse().unwrap();
    /// assert_eq!(Drawing::default().draw(&board), "   0\n 1 2\n");
    /// let tokens = [2, 0, 1];
    /// let drawing = Drawing { tokens: Some(&tokens), ..Drawing::default() };
    /// assert_eq!(drawing.draw(&board), "   2\n . 1\n");
    /// ```
    pub fn draw(&self, board: &Board) -> String {
        let mut out = Vec::new();
        self.write_to(board, &mut out)
            .expect("writing to memory does not fail");
        String::from_utf8(out).expect("labels are text")
    }

    /// The same lines as [`draw`](Self::draw), written to `out` one at a
    /// time: memory does not grow with the board.
    ///
    /// # Errors
    /// What writing to `out` gives.
    ///
    /// # Panics
    /// When `tokens` or `goal` do not have one token per cell.
    pub fn write_to(&self, board: &Board, out: &mut dyn Write) -> io::Result<()> {
        for list in [self.tokens, self.goal].into_iter().flatten() {
            assert_eq!(list.len(), board.cell_count(), "one token per cell");
        }
        let width = self.width(board);
        match board.layout() {
            Layout::Box { dims } => {
                let (rows, cols) = match dims.len() {
                    1 => (1, dims[0]),
                    _ => (dims[dims.len() - 2], dims[dims.len() - 1]),
                };
                let layers = board.cell_count() / (rows * cols);
                let grid = |layer: usize, r: usize, c: usize| {
                    Some((layer * rows * cols + r * cols + c) as u32)
                };
                self.layers(layers, rows, cols, width, grid, out)
            }
            Layout::Mask { rows, cols, .. } => {
                self.layers(1, *rows, *cols, width, |_, r, c| board.cell_at(r, c), out)
            }
            Layout::Graph => self.graph(board, out),
        }
    }

    /// The widest label, so that columns line up.
    fn width(&self, board: &Board) -> usize {
        let widest = match self.tokens {
            Some(tokens) => tokens.iter().copied().max().unwrap_or(0) as usize,
            None => board.cell_count().saturating_sub(1),
        };
        widest.to_string().len()
    }

    /// What stands on `cell`, padded to `width`, coloured when asked.
    fn label(&self, cell: u32, width: usize) -> String {
        let c = cell as usize;
        let Some(tokens) = self.tokens else {
            return format!("{cell:>width$}");
        };
        let token = tokens[c];
        let text = match token {
            BLANK => format!("{:>width$}", "."),
            t => format!("{t:>width$}"),
        };
        match (self.color, token, self.goal) {
            (true, BLANK, _) => format!("{DIM}{text}{RESET}"),
            (true, t, Some(goal)) if goal[c] == t => format!("{GREEN}{text}{RESET}"),
            _ => text,
        }
    }

    /// `layers` grids of `rows` × `cols` side by side; `cell_at` gives the
    /// cell at (layer, row, column), `None` for a hole.
    fn layers(
        &self,
        layers: usize,
        rows: usize,
        cols: usize,
        width: usize,
        cell_at: impl Fn(usize, usize, usize) -> Option<u32>,
        out: &mut dyn Write,
    ) -> io::Result<()> {
        for r in 0..rows {
            let mut line = String::new();
            for layer in 0..layers {
                if layer > 0 {
                    line.push_str("  |");
                }
                for c in 0..cols {
                    line.push(' ');
                    match cell_at(layer, r, c) {
                        Some(cell) => line.push_str(&self.label(cell, width)),
                        None => line.push_str(&" ".repeat(width)),
                    }
                }
            }
            writeln!(out, "{}", line.trim_end())?;
        }
        Ok(())
    }

    /// A graph: one line per cell with its degree and neighbours.
    fn graph(&self, board: &Board, out: &mut dyn Write) -> io::Result<()> {
        writeln!(
            out,
            "{} cells, {} edges",
            board.cell_count(),
            board.edge_count()
        )?;
        let width = board.cell_count().saturating_sub(1).to_string().len();
        for cell in 0..board.cell_count() as u32 {
            let neighbours: Vec<String> =
                board.neighbours(cell).iter().map(u32::to_string).collect();
            write!(out, "cell {cell:>width$}  degree {}  ", neighbours.len())?;
            if self.tokens.is_some() {
                write!(out, "token {}  ", self.label(cell, 1))?;
            }
            writeln!(out, "-> {}", neighbours.join(" "))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(spec: &str) -> Board {
        spec.parse().unwrap()
    }

    #[test]
    fn grids_show_numbers_or_tokens() {
        let b = board("3x3");
        assert_eq!(Drawing::default().draw(&b), " 0 1 2\n 3 4 5\n 6 7 8\n");
        let tokens = [8, 2, 0, 4, 6, 1, 3, 7, 5];
        let d = Drawing {
            tokens: Some(&tokens),
            ..Drawing::default()
        };
        assert_eq!(d.draw(&b), " 8 2 .\n 4 6 1\n 3 7 5\n");
    }

    #[test]
    fn the_hdu_board_shows_how_its_cells_are_numbered() {
        let drawn = Drawing::default().draw(&board("hdu4021"));
        let lines: Vec<&str> = drawn.lines().collect();
        assert_eq!(lines.len(), 6);
        assert_eq!(lines[0], "     0        1");
        assert_eq!(lines[1], "  2  3  4  5  6  7");
    }

    #[test]
    fn boxes_of_three_dimensions_are_layers_side_by_side() {
        let drawn = Drawing::default().draw(&board("2x2x2"));
        assert_eq!(drawn, " 0 1  | 4 5\n 2 3  | 6 7\n");
        assert_eq!(Drawing::default().draw(&board("1x3")), " 0 1 2\n");
    }

    #[test]
    fn colour_marks_tiles_at_home_and_the_blank() {
        let b = board("1x3");
        let (tokens, goal) = ([1, 0, 2], [1, 2, 0]);
        let d = Drawing {
            tokens: Some(&tokens),
            goal: Some(&goal),
            color: true,
        };
        let drawn = d.draw(&b);
        assert!(drawn.contains(&format!("{GREEN}1{RESET}")), "{drawn:?}");
        assert!(drawn.contains(&format!("{DIM}.{RESET}")), "{drawn:?}");
        assert!(!drawn.contains(&format!("{GREEN}2")), "{drawn:?}");
    }

    #[test]
    fn graphs_list_cells_degrees_and_neighbours() {
        let drawn = Drawing::default().draw(&board("graph:3:0-1,1-2"));
        assert_eq!(
            drawn,
            "3 cells, 2 edges\ncell 0  degree 1  -> 1\ncell 1  degree 2  -> 0 2\ncell 2  degree 1  -> 1\n"
        );
    }
}
