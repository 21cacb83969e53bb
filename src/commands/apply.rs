//! `npuzzle apply`: a move sequence played, checked, inverted or
//! simplified.

use anyhow::{Result, bail};
use npuzzle_core::moves::play;
use npuzzle_core::{invert, simplify};

use crate::cli::ApplyArgs;
use crate::draw::{arrangement_text, moves_text};
use crate::input::{self, arrangement};

/// `npuzzle apply`: plays the moves from `from` and prints where they
/// end, or checks that against `to`, or prints the moves inverted or
/// simplified.
pub(crate) fn run(args: ApplyArgs) -> Result<u8> {
    let (moves, words) = args.words.split_last().expect("clap requires the moves");
    let [board, from] = input::fill([args.board.as_deref(), args.from.as_deref()], words)?;
    let Some(board) = board else {
        bail!("no board: give one with --board (-b) or as the first word");
    };
    let Some(from) = from else {
        bail!("no FROM arrangement: give one with --from (-f) or after the board");
    };
    let (board, from) = input::board_and_arrangement(board, from, "from")?;
    let (board, from) = (&board, &from);
    let to = args.to.map(|t| arrangement(board, &t, "to")).transpose()?;
    let text = input::argument_text(moves, "moves")?;
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
