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
//! Numbers may be split across lines in any way. On malformed input the
//! answers of all earlier cases are written, then the error names the case
//! and the line.

use std::io::{Read, Write};

use crate::arrangement::{Arrangement, BLANK};
use crate::board::{Board, MAX_CELLS};
use crate::error::Error;
use crate::formats::numbers::NumberReader;
use crate::formats::spec::{HDU4021, parse_board};
use crate::reach::{NotPermutation, Verdict, parity_verdict, permutation_parity_in_place, reach};

/// One of the judge formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JudgeFormat {
    /// AcWing 108, the odd n×n puzzle: `TAK` / `NIE`.
    Odd,
    /// POJ 2893, M×N boards to the solved grid: `YES` / `NO`.
    Mxn,
    /// UVa 716 / POJ 1507, the M×M×M cube: `Puzzle can be solved.` / `Puzzle is unsolvable.`.
    Commedia,
    /// HDU 4021, the 24-cell board with dead ends: `Y` (impossible) / `N`.
    Hdu4021,
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
pub fn run<R: Read, W: Write>(format: JudgeFormat, input: R, output: &mut W) -> Result<u64, Error> {
    let mut cases = Cases::new(input);
    let result = match format {
        JudgeFormat::Odd => odd(&mut cases, output),
        JudgeFormat::Mxn => mxn(&mut cases, output),
        JudgeFormat::Commedia => commedia(&mut cases, output),
        JudgeFormat::Hdu4021 => hdu4021(&mut cases, output),
    };
    output.flush()?;
    result.map(|()| cases.answered)
}

/// The input as cases: numbers with the case and line for errors.
struct Cases<R> {
    numbers: NumberReader<R>,
    case: u64,
    answered: u64,
    first: Vec<u32>,
    second: Vec<u32>,
}

/// Which grid of a case, in error messages.
const FIRST: &str = "the first grid";
const SECOND: &str = "the second grid";

impl<R: Read> Cases<R> {
    fn new(input: R) -> Cases<R> {
        Cases {
            numbers: NumberReader::new(input),
            case: 0,
            answered: 0,
            first: Vec::new(),
            second: Vec::new(),
        }
    }

    fn error(&self, problem: impl Into<String>) -> Error {
        Error::Input {
            place: format!("case {}, line {}", self.case.max(1), self.numbers.line()),
            problem: problem.into(),
        }
    }

    /// The next number, `None` at the end of input.
    fn next(&mut self) -> Result<Option<u64>, Error> {
        self.numbers.next_number().map_err(|bad| Error::Input {
            place: format!("case {}, line {}", self.case.max(1), bad.line),
            problem: bad.problem,
        })
    }

    /// The next number, which must be there.
    fn expect(&mut self, what: &str) -> Result<u64, Error> {
        self.next()?
            .ok_or_else(|| self.error(format!("input ends where {what} should be")))
    }

    /// The case count at the start of `commedia` and `hdu4021` input.
    fn count(&mut self) -> Result<u64, Error> {
        Ok(self.next()?.unwrap_or(0))
    }

    /// A side length or dimension, checked against `min` and the largest
    /// board (`cells_of(side)` cells).
    fn side(
        &mut self,
        name: &str,
        value: u64,
        min: u64,
        cells_of: impl Fn(u64) -> Option<u64>,
    ) -> Result<usize, Error> {
        if value < min {
            return Err(self.error(format!("{name} = {value}: it must be at least {min}")));
        }
        match cells_of(value) {
            Some(c) if c <= MAX_CELLS as u64 => Ok(value as usize),
            _ => Err(self.error(format!(
                "{name} = {value} is too large: npuzzle takes boards of at most {MAX_CELLS} cells"
            ))),
        }
    }

