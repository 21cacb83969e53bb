//! The one board type: cells `0..N` and which of them are adjacent.
//!
//! Every algorithm in npuzzle works on a [`Board`]. A board remembers how it
//! was made ([`Layout`]) so that boxes can take O(N) fast paths and 2-D
//! boards can print moves as directions, but the adjacency is always there
//! for the general algorithms. Boxes build their adjacency lazily: a
//! 999×999 judge case never needs it.

use std::sync::OnceLock;

use crate::error::Error;

pub mod spec;

/// The largest board npuzzle accepts, in cells (2^26, about 67 million).
/// Hostile specs such as `1000000000x1000000000` are refused before any
/// memory is taken.
pub const MAX_CELLS: usize = 1 << 26;

/// A cell index, `0..board.cell_count()`.
pub type Cell = u32;

/// How a board was described; the adjacency follows from it. More
/// layouts may come, so a `match` needs a wildcard arm.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Layout {
    /// A box, row-major (last dimension fastest).
    Box {
        /// The side lengths.
        dims: Vec<usize>,
    },
    /// A 2-D mask.
    Mask {
        /// The rows of the grid the mask is drawn on.
        rows: usize,
        /// Its columns.
        cols: usize,
        /// `cells[i]` is the position `row * cols + col` of cell `i`.
        cells: Vec<u32>,
    },
    /// A graph given by its edges.
    Graph,
}

/// Adjacency in compressed sparse row form: the neighbours of cell `c` are
/// `targets[offsets[c]..offsets[c + 1]]`, sorted and without repeats.
#[derive(Clone, Debug)]
struct Adjacency {
    offsets: Vec<u32>,
    targets: Vec<Cell>,
}

impl Adjacency {
    /// Builds sorted, deduplicated adjacency from undirected edges.
    fn from_edges(cells: usize, edges: &[(Cell, Cell)]) -> Self {
        let mut degree = vec![0u32; cells + 1];
        for &(u, v) in edges {
            degree[u as usize] += 1;
            degree[v as usize] += 1;
        }
        let mut offsets = vec![0u32; cells + 1];
        for c in 0..cells {
            offsets[c + 1] = offsets[c] + degree[c];
        }
        let mut fill = offsets.clone();
        let mut targets = vec![0 as Cell; offsets[cells] as usize];
        for &(u, v) in edges {
            targets[fill[u as usize] as usize] = v;
            fill[u as usize] += 1;
            targets[fill[v as usize] as usize] = u;
            fill[v as usize] += 1;
        }
        // Sort and drop repeated edges, compacting in place.
        let mut out = 0usize;
        let mut new_offsets = vec![0u32; cells + 1];
        for c in 0..cells {
            let (lo, hi) = (offsets[c] as usize, offsets[c + 1] as usize);
            targets[lo..hi].sort_unstable();
            let mut last = None;
            for i in lo..hi {
                let t = targets[i];
                if last != Some(t) {
                    targets[out] = t;
                    out += 1;
                    last = Some(t);
                }
            }
            new_offsets[c + 1] = out as u32;
        }
        targets.truncate(out);
        Self {
            offsets: new_offsets,
            targets,
        }
    }

    /// The adjacency of a box with sides `dims`, made cell by cell (no
    /// list of edges, which would double the memory on big boxes): below
    /// along each side from the longest stride down, then above from the
    /// shortest up, which is increasing order.
    fn of_box(dims: &[usize]) -> Self {
        let cells: usize = dims.iter().product();
        // (stride, side) per dimension, the longest stride first.
        let mut sides = Vec::with_capacity(dims.len());
        let mut stride = 1usize;
        for &d in dims.iter().rev() {
            sides.push((stride, d));
            stride *= d;
        }
        sides.reverse();
        let ends: usize = sides.iter().map(|&(_, d)| 2 * (cells / d) * (d - 1)).sum();
        let mut offsets = Vec::with_capacity(cells + 1);
        let mut targets = Vec::with_capacity(ends);
        offsets.push(0);
        for c in 0..cells {
            for &(s, d) in &sides {
                if (c / s) % d > 0 {
                    targets.push((c - s) as Cell);
                }
            }
            for &(s, d) in sides.iter().rev() {
                if (c / s) % d + 1 < d {
                    targets.push((c + s) as Cell);
                }
            }
            offsets.push(targets.len() as u32);
        }
        Self { offsets, targets }
    }
}

/// A board: `cells()` cells and their adjacency.
///
/// ```
/// use npuzzle_core::Board;
/// let b = Board::new_box(&[3, 3]).unwrap();
/// assert_eq!(b.cell_count(), 9);
/// assert_eq!(b.neighbours(4), &[1, 3, 5, 7]);
/// ```
#[derive(Debug)]
pub struct Board {
    cells: usize,
    layout: Layout,
    adjacency: OnceLock<Adjacency>,
}

