//! The commands a player uses around a solution: `gen` (random
//! arrangements), `apply` (play, check, invert or simplify a move
//! sequence) and `show` (a board drawn in the terminal).

use std::io::{IsTerminal, Write};

use anyhow::Result;
use clap::ValueEnum;
use npuzzle_core::formats::draw::Drawing;
use npuzzle_core::formats::svg;
use npuzzle_core::generate::Generator;
use npuzzle_core::moves::play;
use npuzzle_core::{Arrangement, Board, Move, directions, invert, simplify};

use crate::cli::{ApplyArgs, GenArgs, ShowArgs, target};
use crate::input::{self, arrangement, read_spec};
use crate::output::write_svg;

/// When to colour a drawing.
#[derive(Clone, Copy, Default, ValueEnum)]
pub enum Color {
    /// When writing to a terminal.
    #[default]
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

impl Color {
    fn on(self) -> bool {
        match self {
            Self::Auto => std::io::stdout().is_terminal(),
            Self::Always => true,
            Self::Never => false,
        }
    }
}

/// An arrangement as it is typed: rows split by `/` on 2-D boxes, spaces
/// elsewhere.
pub fn arrangement_text(board: &Board, a: &Arrangement) -> String {
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
pub fn moves_text(board: &Board, from: &Arrangement, moves: &[Move]) -> String {
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

/// `npuzzle gen`: `count` arrangements that reach `to`, one a line.
pub fn gen_command(args: GenArgs) -> Result<u8> {
    let board = &read_spec(&args.board)?;
    let to = &target(board, args.to.as_deref(), 1)?;
    let seed = args.seed.unwrap_or_else(Generator::clock_seed);
    let mut generator = Generator::new(seed);
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for _ in 0..args.count {
        let a = match args.moves {
            Some(m) => generator.scramble(board, to, m)?,
            None => generator.reachable(board, to)?,
        };
        if args.json {
            let line = serde_json::json!({"board": board.to_string(), "from": a, "to": to});
            writeln!(out, "{line}")?;
        } else {
            writeln!(out, "{}", arrangement_text(board, &a))?;
        }
    }
    out.flush()?;
    Ok(0)
}

/// `npuzzle apply`: plays the moves from `from` and prints where they
/// end, or checks that against `to`, or prints the moves inverted or
/// simplified.
pub fn apply_command(args: ApplyArgs) -> Result<u8> {
    let (board, from) = input::board_and_arrangement(&args.board, &args.from, "from")?;
    let (board, from) = (&board, &from);
    let to = args.to.map(|t| arrangement(board, &t, "to")).transpose()?;
    let text = input::argument_text(&args.moves, "moves")?;
    let (moves, end) = play(board, from, &text)?;
    if args.invert {
        say!("{}", moves_text(board, &end, &invert(&moves)))?;
        return Ok(0);
    }
    if args.simplify {
        let short = simplify(&moves);
        say!("{}", moves_text(board, from, &short))?;
        eprintln!("{} moves, {} after simplifying", moves.len(), short.len());
        return Ok(0);
    }
    match to {
        Some(to) if to == end => {
            say!("the moves end on the target")?;
            Ok(0)
        }
        Some(_) => {
            say!("the moves end on {}", arrangement_text(board, &end))?;
            Ok(1)
        }
        None => {
            say!("{}", arrangement_text(board, &end))?;
            Ok(0)
        }
    }
}

/// `npuzzle show`: the board, with the arrangement on it when given.
pub fn show_command(args: ShowArgs) -> Result<u8> {
    let board = &read_spec(&args.board)?;
    let from = match &args.from {
        Some(text) => {
            let a = arrangement(board, text, "from")?;
            a.check(board, "from")?;
            Some(a)
        }
        None => None,
    };
    let from = from.as_ref();
    let blanks = from.map_or(1, Arrangement::blank_count);
    let to = &target(board, args.to.as_deref(), blanks)?;
    if let Some(path) = &args.svg {
        let goal = from.map(|_| to.tokens());
        let picture = svg::board(board, from.map(Arrangement::tokens), goal)?;
        write_svg(path, &picture)?;
        return Ok(0);
    }
    let color = args.color;
    let drawing = Drawing {
        tokens: from.map(Arrangement::tokens),
        goal: from.map(|_| to.tokens()),
        color: color.on(),
    };
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    drawing.write_to(board, &mut out)?;
    out.flush()?;
    Ok(0)
}

/// `solve --steps`: every arrangement from the start to the end, drawn.
pub fn print_steps(
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