    /// Reads a grid of `cells` tokens (each in 0..cells) into `first` or
    /// `second`.
    fn grid(&mut self, cells: usize, which: &'static str) -> Result<(), Error> {
        let mut grid = std::mem::take(if which == FIRST {
            &mut self.first
        } else {
            &mut self.second
        });
        grid.clear();
        grid.reserve(cells);
        let result = (|| {
            for i in 0..cells {
                let Some(v) = self.next()? else {
                    return Err(self.error(format!(
                        "input ends after {i} of the {cells} numbers of {which}"
                    )));
                };
                if v >= cells as u64 {
                    return Err(self.error(format!(
                        "token {v} in {which} is out of range: a board of {cells} cells holds 0..{}",
                        cells - 1
                    )));
                }
                grid.push(v as u32);
            }
            Ok(())
        })();
        if which == FIRST {
            self.first = grid;
        } else {
            self.second = grid;
        }
        result
    }

    fn answer<W: Write>(&mut self, output: &mut W, text: &str) -> Result<(), Error> {
        output.write_all(text.as_bytes())?;
        output.write_all(b"\n")?;
        self.answered += 1;
        Ok(())
    }

    /// Decides a box case whose grids were read into `first` (and
    /// `second`, or the solved grid when `to_solved`).
    fn decide_box(&mut self, dims: &[usize], to_solved: bool) -> Result<bool, Error> {
        fn tiles_in_order(g: &[u32]) -> impl Iterator<Item = u32> + '_ {
            g.iter().copied().filter(|&t| t != BLANK)
        }
        let cells = self.first.len();
        let long_sides = dims.iter().filter(|&&d| d > 1).count();
        let path_same = long_sides == 1
            && if to_solved {
                tiles_in_order(&self.first).eq(1..cells as u32)
            } else {
                tiles_in_order(&self.first).eq(tiles_in_order(&self.second))
            };
        let blank_first = self.first.iter().position(|&t| t == BLANK).unwrap_or(0);
        let odd_first = permutation_parity_in_place(&mut self.first)
            .map_err(|e| self.not_permutation(e, FIRST))?;
        let (odd_second, blank_second) = if to_solved {
            // 1, 2, …, N-1, 0 is one cycle of length N.
            ((cells - 1) % 2 == 1, cells - 1)
        } else {
            let blank = self.second.iter().position(|&t| t == BLANK).unwrap_or(0);
            let odd = permutation_parity_in_place(&mut self.second)
                .map_err(|e| self.not_permutation(e, SECOND))?;
            (odd, blank)
        };
        Ok(match long_sides {
            0 => true,
            1 => path_same,
            _ => parity_verdict(dims, odd_first != odd_second, blank_first, blank_second)
                .is_reachable(),
        })
    }

    fn not_permutation(&self, e: NotPermutation, which: &str) -> Error {
        match e {
            NotPermutation::Repeated(v) => self.error(format!(
                "token {v} appears more than once in {which}; each of 0..{} must appear once",
                self.first.len() - 1
            )),
            NotPermutation::OutOfRange(v) => {
                self.error(format!("token {v} in {which} is out of range"))
            }
        }
    }
}

fn odd<R: Read, W: Write>(cases: &mut Cases<R>, output: &mut W) -> Result<(), Error> {
    loop {
        cases.case += 1;
        let Some(n) = cases.next()? else {
            return Ok(());
        };
        let n = cases.side("n", n, 1, |n| n.checked_mul(n))?;
        cases.grid(n * n, FIRST)?;
        cases.grid(n * n, SECOND)?;
        let yes = cases.decide_box(&[n, n], false)?;
        cases.answer(output, if yes { "TAK" } else { "NIE" })?;
    }
}

fn mxn<R: Read, W: Write>(cases: &mut Cases<R>, output: &mut W) -> Result<(), Error> {
    loop {
        cases.case += 1;
        let Some(m) = cases.next()? else {
            return Ok(());
        };
        let n = cases.expect("N")?;
        if m == 0 && n == 0 {
            return Ok(());
        }
        let m = cases.side("M", m, 1, Some)?;
        let n = cases.side("N", n, 1, |n| n.checked_mul(m as u64))?;
        cases.grid(m * n, FIRST)?;
        let yes = cases.decide_box(&[m, n], true)?;
        cases.answer(output, if yes { "YES" } else { "NO" })?;
    }
}

