//! Board specs: the one-line descriptions of boards used everywhere.
//!
//! - `RxC`, `LxRxC`, …: a box of any dimension, row-major;
//! - `mask:ROW/ROW/...`: `#` a cell, `.` a hole, 4-neighbour adjacency;
//! - `graph:N:u-v,u-v,...`: any graph on cells `0..N`;
//! - a preset name: see [`PRESETS`].
//!
//! Parsing never reads a file: front ends that take `@FILE` read it
//! themselves, within their own limits, and hand the text over.

use std::fmt;
use std::str::FromStr;

use crate::board::{Board, Cell, Layout, MAX_CELLS};
use crate::error::Error;
use crate::error::shorten;

/// Named boards: the name and the spec it stands for.
pub const PRESETS: &[(&str, &str)] = &[
    ("8-puzzle", "3x3"),
    ("15-puzzle", "4x4"),
    ("24-puzzle", "5x5"),
    ("hdu4021", HDU4021),
    ("theta0", "graph:7:0-2,2-1,0-3,3-4,4-1,0-5,5-6,6-1"),
];

/// HDU 4021's 24-cell board: a 4×4 core with 8 dead-end cells.
pub const HDU4021: &str = "mask:.#..#./######/.####./.####./######/.#..#.";

impl FromStr for Board {
    type Err = Error;

    /// Parses a board spec (see the [module](self)).
    ///
    /// # Errors
    /// [`Error::BadBoard`] naming what is wrong: an unknown form, a side
    /// or edge that is not a number, a board over [`MAX_CELLS`] cells.
    ///
    /// # Examples
    /// ```
    /// use npuzzle_core::Board;
    /// assert_eq!("3x5".parse::<Board>().unwrap().cell_count(), 15);
    /// assert_eq!("hdu4021".parse::<Board>().unwrap().cell_count(), 24);
    /// assert_eq!("graph:3:0-1,1-2".parse::<Board>().unwrap().edge_count(), 2);
    /// assert!("3y5".parse::<Board>().is_err());
    /// assert!("@board.txt".parse::<Board>().is_err()); // files are the caller's
    /// ```
    fn from_str(spec: &str) -> Result<Self, Error> {
        parse_board(spec)
    }
}

