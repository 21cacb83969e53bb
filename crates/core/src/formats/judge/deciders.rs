//! The four decision formats (`odd`, `mxn`, `commedia`, `hdu4021`):
//! numbers streamed in, cases decided in batches on all cores, answers
//! written in order, and on malformed input every earlier answer first.

use std::io::Write;

use rayon::prelude::*;

use super::JudgeFormat;
use super::numbers::{BadNumber, Numbers, WINDOWS_IN_REACH};
use crate::arrangement::{Arrangement, blank_cell};
use crate::board::spec::{HDU4021, parse_board};
use crate::board::{Board, MAX_CELLS};
use crate::error::Error;
use crate::reach::{NotPermutation, box_verdict, path_order, permutation_parity, reach};

impl JudgeFormat {
    /// The answer lines for "reachable" and "unreachable".
    fn answers(self) -> (&'static str, &'static str) {
        match self {
            Self::Odd => ("TAK\n", "NIE\n"),
            Self::Mxn => ("YES\n", "NO\n"),
            Self::Commedia => ("Puzzle can be solved.\n", "Puzzle is unsolvable.\n"),
            Self::Hdu4021 => ("N\n", "Y\n"),
            _ => unreachable!("the classic formats have answers of their own"),
        }
    }
}

/// Cases are decided together once this many cells are waiting.
const BATCH_CELLS: usize = 1 << 18;
const BATCH_CASES: usize = 4096;
/// Batches decided while reading goes on; more wait for the oldest.
const MAX_IN_FLIGHT: usize = 2;

pub(super) fn judge_all<W: Write>(
    format: JudgeFormat,
    numbers: &mut Numbers,
    output: &mut W,
) -> Result<u64, Error> {
    let mut judge = Judge {
        format,
        numbers,
        case: 0,
        answered: 0,
        pending: Vec::new(),
        pending_cells: 0,
        spare: Vec::new(),
        seen: Vec::new(),
        permutation: (0, 0),
        in_flight: std::collections::VecDeque::new(),
        hdu: None,
    };
    let read = judge.read_all(output);
    // Whatever happened, the cases read so far are answered first; a bad
    // case among them comes before a later read error.
    let finished = judge.finish(output);
    output.flush()?;
    finished.and(read).map(|()| judge.answered)
}

/// A token mixed (a multiply and a shift, nonlinear): the sums of mixed
/// tokens of two grids in range are equal when both are permutations, and
/// when one is not, differ but for a chance of about 2^-32 or an input
/// made to collide, which the decider still refuses (without the line).
fn mix(v: u32) -> u64 {
    let x = (v as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    x ^ (x >> 29)
}

/// The wrapping sum of the mixed tokens.
fn mixed_sum(grid: &[u32]) -> u64 {
    grid.iter().map(|&v| mix(v)).fold(0, u64::wrapping_add)
}

/// A batch of cases with their verdicts, back from the deciders.
type Decided = (Vec<Case>, Vec<Result<bool, Error>>);

/// A box's sides, at most three (none for HDU 4021's board), kept in
/// place: a vector a case had cost about a tenth of the time on a
/// million 3×3 cases (an allocation and a free each).
#[derive(Clone, Copy)]
struct Sides {
    len: usize,
    sides: [usize; 3],
}

impl Sides {
    /// # Panics
    /// If given more than three sides.
    fn of(given: &[usize]) -> Self {
        let mut sides = [0; 3];
        sides[..given.len()].copy_from_slice(given);
        Self {
            len: given.len(),
            sides,
        }
    }

    fn as_slice(&self) -> &[usize] {
        &self.sides[..self.len]
    }
}

/// A case read and waiting for its decision.
struct Case {
    number: u64,
    /// The box's sides (none for HDU 4021).
    dims: Sides,
    first: Vec<u32>,
    /// The target grid; `None` for the solved one.
    second: Option<Vec<u32>>,
}

struct Judge<'a> {
    format: JudgeFormat,
    numbers: &'a mut Numbers,
    /// The case being read (1-based).
    case: u64,
    answered: u64,
    pending: Vec<Case>,
    pending_cells: usize,
    spare: Vec<Vec<u32>>,
    /// The tokens of the grid being read, a bit each.
    seen: Vec<u64>,
    /// A board size and the mixed sum of its permutations' tokens.
    permutation: (usize, u64),
    /// Batches being decided, oldest first.
    in_flight: std::collections::VecDeque<std::sync::mpsc::Receiver<Decided>>,
    hdu: Option<std::sync::Arc<Board>>,
}

