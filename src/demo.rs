//! `npuzzle demo`: the judge problems' samples, on embedded input, so that
//! one command on a fresh machine shows the whole tool at work.

use std::io::Write;

use anyhow::Result;
use npuzzle_core::formats::judge::{self, JudgeFormat};
use npuzzle_core::{Arrangement, Board, reach};

/// Judge samples: format, title, input (the problems' published samples
/// where we have them, else a small case of the format).
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
    (
        JudgeFormat::Poj1077,
        "Eight (POJ 1077)",
        "2  3  4  1  5  x  7  6  8\n",
    ),
    (
        JudgeFormat::Hdu1043,
        "Eight (HDU 1043)",
        "2 3 4 1 5 x 7 6 8\n2 1 3 4 5 6 7 8 x\n",
    ),
    (
        JudgeFormat::Uva652,
        "Eight (UVa 652)",
        "2\n\n2 3 4 1 5 x 7 6 8\n\n1 2 3 4 5 6 7 x 8\n",
    ),
    (
        JudgeFormat::Hdu3567,
        "Eight II (HDU 3567)",
        "2\n12X453786\n12345678X\n564178X23\n7568X4123\n",
    ),
    (
        JudgeFormat::Uva10181,
        "15-Puzzle Problem (UVa 10181)",
        "2\n2 3 4 0\n1 5 7 8\n9 6 10 12\n13 14 11 15\n13 1 2 4\n5 0 3 7\n9 6 10 12\n15 8 11 14\n",
    ),
    (
        JudgeFormat::Poj3240,
        "the n²−1 puzzle (POJ 3240)",
        "3\n1 2 3\n4 5 6\n0 7 8\n",
    ),
    (
        JudgeFormat::Hdu6620,
        "Just an Old Puzzle (HDU 6620)",
        "2\n1 2 3 4\n5 6 7 8\n9 10 0 12\n13 14 11 15\n1 2 3 4\n5 6 7 8\n9 10 11 12\n13 15 14 0\n",
    ),
    (
        JudgeFormat::Sgu139,
        "Help Needed! (SGU 139)",
        "1 2 3 4\n5 6 7 8\n9 10 11 0\n13 14 15 12\n",
    ),
    (
        JudgeFormat::Cf645a,
        "Amity Assessment (Codeforces 645A)",
        "AB\nXC\nXB\nAC\n",
    ),
    (
        JudgeFormat::Abc224d,
        "8 Puzzle on Graph (AtCoder ABC 224 D)",
        "5\n1 2\n1 3\n1 9\n2 9\n3 9\n3 9 2 4 5 6 7 8\n",
    ),
    (
        JudgeFormat::Hdu3095,
        "Eleven puzzle (HDU 3095)",
        "3\n2 1 0 3 4 5 6 7 8 9 0 11 10\n0 1 2 3 4 5 6 7 8 9 10 11 0\n0 11 10 9 8 7 6 5 4 3 2 1 0\n",
    ),
    (
        JudgeFormat::SpojSolving,
        "Solving the Puzzle (SPOJ SOLVING)",
        "1\n4\n1 2 3 4\n5 6 7 8\n9 10 11 12\n13 0 14 15\n",
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

/// Prints every sample: its title and command, its input (each line
/// after `<`) and npuzzle's answers.
pub(crate) fn run(out: &mut impl Write) -> Result<()> {
    // The 15-puzzle samples search: their tables are cached as solve's.
    let cache = crate::cache::cache_or_warn();
    for (format, title, input) in SAMPLES {
        let mut answers = Vec::new();
        judge::run_with_cache(*format, input.as_bytes(), &mut answers, cache.clone())?;
        let name = judge::FORMATS
            .iter()
            .find(|(f, ..)| f == format)
            .map_or("?", |(_, name, ..)| name);
        writeln!(out, "== {title}: npuzzle judge {name}")?;
        for line in input.lines() {
            writeln!(out, "{}", format!("< {line}").trim_end())?;
        }
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
