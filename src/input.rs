//! What the command line reads: board specs and arrangements given in
//! an argument or, with `@FILE`, in a file of bounded size.

use anyhow::{Context, Result, bail};
use npuzzle_core::{Arrangement, Board};

/// The most bytes read from an `@FILE` argument (a 2^26-cell board
/// written out fits).
const MAX_FILE: u64 = 1 << 30;

/// The text of an argument, or of the file it names with `@FILE` (big
/// boards do not fit in an argument list), at most [`MAX_FILE`] bytes.
pub fn argument_text<'a>(arg: &'a str, which: &str) -> Result<std::borrow::Cow<'a, str>> {
    use std::io::Read;
    let Some(path) = arg.strip_prefix('@') else {
        return Ok(arg.into());
    };
    let file =
        std::fs::File::open(path).with_context(|| format!("{which}: cannot read '{path}'"))?;
    let mut text = String::new();
    file.take(MAX_FILE + 1)
        .read_to_string(&mut text)
        .with_context(|| format!("{which}: cannot read '{path}' as text"))?;
    if text.len() as u64 > MAX_FILE {
        bail!("{which}: '{path}' is over {MAX_FILE} bytes");
    }
    Ok(text.into())
}

/// A board spec from the command line, or from a file with `@FILE`.
pub fn read_spec(arg: &str) -> Result<Board> {
    let text = argument_text(arg, "board")?;
    if arg.starts_with('@') && text.trim_start().starts_with('@') {
        bail!(
            "board file '{}' refers to another file; write the spec itself",
            &arg[1..]
        );
    }
    Ok(text.parse()?)
}

/// An arrangement from the command line, or from a file with `@FILE`.
pub fn arrangement(arg: &str, which: &str) -> Result<Arrangement> {
    Ok(Arrangement::parse_named(
        &argument_text(arg, which)?,
        which,
    )?)
}
