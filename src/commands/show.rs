//! `npuzzle show`: a board drawn in the terminal or as an SVG picture,
//! with an arrangement on it or its cell numbers.

use std::io::Write;

use anyhow::{Result, bail};
use npuzzle_core::Arrangement;
use npuzzle_core::formats::draw::Drawing;
use npuzzle_core::formats::svg;

use crate::cli::ShowArgs;
use crate::input::{arrangement, fill, read_spec, target};
use crate::output::write_svg;

/// `npuzzle show`: the board, with the arrangement on it when given.
pub(crate) fn run(args: ShowArgs) -> Result<u8> {
    let flags = [
        args.board.as_deref(),
        args.from.as_deref(),
        args.to.as_deref(),
    ];
    let [Some(spec), from, to] = fill(flags, &args.given)? else {
        bail!("no board: give one with --board (-b) or as the first word");
    };
    let board = &read_spec(spec)?;
    let from = match from {
        Some(text) => {
            let a = arrangement(board, text, "from")?;
            a.check(board, "from")?;
            Some(a)
        }
        None => None,
    };
    let from = from.as_ref();
    let blanks = from.map_or(1, Arrangement::blank_count);
    let to = &target(board, to, blanks)?;
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
