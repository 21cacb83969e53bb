//! `npuzzle reach`: whether FROM can be turned into TO, and the
//! invariant that differs.

use anyhow::Result;
use npuzzle_core::formats::jsonl;
use npuzzle_core::reach;

use super::explain;
use crate::cli::Question;

/// Prints "reachable", or "unreachable:" and the reason (or one JSON
/// object): exit 0 or 1.
pub(crate) fn run(question: &Question, json: bool) -> Result<u8> {
    let (board, from, to) = question.read()?;
    let verdict = reach(&board, &from, &to)?;
    if json {
        say!("{}", jsonl::verdict_json(&verdict))?;
    } else {
        match verdict.reason() {
            None => say!("reachable")?,
            Some(reason) => {
                say!("unreachable: {reason}")?;
                explain(reason);
            }
        }
    }
    Ok(if verdict.is_reachable() { 0 } else { 1 })
}
