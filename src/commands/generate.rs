//! `npuzzle gen`: random arrangements that reach a target.

use std::io::Write;

use anyhow::Result;
use npuzzle_core::generate::Generator;

use crate::cli::GenArgs;
use crate::draw::arrangement_text;
use crate::input::{read_spec, target};

/// `npuzzle gen`: `count` arrangements that reach `to`, one a line.
pub(crate) fn run(args: GenArgs) -> Result<u8> {
    let spec = args.board.as_deref().or(args.board_word.as_deref());
    let board = &read_spec(spec.expect("clap requires a board"))?;
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
