//! The classic judge problems that ask for moves, lengths or a verdict
//! on small boards: Eight (POJ 1077, HDU 1043, UVa 652), Eight II (HDU
//! 3567), the 15-puzzle (UVa 10181, HDU 6620, SGU 139), the n²−1 puzzle
//! (POJ 3240, SPOJ SOLVING), Amity Assessment (Codeforces 645A),
//! 8 Puzzle on Graph (AtCoder ABC 224 D) and the Eleven Puzzle (AOJ 0190,
//! HDU 3095).
//!
//! Input is read word by word (any whitespace), each answer written as
//! soon as its case is read, every printed move sequence replayed first.
//! On bad input the earlier answers are written, then the error names
//! the case and the line.

mod eight;
mod eleven;
mod grids;
mod tokens;

use std::io::{BufRead, Write};

use super::JudgeFormat;
use crate::arrangement::{Arrangement, manhattan};
use crate::board::Board;
use crate::error::Error;
use crate::moves::{Move, replay};
use crate::reach::reach;
use crate::solve::Solver;
use eight::{LEXICOGRAPHIC, Step, Tables};
use grids::{eight_grid, numbers_grid, solved_with_blank_last, word_grid};
use tokens::Tokens;

/// Reads `format`'s cases from `input` and writes their answers.
pub(crate) fn run<R: BufRead, W: Write>(
    format: JudgeFormat,
    input: R,
    output: &mut W,
    solver: Solver<'static>,
) -> Result<u64, Error> {
    let mut tokens = Tokens::new(input);
    let mut cases = Cases {
        tokens: &mut tokens,
        tables: Tables::default(),
        solver: solver.shortest_when_cheap(true),
        answered: 0,
    };
    let result = cases
        .all(format, output)
        .and_then(|()| cases.nothing_after(format));
    output.flush()?;
    result.map(|()| cases.answered)
}

struct Cases<'t, R> {
    tokens: &'t mut Tokens<R>,
    tables: Tables,
    /// The default solver: shortest where cheap, near-shortest beyond.
    solver: Solver<'static>,
    answered: u64,
}

