//! The judges' formats, byte for byte: stdin to stdout, streaming.
//!
//! - `odd` (AcWing 108): cases to end of input, each n then two n×n grids;
//!   `TAK` if they are mutually reachable, else `NIE`;
//! - `mxn` (POJ 2893): cases `M N` then M rows of N, until `0 0`; `YES` if
//!   the grid reaches 1..MN-1 with the blank last, else `NO`;
//! - `commedia` (UVa 716 / POJ 1507): a case count, then M and M³ numbers;
//!   `Puzzle can be solved.` or `Puzzle is unsolvable.`;
//! - `hdu4021` (HDU 4021): a case count, then two lines of 24 numbers on
//!   the 24-cell board; `Y` if the target is impossible, else `N`.
//!
//! Numbers may be split across lines in any way. Cases are read in order
//! and decided in batches on all cores; answers keep their order. On
//! malformed input the answers of all earlier cases are written, then the
//! error names the case and the line.
//!
//! This file is the registry of formats ([`JudgeFormat`], [`FORMATS`])
//! and the entry points; `deciders` answers the four decision formats
//! above, on the numbers `numbers` reads (vectorized where the processor
//! allows), and `classic` the word-by-word problems of the list.

use std::io::Write;

use crate::error::Error;
pub use numbers::Input;

/// One of the judge formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum JudgeFormat {
    /// AcWing 108, the odd n×n puzzle: `TAK` / `NIE`.
    Odd,
    /// POJ 2893, M×N boards to the solved grid: `YES` / `NO`.
    Mxn,
    /// UVa 716 / POJ 1507, the M×M×M cube: `Puzzle can be solved.` / `Puzzle is unsolvable.`.
    Commedia,
    /// HDU 4021, the 24-cell board with dead ends: `Y` (impossible) / `N`.
    Hdu4021,
    /// POJ 1077 "Eight": a shortest way to solve one 3×3 grid (`u d l r`).
    Poj1077,
    /// HDU 1043 "Eight": the same, for every grid to the end of input.
    Hdu1043,
    /// UVa 652 "Eight": the same, answers apart by blank lines.
    Uva652,
    /// HDU 3567 "Eight II": the smallest shortest way from A to B.
    Hdu3567,
    /// UVa 10181 "15-Puzzle Problem": a way of at most 50 moves (`R L U D`).
    Uva10181,
    /// POJ 3240 "Solution to the n²−1 Puzzle": any way, near-shortest.
    Poj3240,
    /// HDU 6620 "Just an Old Puzzle": whether a 15-puzzle can be solved.
    Hdu6620,
    /// SGU 139 "Help Needed!": the same, one grid.
    Sgu139,
    /// Codeforces 645A "Amity Assessment": whether two 2×2 grids meet.
    Cf645a,
    /// AtCoder ABC 224 D "8 Puzzle on Graph": the fewest moves, or −1.
    Abc224d,
    /// SPOJ SOLVING "Solving the Puzzle": short ways on n×n, n ≤ 10.
    SpojSolving,
    /// AOJ 0190 "Eleven Puzzle": the fewest moves with two blanks on a
    /// diamond if at most 20, else `NA`.
    Aoj0190,
    /// HDU 3095 "Eleven puzzle": the same, or `No solution!`.
    Hdu3095,
}

/// Every judge format, with its name on the command line, the problem
/// and what it asks: the table of `npuzzle judge --list`.
pub const FORMATS: &[(JudgeFormat, &str, &str, &str)] = &[
    (
        JudgeFormat::Odd,
        "odd",
        "AcWing 108 (odd n×n puzzle)",
        "can the first grid become the second: TAK / NIE",
    ),
    (
        JudgeFormat::Mxn,
        "mxn",
        "POJ 2893 (M×N puzzle)",
        "does it reach 1..MN−1, blank last: YES / NO",
    ),
    (
        JudgeFormat::Commedia,
        "commedia",
        "UVa 716 / POJ 1507 (M×M×M cube)",
        "can the cube be solved",
    ),
    (
        JudgeFormat::Hdu4021,
        "hdu4021",
        "HDU 4021 (24 Puzzle)",
        "Y when the target is impossible, else N",
    ),
    (
        JudgeFormat::Poj1077,
        "poj1077",
        "POJ 1077 (Eight)",
        "a shortest way, or unsolvable",
    ),
    (
        JudgeFormat::Hdu1043,
        "hdu1043",
        "HDU 1043 (Eight)",
        "the same, every grid to the end",
    ),
    (
        JudgeFormat::Uva652,
        "uva652",
        "UVa 652 (Eight)",
        "the same, answers apart by blank lines",
    ),
    (
        JudgeFormat::Hdu3567,
        "hdu3567",
        "HDU 3567 (Eight II)",
        "the smallest shortest way A → B, d < l < r < u",
    ),
    (
        JudgeFormat::Uva10181,
        "uva10181",
        "UVa 10181 (15-Puzzle Problem)",
        "a shortest way (at most 50), or not solvable",
    ),
    (
        JudgeFormat::Poj3240,
        "poj3240",
        "POJ 3240 (n²−1 puzzle)",
        "a way (near-shortest), or No Answer!",
    ),
    (
        JudgeFormat::Hdu6620,
        "hdu6620",
        "HDU 6620 (Just an Old Puzzle)",
        "can the 15-puzzle be solved: Yes / No",
    ),
    (
        JudgeFormat::Sgu139,
        "sgu139",
        "SGU 139 (Help Needed!)",
        "can the 15-puzzle be solved: YES / NO",
    ),
    (
        JudgeFormat::Cf645a,
        "cf645a",
        "Codeforces 645A (Amity Assessment)",
        "can two 2×2 grids meet: YES / NO",
    ),
    (
        JudgeFormat::Abc224d,
        "abc224d",
        "AtCoder ABC 224 D (8 Puzzle on Graph)",
        "the fewest moves, or -1",
    ),
    (
        JudgeFormat::SpojSolving,
        "spoj-solving",
        "SPOJ SOLVING (Solving the Puzzle)",
        "short ways on n×n boards",
    ),
    (
        JudgeFormat::Aoj0190,
        "aoj0190",
        "AOJ 0190 (Eleven Puzzle)",
        "the fewest moves (two blanks) if at most 20, or NA",
    ),
    (
        JudgeFormat::Hdu3095,
        "hdu3095",
        "HDU 3095 (Eleven puzzle)",
        "the same, or No solution!",
    ),
];