impl Judge<'_> {
    fn read_all<W: Write>(&mut self, output: &mut W) -> Result<(), Error> {
        match self.format {
            JudgeFormat::Odd => loop {
                self.case += 1;
                let Some(n) = self.next()? else { return Ok(()) };
                let n = self.side("n", n, 1, |n| n.checked_mul(n))?;
                self.read_case(output, Sides::of(&[n, n]), true)?;
            },
            JudgeFormat::Mxn => loop {
                self.case += 1;
                let Some(m) = self.next()? else { return Ok(()) };
                let n = self.expect("N")?;
                if m == 0 && n == 0 {
                    return Ok(());
                }
                let m = self.side("M", m, 1, Some)?;
                let n = self.side("N", n, 1, |n| n.checked_mul(m as u64))?;
                self.read_case(output, Sides::of(&[m, n]), false)?;
            },
            JudgeFormat::Commedia => {
                let count = self.next()?.unwrap_or(0);
                for _ in 0..count {
                    self.case += 1;
                    let m = self.expect("M")?;
                    let m = self.side("M", m, 1, |m| m.checked_mul(m)?.checked_mul(m))?;
                    self.read_case(output, Sides::of(&[m, m, m]), false)?;
                }
                Ok(())
            }
            JudgeFormat::Hdu4021 => {
                self.hdu = Some(std::sync::Arc::new(parse_board(HDU4021)?));
                let count = self.next()?.unwrap_or(0);
                for _ in 0..count {
                    self.case += 1;
                    self.read_case(output, Sides::of(&[]), true)?;
                }
                Ok(())
            }
            _ => unreachable!("the classic formats are read word by word"),
        }
    }

    fn place(&self, line: u64) -> String {
        format!("case {}, line {line}", self.case)
    }

    fn error(&self, problem: impl Into<String>) -> Error {
        Error::Input {
            place: self.place(self.numbers.line()),
            problem: problem.into(),
        }
    }

    fn bad_number(&self, bad: BadNumber) -> Error {
        Error::Input {
            place: self.place(bad.line),
            problem: bad.problem,
        }
    }

    fn next(&mut self) -> Result<Option<u64>, Error> {
        match self.numbers.next_number() {
            Ok(v) => Ok(v.map(u64::from)),
            Err(bad) => Err(self.bad_number(bad)),
        }
    }

    fn expect(&mut self, what: &str) -> Result<u64, Error> {
        self.next()?
            .ok_or_else(|| self.error(format!("input ends where {what} should be")))
    }

    /// A side length, checked against `min` and the largest board
    /// (`cells_of(value)` cells).
    fn side(
        &self,
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

    /// Reads a grid of `cells` tokens, each of `0..cells` once. An error
    /// names the line of the token at fault even in grids that span many
    /// windows (a 1×1000000 grid one token a line): the reader keeps the
    /// last [`WINDOWS_IN_REACH`] windows with numbers, so a grid that
    /// lies in them (most do) is checked once it is whole, by a max and a
    /// sum of mixed tokens (which vectorize); longer ones against a bit
    /// per token, before their tokens leave reach.
    fn grid(&mut self, cells: usize, which: &str) -> Result<Vec<u32>, Error> {
        let mut grid = self.spare.pop().unwrap_or_default();
        grid.clear();
        grid.reserve(cells);
        let mut seen = std::mem::take(&mut self.seen);
        seen.clear();
        seen.resize(cells.div_ceil(64), 0);
        // Tokens before `checked` were checked against `seen`. A grid read
        // from windows all in reach is checked once whole; one that needs
        // more has those checked before the first leaves reach,
        // and every later window's tokens as they are read (while they
        // are still in the cache: checked a window late, 999×999 grids
        // took 3–10% longer).
        let (mut checked, mut windows) = (0, 0);
        let outcome = loop {
            let before = grid.len();
            if before == cells {
                break self.check_whole(&grid, checked, &mut seen, which);
            }
            if windows == WINDOWS_IN_REACH {
                if let Err(e) = self.check_tokens(&grid, 0..before, cells, &mut seen, which) {
                    break Err(e);
                }
                checked = before;
            }
            let taken = self.numbers.take_window_into(cells - before, &mut grid);
            windows += 1;
            if windows > WINDOWS_IN_REACH || matches!(taken, Ok(0) | Err(_)) {
                // The tokens read before a fault come first.
                let rest = checked..grid.len();
                if let Err(e) = self.check_tokens(&grid, rest, cells, &mut seen, which) {
                    break Err(e);
                }
                checked = grid.len();
            }
            match taken {
                Ok(0) => {
                    break Err(self.error(format!(
                        "input ends after {before} of the {cells} numbers of {which}"
                    )));
                }
                Ok(_) => {}
                Err(bad) => break Err(self.bad_number(bad)),
            }
        };
        self.seen = seen;
        outcome.map(|()| grid)
    }

    /// Checks a whole grid whose tokens from `checked` on are unchecked: a
    /// max and a mixed sum when none is checked yet, token by token when
    /// they fail or some are.
    fn check_whole(
        &mut self,
        grid: &[u32],
        checked: usize,
        seen: &mut [u64],
        which: &str,
    ) -> Result<(), Error> {
        let cells = grid.len();
        if checked == 0
            && grid.iter().fold(0, |m, &v| m.max(v)) < cells as u32
            && mixed_sum(grid) == self.permutation_sum(cells)
        {
            return Ok(());
        }
        self.check_tokens(grid, checked..cells, cells, seen, which)
    }

    /// The [`mixed_sum`] of 0..cells, kept for the last size asked.
    fn permutation_sum(&mut self, cells: usize) -> u64 {
        if self.permutation.0 != cells {
            self.permutation = (cells, (0..cells as u32).map(mix).fold(0, u64::wrapping_add));
        }
        self.permutation.1
    }

    /// Checks `grid[range]` (read from the windows in reach,
    /// so that their lines can be found) against a board of `cells` cells:
    /// each token in range and not seen before in the grid (`seen`, a bit
    /// per token, holds those before `range`; updated). The common case, no
    /// error, takes a max (which vectorizes) and one pass without
    /// branches; the token at fault is looked for only when there is one.
    fn check_tokens(
        &self,
        grid: &[u32],
        range: std::ops::Range<usize>,
        cells: usize,
        seen: &mut [u64],
        which: &str,
    ) -> Result<(), Error> {
        let from = range.start;
        let slice = &grid[range];
        let max = slice.iter().fold(0, |m, &v| m.max(v)) as usize;
        let mut repeated = 0;
        if max < cells {
            for &v in slice {
                let (word, bit) = (v as usize / 64, 1u64 << (v % 64));
                repeated |= seen[word] & bit;
                seen[word] |= bit;
            }
            if repeated == 0 {
                return Ok(());
            }
        }
        // Again, token by token, to find the first at fault, from the bits
        // of the tokens before the slice (all in range and distinct).
        seen.fill(0);
        for &v in &grid[..from] {
            seen[v as usize / 64] |= 1 << (v % 64);
        }
        let mut fault = None;
        for (i, &v) in slice.iter().enumerate() {
            let v = v as usize;
            if v >= cells || seen[v / 64] >> (v % 64) & 1 == 1 {
                fault = Some((from + i, v));
                break;
            }
            seen[v / 64] |= 1 << (v % 64);
        }
        let (i, v) = fault.expect("a token at fault");
        let fault = match v >= cells {
            true => NotPermutation::OutOfRange(v as u32),
            false => NotPermutation::Repeated(v as u32),
        };
        Err(Error::Input {
            place: self.place(self.numbers.line_back(grid.len() - i)),
            problem: not_a_permutation(fault, which, cells),
        })
    }

    /// Reads one case's grids and queues it; decides the queue when full.
    fn read_case<W: Write>(
        &mut self,
        output: &mut W,
        dims: Sides,
        two_grids: bool,
    ) -> Result<(), Error> {
        let cells = match dims.as_slice() {
            [] => 24,
            sides => sides.iter().product(),
        };
        let first = self.grid(cells, "the first grid")?;
        let second = if two_grids {
            Some(self.grid(cells, "the second grid")?)
        } else {
            None
        };
        self.pending.push(Case {
            number: self.case,
            dims,
            first,
            second,
        });
        self.pending_cells += cells;
        if self.pending_cells >= BATCH_CELLS || self.pending.len() >= BATCH_CASES {
            self.flush(output)?;
        }
        Ok(())
    }

    /// Sends the waiting cases to be decided on all cores while reading
    /// goes on, and writes the answers of earlier batches that are done.
    fn flush<W: Write>(&mut self, output: &mut W) -> Result<(), Error> {
        if !self.pending.is_empty() {
            let cases = std::mem::take(&mut self.pending);
            self.pending_cells = 0;
            let hdu = self.hdu.clone();
            let (done, receiver) = std::sync::mpsc::sync_channel(1);
            rayon::spawn(move || {
                let mut cases = cases;
                let verdicts = cases
                    .par_iter_mut()
                    .map(|case| decide(case, hdu.as_deref()))
                    .collect();
                // The receiver is gone only when the run has failed.
                let _ = done.send((cases, verdicts));
            });
            self.in_flight.push_back(receiver);
        }
        while self.in_flight.len() > MAX_IN_FLIGHT {
            self.write_oldest(output)?;
        }
        Ok(())
    }

    /// Waits for every batch in flight and writes its answers.
    fn finish<W: Write>(&mut self, output: &mut W) -> Result<(), Error> {
        self.flush(output)?;
        while !self.in_flight.is_empty() {
            self.write_oldest(output)?;
        }
        Ok(())
    }

    /// Writes the answers of the oldest batch in flight, up to the first
    /// malformed case.
    fn write_oldest<W: Write>(&mut self, output: &mut W) -> Result<(), Error> {
        let receiver = self.in_flight.pop_front().expect("a batch in flight");
        let (cases, verdicts) = receiver.recv().expect("the decider always answers");
        let (yes, no) = self.format.answers();
        let mut result = Ok(());
        for verdict in verdicts {
            match verdict {
                Ok(reachable) => {
                    output.write_all(if reachable { yes } else { no }.as_bytes())?;
                    self.answered += 1;
                }
                Err(e) => {
                    result = Err(e);
                    break;
                }
            }
        }
        for case in cases {
            self.spare.push(case.first);
            self.spare.extend(case.second);
        }
        if result.is_err() {
            // Later batches answer cases after the bad one: drop them.
            self.in_flight.clear();
        }
        result
    }
}