/// Parses a board spec; the same as `spec.parse::<Board>()`.
///
/// # Errors
/// As [`Board::from_str`].
pub fn parse_board(spec: &str) -> Result<Board, Error> {
    let spec = spec.trim();
    if let Some(preset) = preset(spec) {
        return parse_board(preset);
    }
    if let Some(rows) = spec.strip_prefix("mask:") {
        let rows: Vec<&str> = rows.split(['/', '\n']).map(str::trim).collect();
        return Board::mask(&rows);
    }
    if let Some(rest) = spec.strip_prefix("graph:") {
        return parse_graph(rest);
    }
    if let Some(boxed) = box_spec(spec) {
        let dims = boxed
            .split('x')
            .map(|side| {
                digits::<usize>(side).ok_or_else(|| {
                    Error::BadBoard(format!(
                        "box side '{}' is not a positive whole number",
                        shorten(side)
                    ))
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        return Board::new_box(&dims);
    }
    Err(Error::BadBoard(format!(
        "'{}' is not a board spec: use RxC (a box, any dimension), mask:ROW/ROW/..., \
         graph:N:u-v,... or a preset ({})",
        shorten(spec),
        PRESETS.iter().map(|p| p.0).collect::<Vec<_>>().join(", ")
    )))
}

/// The number of cells `spec` stands for, counted without building the
/// board (so that a question can be checked against its size first);
/// `None` when the spec is not well formed.
///
/// ```
/// use npuzzle_core::spec::spec_cells;
/// assert_eq!(spec_cells("3x5"), Some(15));
/// assert_eq!(spec_cells("graph:67108864"), Some(67108864));
/// assert_eq!(spec_cells("mask:.#/##"), Some(3));
/// assert_eq!(spec_cells("hdu4021"), Some(24));
/// assert_eq!(spec_cells("99999999999x99999999999"), None);
/// ```
#[must_use]
pub fn spec_cells(spec: &str) -> Option<usize> {
    let spec = spec.trim();
    if let Some(preset) = preset(spec) {
        return spec_cells(preset);
    }
    if let Some(rows) = spec.strip_prefix("mask:") {
        return Some(rows.bytes().filter(|&b| b == b'#').count());
    }
    if let Some(rest) = spec.strip_prefix("graph:") {
        let count = rest.split_once(':').map_or(rest, |(n, _)| n);
        return digits(count.trim());
    }
    box_spec(spec)?
        .split('x')
        .try_fold(1usize, |acc, side| acc.checked_mul(digits(side)?))
}

/// A number written in digits only: no sign, no spaces (`+3x3` is not a
/// board), `None` past the type's range too.
pub(crate) fn digits<T: std::str::FromStr>(text: &str) -> Option<T> {
    let plain = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
    plain.then(|| text.parse().ok()).flatten()
}

/// The spec a preset name stands for, the name in any case (`15-Puzzle`).
fn preset(name: &str) -> Option<&'static str> {
    PRESETS
        .iter()
        .find(|(preset, _)| preset.eq_ignore_ascii_case(name))
        .map(|&(_, spec)| spec)
}

/// A box spec as `RxC…` when `spec` is one however written (`4x4`,
/// `4×4`, `3X3`, `4 x 4`): the sides between the `x`s, none empty.
fn box_spec(spec: &str) -> Option<String> {
    let boxed: String = spec
        .replace(['×', 'X'], "x")
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    (boxed.contains('x') && boxed.split('x').all(|s| !s.is_empty())).then_some(boxed)
}

/// Writes the board's spec, which parses back to the same board.
///
/// ```
/// use npuzzle_core::Board;
/// for spec in ["3x5", "2x2x2", "mask:.#/##", "graph:3:0-1,1-2"] {
///     let board: Board = spec.parse().unwrap();
///     assert_eq!(board.to_string(), spec);
/// }
/// ```
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.layout() {
            Layout::Box { dims } => {
                let sides: Vec<String> = dims.iter().map(usize::to_string).collect();
                f.write_str(&sides.join("x"))
            }
            Layout::Mask { rows, cols, cells } => {
                let mut grid = vec![b'.'; rows * cols];
                for &p in cells {
                    grid[p as usize] = b'#';
                }
                let rows: Vec<&str> = grid
                    .chunks(*cols)
                    .map(|row| std::str::from_utf8(row).expect("ASCII"))
                    .collect();
                write!(f, "mask:{}", rows.join("/"))
            }
            Layout::Graph => {
                let edges: Vec<String> = self.edges().map(|(u, v)| format!("{u}-{v}")).collect();
                write!(f, "graph:{}:{}", self.cell_count(), edges.join(","))
            }
        }
    }
}

/// A board is written in JSON as its spec: `"3x3"`, `"mask:.#/##"`.
impl serde::Serialize for Board {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// A board is read from JSON as a spec, which is never a file.
impl<'de> serde::Deserialize<'de> for Board {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let spec = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        spec.parse().map_err(serde::de::Error::custom)
    }
}

fn parse_graph(rest: &str) -> Result<Board, Error> {
    let (count, edge_list) = rest.split_once(':').unwrap_or((rest, ""));
    let cells: usize = digits(count.trim()).ok_or_else(|| {
        Error::BadBoard(format!(
            "graph: cell count '{}' is not a whole number",
            shorten(count)
        ))
    })?;
    if cells > MAX_CELLS {
        return Err(Error::BadBoard(format!(
            "graph: {cells} cells; npuzzle takes at most {MAX_CELLS}"
        )));
    }
    let mut edges = Vec::new();
    for (i, edge) in edge_list
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|e| !e.is_empty())
        .enumerate()
    {
        let bad = || {
            Error::BadBoard(format!(
                "graph: edge {} ('{}') is not of the form u-v",
                i + 1,
                shorten(edge)
            ))
        };
        let (u, v) = edge.split_once('-').ok_or_else(bad)?;
        let u: Cell = digits(u).ok_or_else(bad)?;
        let v: Cell = digits(v).ok_or_else(bad)?;
        edges.push((u, v));
    }
    Board::graph(cells, &edges)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Layout;

    #[test]
    fn boxes_of_any_dimension() {
        assert!(
            parse_board("7")
                .unwrap_err()
                .to_string()
                .contains("not a board spec")
        );
        assert_eq!(
            parse_board("2x3x4").unwrap().box_dims(),
            Some(&[2, 3, 4][..])
        );
        assert_eq!(parse_board("1x5").unwrap().cell_count(), 5);
        assert!(parse_board("0x5").is_err());
        assert!(parse_board("3x").is_err());
        assert!(parse_board("1000000000x1000000000").is_err());
        assert!(parse_board("99999999999999999999999x2").is_err());
        for signed in ["+3x3", "3x+3", "graph:+3:0-1", "graph:3:+0-1"] {
            assert!(parse_board(signed).is_err(), "{signed}");
        }
        assert_eq!(spec_cells("+3x3"), None);
    }

    #[test]
    fn hdu_board_has_eight_dead_ends() {
        let b = parse_board("hdu4021").unwrap();
        let dead: Vec<Cell> = (0..24).filter(|&c| b.neighbours(c).len() == 1).collect();
        assert_eq!(dead, vec![0, 1, 2, 7, 16, 21, 22, 23]);
        assert!(matches!(
            b.layout(),
            Layout::Mask {
                rows: 6,
                cols: 6,
                ..
            }
        ));
    }

    #[test]
    fn graph_errors_name_the_edge() {
        let e = parse_board("graph:3:0-1,1_2").unwrap_err();
        assert!(e.to_string().contains("edge 2 ('1_2')"), "{e}");
        let e = parse_board("graph:3:0-1,1-5").unwrap_err();
        assert!(e.to_string().contains("outside"), "{e}");
        assert_eq!(parse_board("graph:1").unwrap().cell_count(), 1);
    }

    #[test]
    fn specs_from_files_span_lines_but_files_are_never_read() {
        // What a board file holds: edges may be split over lines.
        let b = parse_board("graph:4:\n0-1\n1-2\n2-3\n3-0\n").unwrap();
        assert_eq!(b.edge_count(), 4);
        assert!(parse_board("@/etc/passwd").is_err());
    }

    #[test]
    fn boards_go_through_json_as_specs() {
        let board: Board = serde_json::from_str("\"hdu4021\"").unwrap();
        assert_eq!(board.cell_count(), 24);
        assert_eq!(
            serde_json::to_string(&board).unwrap(),
            format!("\"{board}\"")
        );
        assert!(serde_json::from_str::<Board>("\"@/etc/passwd\"").is_err());
    }

    #[test]
    fn boxes_may_be_written_with_times_signs() {
        assert_eq!(parse_board("4×4").unwrap().cell_count(), 16);
        assert_eq!(parse_board("3X3").unwrap().cell_count(), 9);
        assert_eq!(spec_cells("4×4"), Some(16));
    }

    #[test]
    fn boxes_may_have_spaces_and_presets_any_case() {
        assert_eq!(parse_board("4 x 4").unwrap().cell_count(), 16);
        assert_eq!(spec_cells(" 2 x 3 x 4 "), Some(24));
        assert_eq!(parse_board("15-Puzzle").unwrap().cell_count(), 16);
        assert_eq!(spec_cells("HDU4021"), Some(24));
        assert!(parse_board("4 4").is_err());
    }

    #[test]
    fn every_preset_is_written_back_as_a_spec_of_the_same_board() {
        for (name, _) in PRESETS {
            let board = parse_board(name).unwrap();
            let again = parse_board(&board.to_string()).unwrap();
            assert_eq!(again.cell_count(), board.cell_count(), "{name}");
            assert!(again.edges().eq(board.edges()), "{name}");
            assert_eq!(again.layout(), board.layout(), "{name}");
        }
    }
}
