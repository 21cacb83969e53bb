//! Reading the classic problems' arrangements: 3×3 grids of `1`–`8` and
//! `x`, nine-character words, n×n grids of numbers, 2×2 grids of letters
//! and the graph of ABC 224 D, each checked as it is read.

use std::io::BufRead;

use super::eight::Grid;
use super::tokens::Tokens;
use crate::arrangement::{Arrangement, Token};
use crate::board::{Board, Cell};
use crate::error::{Error, shorten};

/// 1..cells−1 in order, the blank last.
pub(super) fn solved_with_blank_last(cells: usize) -> Arrangement {
    Arrangement::new((1..cells as Token).chain([0]).collect())
}

/// The tile a 3×3 cell's character names: `1`–`8`, or `x`/`X` the blank.
fn eight_cell(c: char) -> Option<u8> {
    match c {
        '1'..='8' => Some(c as u8 - b'0'),
        'x' | 'X' => Some(0),
        _ => None,
    }
}

/// Checks that a 3×3 grid holds each of 0..9 once; `line` for the error.
fn check_eight<R: BufRead>(tokens: &Tokens<R>, grid: &Grid, line: u64) -> Result<(), Error> {
    let mut seen = [false; 9];
    for &t in grid {
        if std::mem::replace(&mut seen[t as usize], true) {
            let name = if t == 0 {
                "x".to_string()
            } else {
                t.to_string()
            };
            return Err(tokens.bad_at(line, format!("{name} appears twice in the grid")));
        }
    }
    Ok(())
}

/// `count` cells written one character each, in words that may hold
/// several (`2 3 4`, `234`, `AB`): each character's cell by `cell`, else
/// the error says the word is not `kinds`. Also the line of the last word.
fn char_cells<R: BufRead, T>(
    tokens: &mut Tokens<R>,
    count: usize,
    what: &str,
    kinds: &str,
    cell: impl Fn(char) -> Option<T>,
) -> Result<(Vec<T>, Vec<u64>), Error> {
    let mut cells = Vec::with_capacity(count);
    let mut lines = Vec::with_capacity(count);
    while cells.len() < count {
        let (word, at) = tokens.expect_word(what)?;
        for c in word.chars() {
            let value = cell(c)
                .ok_or_else(|| tokens.bad_at(at, format!("'{}' is not {kinds}", shorten(&word))))?;
            if cells.len() == count {
                return Err(tokens.bad_at(
                    at,
                    format!("'{}' runs past the grid's {count} cells", shorten(&word)),
                ));
            }
            cells.push(value);
            lines.push(at);
        }
    }
    Ok((cells, lines))
}

/// A 3×3 grid written cell by cell (`2 3 4 1 5 x 7 6 8`; cells may also
/// run together in a word).
pub(super) fn eight_grid<R: BufRead>(tokens: &mut Tokens<R>) -> Result<Grid, Error> {
    let (cells, lines) = char_cells(
        tokens,
        9,
        "the 3×3 grid's nine cells",
        "a tile 1-8 or x",
        eight_cell,
    )?;
    let grid: Grid = cells.try_into().expect("nine cells");
    check_eight(tokens, &grid, lines[8])?;
    Ok(grid)
}

/// A 3×3 grid as one word of nine characters (`12X453786`).
pub(super) fn word_grid<R: BufRead>(tokens: &mut Tokens<R>, which: &str) -> Result<Grid, Error> {
    let (word, line) = tokens.expect_word(which)?;
    let cells: Option<Vec<u8>> = word.chars().map(eight_cell).collect();
    let grid: Grid = cells.and_then(|c| c.try_into().ok()).ok_or_else(|| {
        tokens.bad_at(
            line,
            format!(
                "{which} '{}' is not nine characters 1-8 and X",
                shorten(&word)
            ),
        )
    })?;
    check_eight(tokens, &grid, line)?;
    Ok(grid)
}

/// An n×n grid of the numbers 0..n², each once (0 the blank).
pub(super) fn numbers_grid<R: BufRead>(
    tokens: &mut Tokens<R>,
    n: usize,
) -> Result<Vec<Token>, Error> {
    let cells = n * n;
    let mut seen = vec![false; cells];
    let mut grid = Vec::with_capacity(cells);
    for _ in 0..cells {
        let (word, line) = tokens.expect_word("the grid's numbers")?;
        let value = word
            .parse::<usize>()
            .ok()
            .filter(|&v| v < cells)
            .ok_or_else(|| {
                tokens.bad_at(
                    line,
                    format!(
                        "'{}' is not a number from 0 to {}",
                        shorten(&word),
                        cells - 1
                    ),
                )
            })?;
        if std::mem::replace(&mut seen[value], true) {
            return Err(tokens.bad_at(line, format!("{value} appears twice in the grid")));
        }
        grid.push(value as Token);
    }
    Ok(grid)
}