fn commedia<R: Read, W: Write>(cases: &mut Cases<R>, output: &mut W) -> Result<(), Error> {
    let count = cases.count()?;
    for _ in 0..count {
        cases.case += 1;
        let m = cases.expect("M")?;
        let m = cases.side("M", m, 1, |m| m.checked_mul(m)?.checked_mul(m))?;
        cases.grid(m * m * m, FIRST)?;
        let yes = cases.decide_box(&[m, m, m], true)?;
        cases.answer(
            output,
            if yes {
                "Puzzle can be solved."
            } else {
                "Puzzle is unsolvable."
            },
        )?;
    }
    Ok(())
}

fn hdu4021<R: Read, W: Write>(cases: &mut Cases<R>, output: &mut W) -> Result<(), Error> {
    let board: Board = parse_board(HDU4021)?;
    let count = cases.count()?;
    for _ in 0..count {
        cases.case += 1;
        cases.grid(24, FIRST)?;
        cases.grid(24, SECOND)?;
        let from = Arrangement::new(cases.first.clone());
        let to = Arrangement::new(cases.second.clone());
        // Checks the permutations (and so the single blank) first.
        permutation_parity_in_place(&mut cases.first)
            .map_err(|e| cases.not_permutation(e, FIRST))?;
        permutation_parity_in_place(&mut cases.second)
            .map_err(|e| cases.not_permutation(e, SECOND))?;
        let verdict = reach(&board, &from, &to).map_err(|e| cases.error(e.to_string()))?;
        cases.answer(
            output,
            if verdict == Verdict::Reachable {
                "N"
            } else {
                "Y"
            },
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn judge(format: JudgeFormat, input: &str) -> (String, Option<String>) {
        let mut out = Vec::new();
        let err = run(format, input.as_bytes(), &mut out)
            .err()
            .map(|e| e.to_string());
        (String::from_utf8(out).unwrap(), err)
    }

    #[test]
    fn odd_sample_and_n_equal_one() {
        let (out, err) = judge(
            JudgeFormat::Odd,
            "3\n1 2 3\n4 5 6\n7 8 0\n1 2 3\n4 5 6\n7 0 8\n1\n0\n0\n3\r\n1 2 3 4 5 6 7 8 0 2 1 3 4 5 6 7 8 0\r\n",
        );
        assert_eq!(out, "TAK\nTAK\nNIE\n");
        assert_eq!(err, None);
    }

    #[test]
    fn mxn_until_zero_zero() {
        let (out, err) = judge(
            JudgeFormat::Mxn,
            "3 3\n1 2 3\n4 0 6\n7 5 8\n2 2\n2 1\n3 0\n0 0\n9 9\n",
        );
        assert_eq!(out, "YES\nNO\n");
        assert_eq!(err, None);
    }

    #[test]
    fn earlier_answers_survive_an_error() {
        let (out, err) = judge(JudgeFormat::Odd, "1\n0\n0\n3\n1 2 3\n4 5 x\n");
        assert_eq!(out, "TAK\n");
        assert_eq!(err.unwrap(), "case 2, line 6: 'x' is not a number");
        let (_, err) = judge(JudgeFormat::Odd, "3\n1 2 3 4 5 6 7 8 0\n1 2 3 4 5 6 7 8\n");
        assert_eq!(
            err.unwrap(),
            "case 1, line 3: input ends after 8 of the 9 numbers of the second grid"
        );
        let (_, err) = judge(
            JudgeFormat::Odd,
            "3\n1 1 3 4 5 6 7 8 0\n1 2 3 4 5 6 7 8 0\n",
        );
        assert!(
            err.unwrap()
                .contains("token 1 appears more than once in the first grid")
        );
        let (_, err) = judge(JudgeFormat::Odd, "1000000000\n");
        assert!(err.unwrap().contains("n = 1000000000 is too large"));
    }
}