impl<R: BufRead> Cases<'_, R> {
    fn all<W: Write>(&mut self, format: JudgeFormat, out: &mut W) -> Result<(), Error> {
        match format {
            JudgeFormat::Poj1077 => {
                self.next_case();
                let grid = eight_grid(self.tokens)?;
                self.eight_answer(&grid, out)
            }
            JudgeFormat::Hdu1043 => {
                while self.has_more()? {
                    self.next_case();
                    let grid = eight_grid(self.tokens)?;
                    self.eight_answer(&grid, out)?;
                }
                Ok(())
            }
            JudgeFormat::Uva652 => {
                let count = self.tokens.number("the number of cases", 1 << 20)?;
                for k in 0..count {
                    self.next_case();
                    let grid = eight_grid(self.tokens)?;
                    if k > 0 {
                        out.write_all(b"\n")?;
                    }
                    self.eight_answer(&grid, out)?;
                }
                Ok(())
            }
            JudgeFormat::Hdu3567 => {
                let count = self.tokens.number("the number of cases", 1 << 20)?;
                for k in 1..=count {
                    self.next_case();
                    let a = word_grid(self.tokens, "A")?;
                    let b = word_grid(self.tokens, "B")?;
                    let Some(steps) = self.eight_path(&a, &b)? else {
                        return Err(self.tokens.bad_case(
                            "B cannot be reached from A (the problem promises it can)".into(),
                        ));
                    };
                    let letters: String = steps.iter().map(|&s| step_letter(s)).collect();
                    writeln!(out, "Case {k}: {}\n{letters}", steps.len())?;
                    self.answered += 1;
                }
                Ok(())
            }
            JudgeFormat::Uva10181 => {
                let count = self.tokens.number("the number of cases", 1 << 20)?;
                for _ in 0..count {
                    self.next_case();
                    let from = numbers_grid(self.tokens, 4)?;
                    // Past 50 moves by the Manhattan distance alone, no
                    // search is needed to say so (and one could be long).
                    let goal = solved_with_blank_last(16);
                    let near = manhattan(&[4, 4], &from, goal.tokens()) <= 50;
                    let solved = if near {
                        self.solve(4, &from, out)?
                    } else {
                        None
                    };
                    let line = solved
                        .filter(|letters| letters.len() <= 50)
                        .unwrap_or_else(|| "This puzzle is not solvable.".into());
                    self.answer(out, &line)?;
                }
                Ok(())
            }
            JudgeFormat::Poj3240 => {
                self.next_case();
                let n = self.side(1, 10)?;
                let from = numbers_grid(self.tokens, n)?;
                let line = self
                    .solve(n, &from, out)?
                    .unwrap_or_else(|| "No Answer!".into());
                self.answer(out, &line)
            }
            JudgeFormat::SpojSolving => {
                let count = self.tokens.number("the number of cases", 200)?;
                for _ in 0..count {
                    self.next_case();
                    let n = self.side(3, 10)?;
                    let from = numbers_grid(self.tokens, n)?;
                    let Some(line) = self.solve(n, &from, out)? else {
                        return Err(self.tokens.bad_case("the puzzle cannot be solved".into()));
                    };
                    self.answer(out, &line)?;
                }
                Ok(())
            }
            JudgeFormat::Hdu6620 | JudgeFormat::Sgu139 => {
                let (yes, no) = match format {
                    JudgeFormat::Hdu6620 => ("Yes", "No"),
                    _ => ("YES", "NO"),
                };
                let count = match format {
                    JudgeFormat::Hdu6620 => self.tokens.number("the number of cases", 1 << 20)?,
                    _ => 1,
                };
                let board = Board::new_box(&[4, 4])?;
                let goal = solved_with_blank_last(16);
                for _ in 0..count {
                    self.next_case();
                    let from = numbers_grid(self.tokens, 4)?;
                    let verdict = reach(&board, &Arrangement::new(from), &goal)?;
                    self.answer(out, if verdict.is_reachable() { yes } else { no })?;
                }
                Ok(())
            }
            JudgeFormat::Cf645a => {
                self.next_case();
                let board = Board::new_box(&[2, 2])?;
                let (bessie, elsie) = (
                    grids::letters_grid(self.tokens)?,
                    grids::letters_grid(self.tokens)?,
                );
                let verdict = reach(&board, &bessie, &elsie)?;
                self.answer(out, if verdict.is_reachable() { "YES" } else { "NO" })
            }
            JudgeFormat::Aoj0190 | JudgeFormat::Hdu3095 => {
                let solver = eleven::Eleven::new();
                let (far, count) = match format {
                    JudgeFormat::Aoj0190 => ("NA", u64::MAX),
                    _ => (
                        "No solution!",
                        self.tokens.number("the number of cases", 1 << 20)?,
                    ),
                };
                for _ in 0..count {
                    let first = if count == u64::MAX {
                        // AOJ's cases run to a -1 (or to the end).
                        match self.tokens.next_word()? {
                            Some(word) if word.0 != "-1" => word,
                            _ => break,
                        }
                    } else {
                        self.tokens.expect_word("a case")?
                    };
                    self.next_case();
                    let cells = grids::diamond(self.tokens, first)?;
                    let line = solver
                        .distance(&cells)
                        .map_or_else(|| far.to_string(), |d| d.to_string());
                    self.answer(out, &line)?;
                }
                Ok(())
            }
            JudgeFormat::Odd | JudgeFormat::Mxn | JudgeFormat::Commedia | JudgeFormat::Hdu4021 => {
                unreachable!("the deciders' formats are read by the streaming parser")
            }
            JudgeFormat::Abc224d => {
                self.next_case();
                let (board, from) = grids::graph_puzzle(self.tokens)?;
                let goal = solved_with_blank_last(9);
                let length = match self.solver.solve(&board, &from, &goal) {
                    Ok(solution) => solution.len().to_string(),
                    Err(crate::SolveError::Unreachable(_)) => "-1".into(),
                    Err(crate::SolveError::Cancelled) => return Err(Error::Cancelled),
                    Err(e) => return Err(self.tokens.bad_case(e.to_string())),
                };
                self.answer(out, &length)
            }
        }
    }

    fn next_case(&mut self) {
        self.tokens.case += 1;
    }

    /// Whether another word follows (the cases that run to the end).
    fn has_more(&mut self) -> Result<bool, Error> {
        self.tokens.peek_word()
    }

    /// Refuses input after the last case of a format whose cases are
    /// counted (or that has one): a case too many, or a stray number,
    /// is a slip the judge's answer would hide. Formats read to the end
    /// (HDU 1043) or to a `-1` (AOJ 0190) have nothing after.
    fn nothing_after(&mut self, format: JudgeFormat) -> Result<(), Error> {
        if matches!(format, JudgeFormat::Hdu1043 | JudgeFormat::Aoj0190) {
            return Ok(());
        }
        match self.tokens.next_word()? {
            None => Ok(()),
            Some((word, line)) => Err(self.tokens.bad_at(
                line,
                format!(
                    "'{}' comes after the last case: the input should end there",
                    word.chars().take(24).collect::<String>()
                ),
            )),
        }
    }

    /// One answer line.
    fn answer<W: Write>(&mut self, out: &mut W, line: &str) -> Result<(), Error> {
        writeln!(out, "{line}")?;
        self.answered += 1;
        Ok(())
    }

    /// The side of a square board, `low..=high`.
    fn side(&mut self, low: u64, high: u64) -> Result<usize, Error> {
        let (word, line) = self.tokens.expect_word("n")?;
        match word.parse::<u64>() {
            Ok(n) if (low..=high).contains(&n) => Ok(n as usize),
            _ => Err(self.tokens.bad_at(
                line,
                format!("n '{word}' is not a side from {low} to {high}"),
            )),
        }
    }

    /// The Eight problems' answer: the blank's moves as `u d l r`, or
    /// `unsolvable`.
    fn eight_answer<W: Write>(&mut self, grid: &eight::Grid, out: &mut W) -> Result<(), Error> {
        let goal = [1, 2, 3, 4, 5, 6, 7, 8, 0];
        let line = match self.eight_path(grid, &goal)? {
            Some(steps) => steps.iter().map(|&s| step_letter(s)).collect(),
            None => "unsolvable".to_string(),
        };
        self.answer(out, &line)
    }

    /// The smallest shortest way from `a` to `b` on 3×3 (`None` when
    /// unreachable), replayed before it is given out.
    fn eight_path(&mut self, a: &eight::Grid, b: &eight::Grid) -> Result<Option<Vec<Step>>, Error> {
        let Some(steps) = self.tables.path(a, b, &LEXICOGRAPHIC) else {
            return Ok(None);
        };
        let end = steps.iter().try_fold(*a, |g, &s| eight::moved(&g, s));
        if end != Some(*b) {
            return Err(self
                .tokens
                .bad_case("the way found does not replay (a bug)".into()));
        }
        Ok(Some(steps))
    }

    /// The blank's moves, as `U D L R`, that take `from` on an `n`×`n`
    /// board to 1..n²−1 with the blank last (the solver's answer, replayed),
    /// or `None` when that cannot be reached.
    /// The answers so far are flushed first: a search may take seconds,
    /// and a reader should not wait for them meanwhile.
    fn solve<W: Write>(
        &mut self,
        n: usize,
        from: &[u32],
        out: &mut W,
    ) -> Result<Option<String>, Error> {
        out.flush()?;
        let board = Board::new_box(&[n, n])?;
        let (from, goal) = (
            Arrangement::new(from.to_vec()),
            solved_with_blank_last(n * n),
        );
        match self.solver.solve(&board, &from, &goal) {
            Ok(solution) => {
                replay(&board, from.tokens(), goal.tokens(), solution.moves())
                    .map_err(|e| self.tokens.bad_case(e.to_string()))?;
                Ok(Some(blank_letters(n, solution.moves())))
            }
            Err(crate::SolveError::Unreachable(_)) => Ok(None),
            Err(crate::SolveError::Cancelled) => Err(Error::Cancelled),
            Err(e) => Err(self.tokens.bad_case(e.to_string())),
        }
    }
}

/// HDU 3567's and Eight's letter for where the blank moves.
fn step_letter(step: Step) -> char {
    match step {
        Step::Up => 'u',
        Step::Down => 'd',
        Step::Left => 'l',
        Step::Right => 'r',
    }
}

/// Moves on an `n`-wide box as the directions the blank takes (`U D L
/// R`): the blank goes to where the moved tile was.
fn blank_letters(n: usize, moves: &[Move]) -> String {
    moves
        .iter()
        .map(|m| {
            let (blank, tile) = (m.to as usize, m.from as usize);
            if tile + n == blank {
                'U'
            } else if blank + n == tile {
                'D'
            } else if tile + 1 == blank {
                'L'
            } else {
                'R'
            }
        })
        .collect()
}

#[cfg(test)]
mod tests;