impl Clone for Board {
    fn clone(&self) -> Self {
        Self {
            cells: self.cells,
            layout: self.layout.clone(),
            adjacency: self.adjacency.clone(),
        }
    }
}

impl Board {
    /// A box with the given side lengths (`&[3, 5]` is 3 rows of 5),
    /// cells in row-major order. Sides of length 1 are allowed.
    pub fn new_box(dims: &[usize]) -> Result<Self, Error> {
        if dims.is_empty() {
            return Err(Error::BadBoard("a box needs at least one side".into()));
        }
        let mut cells: usize = 1;
        for &d in dims {
            if d == 0 {
                return Err(Error::BadBoard("a box side must be at least 1".into()));
            }
            cells = cells
                .checked_mul(d)
                .filter(|&c| c <= MAX_CELLS)
                .ok_or_else(|| too_large(dims.iter().map(|&d| d as f64).product()))?;
        }
        Ok(Self {
            cells,
            layout: Layout::Box {
                dims: dims.to_vec(),
            },
            adjacency: OnceLock::new(),
        })
    }

    /// A 2-D board from a mask: one string per row, `#` a cell, `.` a hole.
    /// Cells are numbered in reading order, 4-neighbour adjacency.
    ///
    /// ```
    /// use npuzzle_core::Board;
    /// let b = Board::mask(&["##", "#."]).unwrap();
    /// assert_eq!(b.cell_count(), 3);
    /// ```
    pub fn mask<S: AsRef<str>>(rows: &[S]) -> Result<Self, Error> {
        let height = rows.len();
        let width = rows.first().map_or(0, |r| r.as_ref().len());
        if height == 0 || width == 0 {
            return Err(Error::BadBoard("a mask needs at least one row".into()));
        }
        if height.saturating_mul(width) > MAX_CELLS {
            return Err(too_large(height as f64 * width as f64));
        }
        let (cells, index) = mask_cells(rows, width)?;
        if cells.is_empty() {
            return Err(Error::BadBoard("the mask has no cell ('#')".into()));
        }
        let mut edges = Vec::new();
        for (i, &p) in cells.iter().enumerate() {
            let (r, c) = (p as usize / width, p as usize % width);
            if c + 1 < width && index[p as usize + 1] != u32::MAX {
                edges.push((i as Cell, index[p as usize + 1]));
            }
            if r + 1 < height && index[p as usize + width] != u32::MAX {
                edges.push((i as Cell, index[p as usize + width]));
            }
        }
        let n = cells.len();
        Ok(Self {
            cells: n,
            adjacency: OnceLock::from(Adjacency::from_edges(n, &edges)),
            layout: Layout::Mask {
                rows: height,
                cols: width,
                cells,
            },
        })
    }

    /// Any graph on cells `0..cells`. Repeated edges are merged; loops and
    /// out-of-range cells are errors.
    ///
    /// ```
    /// use npuzzle_core::Board;
    /// let cycle = Board::graph(4, &[(0, 1), (1, 2), (2, 3), (3, 0)]).unwrap();
    /// assert_eq!(cycle.neighbours(0), &[1, 3]);
    /// ```
    pub fn graph(cells: usize, edges: &[(Cell, Cell)]) -> Result<Self, Error> {
        if cells == 0 {
            return Err(Error::BadBoard("a graph needs at least one cell".into()));
        }
        if cells > MAX_CELLS {
            return Err(too_large(cells as f64));
        }
        for (i, &(u, v)) in edges.iter().enumerate() {
            if u as usize >= cells || v as usize >= cells {
                return Err(Error::BadBoard(format!(
                    "edge {} ({u}-{v}) names a cell outside 0..{}",
                    i + 1,
                    cells - 1
                )));
            }
            if u == v {
                return Err(Error::BadBoard(format!(
                    "edge {} ({u}-{v}) joins a cell to itself",
                    i + 1
                )));
            }
        }
        Ok(Self {
            cells,
            adjacency: OnceLock::from(Adjacency::from_edges(cells, edges)),
            layout: Layout::Graph,
        })
    }

    /// The number of cells.
    pub fn cell_count(&self) -> usize {
        self.cells
    }

    /// How the board was described.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The side lengths if this board is a box.
    pub fn box_dims(&self) -> Option<&[usize]> {
        match &self.layout {
            Layout::Box { dims } => Some(dims),
            _ => None,
        }
    }

    /// The (row, column) of a cell on a 2-D board (a 2-D box or a mask),
    /// `None` on other boards.
    pub fn row_col(&self, cell: Cell) -> Option<(usize, usize)> {
        match &self.layout {
            Layout::Box { dims } if dims.len() == 2 => {
                Some((cell as usize / dims[1], cell as usize % dims[1]))
            }
            Layout::Mask { cols, cells, .. } => {
                let p = cells[cell as usize] as usize;
                Some((p / cols, p % cols))
            }
            _ => None,
        }
    }