/// A 2×2 grid of `A`, `B`, `C` and `X` (the empty cell), two lines of
/// two letters; as tokens 1, 2, 3 and the blank.
pub(super) fn letters_grid<R: BufRead>(tokens: &mut Tokens<R>) -> Result<Arrangement, Error> {
    let letter = |c| match c {
        'A' => Some(1),
        'B' => Some(2),
        'C' => Some(3),
        'X' => Some(0),
        _ => None,
    };
    let (grid, lines) = char_cells(
        tokens,
        4,
        "a 2×2 grid of A, B, C and X",
        "A, B, C or X",
        letter,
    )?;
    // The line of the letter's second time, as a reader would look for it.
    if let Some(i) = (1..4).find(|&i| grid[..i].contains(&grid[i])) {
        let name = ["X", "A", "B", "C"][grid[i] as usize];
        return Err(tokens.bad_at(
            lines[i],
            format!("{name} appears twice in the grid: it holds A, B, C and X once each"),
        ));
    }
    Ok(Arrangement::new(grid))
}

/// ABC 224 D's puzzle: M, M edges `u v` of vertices 1..9, then the
/// vertices of pieces 1..8. The board has cells 0..8 (vertex v is cell
/// v − 1); piece j is token j, the empty vertex the blank.
pub(super) fn graph_puzzle<R: BufRead>(
    tokens: &mut Tokens<R>,
) -> Result<(Board, Arrangement), Error> {
    let m = tokens.number("M", 36)?;
    let mut edges: Vec<(Cell, Cell)> = Vec::with_capacity(m as usize);
    for _ in 0..m {
        let (u, line) = vertex(tokens)?;
        let (v, _) = vertex(tokens)?;
        if u == v || edges.iter().any(|&e| e == (u, v) || e == (v, u)) {
            return Err(tokens.bad_at(line, format!("edge {} {} repeats or loops", u + 1, v + 1)));
        }
        edges.push((u, v));
    }
    let mut cells = vec![0 as Token; 9];
    for piece in 1..=8 {
        let (v, line) = vertex(tokens)?;
        if cells[v as usize] != 0 {
            return Err(tokens.bad_at(line, format!("two pieces on vertex {}", v + 1)));
        }
        cells[v as usize] = piece;
    }
    Ok((Board::graph(9, &edges)?, Arrangement::new(cells)))
}

/// A vertex 1..9, as a cell 0..8, and its line.
fn vertex<R: BufRead>(tokens: &mut Tokens<R>) -> Result<(Cell, u64), Error> {
    let (word, line) = tokens.expect_word("a vertex")?;
    match word.parse::<u32>() {
        Ok(v) if (1..=9).contains(&v) => Ok((v - 1, line)),
        _ => Err(tokens.bad_at(line, format!("'{}' is not a vertex 1 to 9", shorten(&word)))),
    }
}

/// The Eleven Puzzle's 13 numbers (0 twice, 1..11 once each), the first
/// of them already read (`first`, on `line`).
pub(super) fn diamond<R: BufRead>(
    tokens: &mut Tokens<R>,
    (first, line): (String, u64),
) -> Result<[u8; 13], Error> {
    let mut cells = [0u8; 13];
    let mut count = [0u8; 12];
    let mut word = (first, line);
    for (k, cell) in cells.iter_mut().enumerate() {
        if k > 0 {
            word = tokens.expect_word("the 13 numbers of the diamond")?;
        }
        let (text, at) = &word;
        let value = text
            .parse::<u8>()
            .ok()
            .filter(|&v| v <= 11)
            .ok_or_else(|| {
                tokens.bad_at(
                    *at,
                    format!("'{}' is not a number from 0 to 11", shorten(text)),
                )
            })?;
        count[value as usize] += 1;
        if count[value as usize] > if value == 0 { 2 } else { 1 } {
            return Err(tokens.bad_at(*at, format!("{value} appears too often in the diamond")));
        }
        *cell = value;
    }
    Ok(cells)
}
