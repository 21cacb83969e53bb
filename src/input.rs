//! What the command line reads: board specs and arrangements given in
//! an argument or, with `@FILE`, in a file of bounded size (`@-`: stdin).
//! A question's sizes are compared before its board is built, so that a
//! short argument cannot ask for a huge board.

use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::{Context, Result, bail};
use npuzzle_core::spec::spec_cells;
use npuzzle_core::{Arrangement, Board};

use crate::cli::Question;

/// The most bytes read from an `@FILE` argument (a 2^26-cell board
/// written out fits).
const MAX_FILE: u64 = 1 << 30;

/// The text of an argument, or of the file it names with `@FILE` (big
/// boards do not fit in an argument list), at most [`MAX_FILE`] bytes.
pub(crate) fn argument_text<'a>(arg: &'a str, which: &str) -> Result<std::borrow::Cow<'a, str>> {
    use std::io::Read;
    /// Whether an argument has taken stdin already.
    static STDIN_TAKEN: AtomicBool = AtomicBool::new(false);
    let Some(path) = arg.strip_prefix('@') else {
        return Ok(arg.into());
    };
    let shown = path.escape_debug().to_string();
    let source: Box<dyn Read> = if path == "-" {
        if STDIN_TAKEN.swap(true, Ordering::Relaxed) {
            bail!("{which}: stdin (@-) is read for one argument only");
        }
        Box::new(std::io::stdin().lock())
    } else {
        let file =
            std::fs::File::open(path).with_context(|| format!("{which}: cannot read '{shown}'"))?;
        Box::new(file)
    };
    let mut text = String::new();
    source
        .take(MAX_FILE + 1)
        .read_to_string(&mut text)
        .with_context(|| format!("{which}: cannot read '{shown}' as text"))?;
    if text.len() as u64 > MAX_FILE {
        bail!("{which}: '{shown}' is over {MAX_FILE} bytes");
    }
    Ok(text.into())
}

/// A board spec's text from the command line, or from a file with
/// `@FILE`.
fn spec_text(arg: &str) -> Result<std::borrow::Cow<'_, str>> {
    let text = argument_text(arg, "board")?;
    if arg.starts_with('@') && text.trim_start().starts_with('@') {
        bail!(
            "board file '{}' refers to another file; write the spec itself",
            arg[1..].escape_debug()
        );
    }
    Ok(text)
}

/// A board spec from the command line, or from a file with `@FILE`.
pub(crate) fn read_spec(arg: &str) -> Result<Board> {
    Ok(spec_text(arg)?.parse()?)
}

/// An arrangement for `board` from the command line, or from a file with
/// `@FILE`; rows marked with `/` are checked against the board's.
pub(crate) fn arrangement(board: &Board, arg: &str, which: &str) -> Result<Arrangement> {
    let text = argument_text(arg, which)?;
    Ok(Arrangement::parse_on(board, &text, which)?)
}

/// A board and an arrangement on it: the arrangement's size is checked
/// against the spec's before the board is built.
pub(crate) fn board_and_arrangement(
    board: &str,
    arg: &str,
    which: &str,
) -> Result<(Board, Arrangement)> {
    let spec = spec_text(board)?;
    let text = argument_text(arg, which)?;
    let tokens = Arrangement::parse_named(&text, which)?.tokens().len();
    // Only a board bigger than its arrangement could cost much to build;
    // a spec over the limit is refused by the board's own check.
    let big = |cells: &usize| *cells > tokens && *cells <= npuzzle_core::MAX_CELLS;
    if let Some(cells) = spec_cells(&spec).filter(big) {
        bail!("{which}: {tokens} tokens for a board of {cells} cells");
    }
    let board: Board = spec.parse()?;
    let arrangement = Arrangement::parse_on(&board, &text, which)?;
    blank_hint(&arrangement, which)?;
    Ok((board, arrangement))
}

/// Refuses, with a hint, an arrangement that writes the blank as N on a
/// board of N cells (tokens exactly 1..=N): some puzzles number it so.
fn blank_hint(arrangement: &Arrangement, which: &str) -> Result<()> {
    let tokens = arrangement.tokens();
    let n = tokens.len() as u32;
    let mut seen = vec![false; tokens.len() + 1];
    let one_to_n = tokens
        .iter()
        .all(|&t| (1..=n).contains(&t) && !std::mem::replace(&mut seen[t as usize], true));
    if n > 1 && one_to_n {
        bail!(
            "{which}: no blank (0); it seems to be written as {n}: npuzzle writes the blank as 0"
        );
    }
    Ok(())
}

/// The target given, or the solved arrangement with `blanks` blanks last.
pub(crate) fn target(board: &Board, to: Option<&str>, blanks: usize) -> Result<Arrangement> {
    match to {
        Some(text) => arrangement(board, text, "to"),
        None => Ok(Arrangement::solved_with_blanks(board.cell_count(), blanks)),
    }
}

impl Question {
    /// The board, FROM and TO a question names, read and checked.
    pub(crate) fn read(&self) -> Result<(Board, Arrangement, Arrangement)> {
        let (board, from, to) = self.texts()?;
        let (board, from) = board_and_arrangement(board, from, "from")?;
        let to = target(&board, to, from.blank_count())?;
        Ok((board, from, to))
    }

    /// The board's, FROM's and TO's texts, from their flags or in order
    /// from the words without flags.
    fn texts(&self) -> Result<(&str, &str, Option<&str>)> {
        let flags = [
            self.board.as_deref(),
            self.from.as_deref(),
            self.to.as_deref(),
        ];
        match fill(flags, &self.given)? {
            [Some(board), Some(from), to] => Ok((board, from, to)),
            [None, ..] => bail!("no board: give one with --board (-b) or as the first word"),
            [_, None, _] => {
                bail!("no FROM arrangement: give one with --from (-f) or after the board")
            }
        }
    }
}

/// What flags gave, with the words without flags filling, in order, what
/// no flag gave (`solve 3x3 "8 2 0/4 6 1/3 7 5"`, `show -b 3x3 "…"`).
///
/// # Errors
/// A word left over when every place is filled.
pub(crate) fn fill<'a, const N: usize>(
    mut flags: [Option<&'a str>; N],
    words: &'a [String],
) -> Result<[Option<&'a str>; N]> {
    let mut words = words.iter().map(String::as_str);
    for place in flags.iter_mut().filter(|place| place.is_none()) {
        *place = words.next();
    }
    if let Some(extra) = words.next() {
        bail!(
            "'{}' is one word too many: {} given already",
            extra.chars().take(24).collect::<String>(),
            ["BOARD", "FROM", "TO"][..N.min(3)].join(", ")
        );
    }
    Ok(flags)
}