    /// The cell at (`row`, `col`) of a 2-D board, if there is one there
    /// (not a hole, not off the grid).
    ///
    /// ```
    /// use npuzzle_core::Board;
    /// let board: Board = "mask:.#/##".parse().unwrap();
    /// assert_eq!(board.cell_at(0, 1), Some(0));
    /// assert_eq!(board.cell_at(0, 0), None);
    /// assert_eq!(board.cell_at(1, 1), Some(2));
    /// ```
    pub fn cell_at(&self, row: usize, col: usize) -> Option<Cell> {
        match &self.layout {
            Layout::Box { dims } if dims.len() == 2 => {
                (row < dims[0] && col < dims[1]).then_some((row * dims[1] + col) as Cell)
            }
            Layout::Mask { rows, cols, cells } if row < *rows && col < *cols => cells
                .binary_search(&((row * cols + col) as u32))
                .ok()
                .map(|i| i as Cell),
            _ => None,
        }
    }

    /// The neighbours of `cell`, sorted.
    pub fn neighbours(&self, cell: Cell) -> &[Cell] {
        let adj = self.adjacency();
        let c = cell as usize;
        &adj.targets[adj.offsets[c] as usize..adj.offsets[c + 1] as usize]
    }

    /// The number of edges.
    pub fn edge_count(&self) -> usize {
        self.adjacency().targets.len() / 2
    }

    /// Whether `a` and `b` are adjacent.
    pub fn adjacent(&self, a: Cell, b: Cell) -> bool {
        if let Some(dims) = self.box_dims() {
            return box_adjacent(dims, a as usize, b as usize);
        }
        self.neighbours(a).binary_search(&b).is_ok()
    }

    /// All edges `(u, v)` with `u < v`.
    pub fn edges(&self) -> impl Iterator<Item = (Cell, Cell)> + '_ {
        (0..self.cells as Cell).flat_map(move |u| {
            self.neighbours(u)
                .iter()
                .filter(move |&&v| u < v)
                .map(move |&v| (u, v))
        })
    }

    fn adjacency(&self) -> &Adjacency {
        self.adjacency.get_or_init(|| {
            let dims = match &self.layout {
                Layout::Box { dims } => dims,
                _ => unreachable!("non-box boards are built with their adjacency"),
            };
            Adjacency::of_box(dims)
        })
    }
}

fn too_large(cells: f64) -> Error {
    Error::BadBoard(format!(
        "the board would have {cells:.0} cells; npuzzle takes at most {MAX_CELLS}"
    ))
}

/// Adjacency in a box without building the graph: the two cells differ by
/// one step along exactly one dimension.
fn box_adjacent(dims: &[usize], a: usize, b: usize) -> bool {
    let (lo, hi) = (a.min(b), a.max(b));
    let mut stride = 1usize;
    for &d in dims.iter().rev() {
        if hi - lo == stride && (lo / stride) % d + 1 < d {
            return true;
        }
        stride *= d;
    }
    false
}

/// Manhattan distance between two cells of a box, which is their graph
/// distance.
pub(crate) fn box_distance(dims: &[usize], a: usize, b: usize) -> usize {
    let (mut a, mut b) = (a, b);
    let mut total = 0;
    for &d in dims.iter().rev() {
        total += (a % d).abs_diff(b % d);
        a /= d;
        b /= d;
    }
    total
}

/// The cells of a mask `width` columns wide: the row-major positions of
/// its `#`, and for each position its cell (`u32::MAX` for a hole).
fn mask_cells<S: AsRef<str>>(rows: &[S], width: usize) -> Result<(Vec<u32>, Vec<u32>), Error> {
    let mut cells = Vec::new();
    let mut index = vec![u32::MAX; rows.len() * width];
    for (r, row) in rows.iter().enumerate() {
        let row = row.as_ref();
        if row.len() != width {
            return Err(Error::BadBoard(format!(
                "mask row {} has {} columns, row 1 has {width}",
                r + 1,
                row.len()
            )));
        }
        for (c, ch) in row.bytes().enumerate() {
            match ch {
                b'#' => {
                    index[r * width + c] = cells.len() as u32;
                    cells.push((r * width + c) as u32);
                }
                b'.' => {}
                _ => {
                    return Err(Error::BadBoard(format!(
                        "mask row {}, column {}: '{}' is neither '#' (cell) nor '.' (hole)",
                        r + 1,
                        c + 1,
                        ch as char
                    )));
                }
            }
        }
    }
    Ok((cells, index))
}

#[cfg(test)]
mod tests;