/// Decides one case: the box rule on the grids (checked to be
/// permutations on the way), or the general decision on HDU 4021's board.
/// What is wrong with a grid of `cells` tokens that is not a permutation.
fn not_a_permutation(fault: NotPermutation, which: &str, cells: usize) -> String {
    match fault {
        NotPermutation::Repeated(0) => {
            format!("several blanks (0) in {which}: the judges' puzzles have exactly one blank")
        }
        NotPermutation::Repeated(v) => format!(
            "token {v} appears more than once in {which}; each of 0..{} must appear once",
            cells - 1
        ),
        NotPermutation::OutOfRange(v) => format!(
            "token {v} in {which} is out of range: a board of {cells} cells holds 0..{}",
            cells - 1
        ),
    }
}

/// Whether a case's first grid reaches its second (or the solved grid
/// when the format gives one grid). HDU 4021's board goes through
/// [`reach`]; every other judge board is a box, decided by
/// [`box_verdict`], the decision's one rule for boxes, from each grid's
/// own permutation parity (two linear passes over grids of up to 10⁶
/// cells, instead of composing the permutations as `reach` would).
///
/// # Errors
/// [`Error::Input`] naming the case when a grid is not a permutation.
fn decide(case: &mut Case, hdu: Option<&Board>) -> Result<bool, Error> {
    // The grids were checked as they were read; a fault found here (a
    // repeat whose mixed sum collided) has lost its line.
    let not_permutation = |e: NotPermutation, which: &str, cells: usize| Error::Input {
        place: format!("case {}", case.number),
        problem: not_a_permutation(e, which, cells),
    };
    let cells = case.first.len();
    let odd_first = permutation_parity(&mut case.first)
        .map_err(|e| not_permutation(e, "the first grid", cells))?;
    let odd_second = match &mut case.second {
        // 1, 2, …, N-1, 0 is one cycle of length N.
        None => (cells - 1) % 2 == 1,
        Some(second) => {
            permutation_parity(second).map_err(|e| not_permutation(e, "the second grid", cells))?
        }
    };
    if let Some(board) = hdu {
        let second = case.second.as_ref().expect("two grids");
        let from = Arrangement::new(case.first.clone());
        let to = Arrangement::new(second.clone());
        let verdict = reach(board, &from, &to).map_err(|e| Error::Input {
            place: format!("case {}", case.number),
            problem: e.to_string(),
        })?;
        return Ok(verdict.is_reachable());
    }
    // Both grids are permutations of 0..N: each holds one blank.
    let blank_second = case.second.as_deref().map_or(cells - 1, blank_cell);
    let verdict = box_verdict(
        case.dims.as_slice(),
        (blank_cell(&case.first), blank_second),
        || match &case.second {
            Some(second) => path_order(&case.first, second),
            None => path_order(&case.first, Arrangement::solved(cells).tokens()),
        },
        || Some(odd_first != odd_second),
    );
    Ok(verdict.is_reachable())
}
