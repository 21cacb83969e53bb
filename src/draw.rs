//! Arrangements and moves as a person reads them in a terminal: typed
//! text, direction letters or cell pairs, boards drawn (coloured when
//! asked), and every step of a solution.

use std::io::{IsTerminal, Write};

use anyhow::Result;
use npuzzle_core::formats::draw::Drawing;
use npuzzle_core::{Arrangement, Board, Move, directions};

use crate::cli::Color;

impl Color {
    /// Whether to colour now.
    pub(crate) fn on(self) -> bool {
        match self {
            Self::Auto => std::io::stdout().is_terminal(),
            Self::Always => true,
            Self::Never => false,
        }
    }
}

/// An arrangement as it is typed: rows split by `/` on 2-D boxes, spaces
/// elsewhere.
pub(crate) fn arrangement_text(board: &Board, a: &Arrangement) -> String {
    let tokens: Vec<String> = a.tokens().iter().map(u32::to_string).collect();
    match board.box_dims() {
        Some(&[_, cols]) if cols > 0 => tokens
            .chunks(cols)
            .map(|row| row.join(" "))
            .collect::<Vec<_>>()
            .join("/"),
        _ => tokens.join(" "),
    }
}

/// Moves in the board's notation: direction letters on 2-D boards,
/// `from-to` pairs elsewhere.
pub(crate) fn moves_text(board: &Board, from: &Arrangement, moves: &[Move]) -> String {
    // Letters name a tile by the blank it slides into: one blank only.
    let letters = (from.blank_count() == 1).then(|| directions(board, moves));
    letters.flatten().unwrap_or_else(|| {
        let pairs: Vec<String> = moves
            .iter()
            .map(|m| format!("{}-{}", m.from, m.to))
            .collect();
        pairs.join(" ")
    })
}

/// `solve --steps`: every arrangement from the start to the end, drawn.
pub(crate) fn print_steps(
    board: &Board,
    from: &Arrangement,
    to: &Arrangement,
    moves: &[Move],
    color: Color,
) -> Result<()> {
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut tokens = from.tokens().to_vec();
    let color = color.on();
    let draw = |tokens: &[u32]| {
        Drawing {
            tokens: Some(tokens),
            goal: Some(to.tokens()),
            color,
        }
        .draw(board)
    };
    writeln!(out, "start:\n{}", draw(&tokens))?;
    for (i, &m) in moves.iter().enumerate() {
        // Named as the answer names it: a letter on 2-D boards (tile
        // `t` moves that way), a cell pair elsewhere.
        let letter = (from.blank_count() == 1)
            .then(|| npuzzle_core::directions(board, &[m]))
            .flatten();
        let name = match letter {
            Some(letter) => format!("{letter}, tile {}", tokens[m.from as usize]),
            None => format!("{}-{}", m.from, m.to),
        };
        tokens.swap(m.from as usize, m.to as usize);
        writeln!(out, "move {} ({name}):\n{}", i + 1, draw(&tokens))?;
    }
    out.flush()?;
    Ok(())
}
