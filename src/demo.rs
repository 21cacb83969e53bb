//! `npuzzle demo`: the judge problems' samples, on embedded input, so that
//! one command on a fresh machine shows the whole tool at work.

use std::io::Write;

use anyhow::Result;
use npuzzle_core::formats::judge::{self, JudgeFormat};
use npuzzle_core::{Arrangement, Board, reach};

/// Judge samples: format, title, input.
const SAMPLES: &[(JudgeFormat, &str, &str)] = &[
    (
        JudgeFormat::Odd,
        "odd n×n puzzle (AcWing 108)",
        "3\n1 2 3\n4 5 6\n7 8 0\n1 2 3\n4 5 6\n7 0 8\n3\n1 2 3 4 5 6 7 8 0\n2 1 3 4 5 6 7 8 0\n",
    ),
    (
        JudgeFormat::Mxn,
        "M×N puzzle (POJ 2893)",
        "3 3\n1 2 3\n4 0 6\n7 5 8\n2 2\n2 1\n3 0\n0 0\n",
    ),
    (
        JudgeFormat::Commedia,
        "M×M×M cube (UVa 716 / POJ 1507)",
        "2\n2\n1 2 3 4\n5 6 7 0\n2\n2 1 3 4\n5 6 7 0\n",
    ),
    (
        JudgeFormat::Hdu4021,
        "24 Puzzle (HDU 4021)",
        "2\n0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23\n3 1 2 0 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23\n0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23\n3 0 2 1 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23\n",
    ),
];

/// Questions on other boards: spec, from, to.
const QUESTIONS: &[(&str, &str, &str)] = &[
    (
        "4x4",
        "1 2 3 4/5 6 7 8/9 10 11 0/12 13 14 15",
        "1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 0",
    ),
    ("theta0", "0 1 2 3 4 5 6", "0 2 1 3 4 5 6"),
    (
        "graph:6:0-1,1-2,2-3,3-4,4-0,2-5",
        "0 1 2 3 4 5",
        "0 2 1 3 4 5",
    ),
    ("mask:##./###/.##", "1 2 3 4 0 5 6", "6 5 4 3 2 1 0"),
];

/// Prints every sample's input summary and npuzzle's answers.
pub fn run(out: &mut impl Write) -> Result<()> {
    for (format, title, input) in SAMPLES {
        let mut answers = Vec::new();
        judge::run(*format, input.as_bytes(), &mut answers)?;
        writeln!(out, "== {title}")?;
        out.write_all(&answers)?;
    }
    writeln!(out, "== other boards")?;
    for (spec, from, to) in QUESTIONS {
        let board: Board = spec.parse()?;
        let verdict = reach(
            &board,
            &from.parse::<Arrangement>()?,
            &to.parse::<Arrangement>()?,
        )?;
        let answer = match verdict.reason() {
            None => "reachable".to_string(),
            Some(r) => format!("unreachable: {r}"),
        };
        writeln!(out, "{spec}: {from} -> {to}: {answer}")?;
    }
    Ok(())
}
