//! `npuzzle completions` and `npuzzle man`: the interface described for
//! shells and for man.

use std::io::{self, Write};

use anyhow::Result;
use clap::CommandFactory;

use crate::cli::Cli;

/// A completion script for `shell`.
pub(crate) fn completions(shell: clap_complete::Shell) -> Result<u8> {
    let mut out = io::stdout().lock();
    clap_complete::generate(shell, &mut Cli::command(), "npuzzle", &mut out);
    out.flush()?;
    Ok(0)
}

/// The manual page, in roff.
pub(crate) fn man() -> Result<u8> {
    let mut out = io::stdout().lock();
    clap_mangen::Man::new(Cli::command()).render(&mut out)?;
    out.flush()?;
    Ok(0)
}