impl JudgeFormat {
    /// Whether the format is one of the classic problems, read word by
    /// word (the others are the streaming deciders).
    fn is_classic(self) -> bool {
        !matches!(self, Self::Odd | Self::Mxn | Self::Commedia | Self::Hdu4021)
    }

    /// The format a command line names: its name in [`FORMATS`], or the
    /// problem's for the first formats (`acwing108`, `poj2893`, `uva716`,
    /// `poj1507`).
    #[must_use]
    pub fn by_name(name: &str) -> Option<Self> {
        const ALIASES: [(&str, JudgeFormat); 4] = [
            ("acwing108", JudgeFormat::Odd),
            ("poj2893", JudgeFormat::Mxn),
            ("uva716", JudgeFormat::Commedia),
            ("poj1507", JudgeFormat::Commedia),
        ];
        let name = name.to_ascii_lowercase();
        FORMATS
            .iter()
            .map(|&(format, n, ..)| (n, format))
            .chain(ALIASES)
            .find(|&(n, _)| n == name)
            .map(|(_, format)| format)
    }
}

/// Reads cases of `format` from `input` and writes one answer line per
/// case to `output`. Returns the number of cases answered. On malformed
/// input, all earlier answers are written (and flushed) before the error.
///
/// ```
/// use npuzzle_core::formats::judge::{run, JudgeFormat};
/// let mut out = Vec::new();
/// run(JudgeFormat::Odd, "3\n1 2 3 4 5 6 7 8 0\n1 2 3 4 5 6 7 0 8\n".as_bytes(), &mut out).unwrap();
/// assert_eq!(out, b"TAK\n");
/// ```
pub fn run<W: Write>(
    format: JudgeFormat,
    input: impl Into<Input>,
    output: &mut W,
) -> Result<u64, Error> {
    run_with_cache(format, input, output, None)
}

/// [`run`], with the pattern databases of the problems that search
/// (UVa 10181, POJ 3240, SPOJ SOLVING) read from and written to `cache`
/// rather than built in memory on every run (seconds).
///
/// # Errors
/// As [`run`].
pub fn run_with_cache<W: Write>(
    format: JudgeFormat,
    input: impl Into<Input>,
    output: &mut W,
    cache: Option<crate::PdbCache>,
) -> Result<u64, Error> {
    let solver = match cache {
        Some(cache) => crate::Solver::new().cache(cache),
        None => crate::Solver::new(),
    };
    run_with_solver(format, input, output, solver)
}

/// [`run`], the problems that search asking `solver` (its cache, its
/// cancel flag, its progress callback; it is told to find the shortest
/// answer where that is cheap, as the problems want).
///
/// # Errors
/// As [`run`]; [`Error::Cancelled`] when the solver's flag stopped a
/// search, after every earlier answer was written.
pub fn run_with_solver<W: Write>(
    format: JudgeFormat,
    input: impl Into<Input>,
    output: &mut W,
    solver: crate::Solver<'static>,
) -> Result<u64, Error> {
    if format.is_classic() {
        classic::run(format, input.into().into_reader(), output, solver)
    } else {
        numbers::read_numbers(input, |numbers| {
            deciders::judge_all(format, numbers, output)
        })
    }
}

mod classic;
mod deciders;
mod numbers;
#[cfg(test)]
mod tests;
