//! One block of a board as a graph of its own: its cells numbered from 0
//! (the entry) by [`LocalCell`], a type of its own so that they cannot be
//! mixed up with board [`Cell`]s, in a compact adjacency ([`LocalGraph`]);
//! values per local cell ([`LocalVec`]); and the way back from board
//! cells ([`CellIndex`]). The tests asked of such a graph are in
//! [`Region`].

use std::ops::{Index, IndexMut};

use crate::board::Cell;
use crate::graph::{All, Block, Blocks, Region};

/// A cell of one block (or region), numbered within it: not a board
/// [`Cell`]. Vectors indexed by it are [`LocalVec`]s.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct LocalCell(u32);

impl LocalCell {
    /// Local cell 0: a block's entry, in the graphs of
    /// [`LocalGraph::of_block`].
    pub const ENTRY: Self = Self(0);

    /// The local cell numbered `index`.
    pub fn new(index: usize) -> Self {
        Self(u32::try_from(index).expect("a block has fewer than 2^32 cells"))
    }

    /// Its number within the block.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl From<LocalCell> for u32 {
    fn from(cell: LocalCell) -> Self {
        cell.0
    }
}

/// Values per local cell, indexed by [`LocalCell`] only.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct LocalVec<T>(Vec<T>);

impl<T: Clone> LocalVec<T> {
    /// `len` copies of `value`.
    pub(crate) fn new(len: usize, value: T) -> Self {
        Self(vec![value; len])
    }
}

impl<T> LocalVec<T> {
    /// The number of cells.
    #[allow(clippy::len_without_is_empty)] // a block is never empty
    pub(crate) fn len(&self) -> usize {
        self.0.len()
    }

    /// Each cell with its value, in order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (LocalCell, &T)> {
        self.0
            .iter()
            .enumerate()
            .map(|(i, v)| (LocalCell::new(i), v))
    }

    /// Swaps the values of two cells.
    pub(crate) fn swap(&mut self, a: LocalCell, b: LocalCell) {
        self.0.swap(a.index(), b.index());
    }
}

impl<T> FromIterator<T> for LocalVec<T> {
    /// The values of cells 0, 1, … in order.
    fn from_iter<I: IntoIterator<Item = T>>(values: I) -> Self {
        Self(values.into_iter().collect())
    }
}

impl<T> Index<LocalCell> for LocalVec<T> {
    type Output = T;
    fn index(&self, cell: LocalCell) -> &T {
        &self.0[cell.index()]
    }
}

impl<T> IndexMut<LocalCell> for LocalVec<T> {
    fn index_mut(&mut self, cell: LocalCell) -> &mut T {
        &mut self.0[cell.index()]
    }
}

/// Board cell to local cell for one block at a time: a table the size
/// of the board, set for the block worked on and cleared after, so that
/// going through every block stays O(N + E).
#[derive(Clone, Debug)]
pub(crate) struct CellIndex {
    local: Vec<u32>,
}

impl CellIndex {
    /// An empty index for a board of `cells` cells.
    pub(crate) fn new(cells: usize) -> Self {
        Self {
            local: vec![u32::MAX; cells],
        }
    }

    /// The local cell of board cell `cell`, in the graph set last.
    pub(crate) fn get(&self, cell: Cell) -> Option<LocalCell> {
        let l = self.local[cell as usize];
        (l != u32::MAX).then_some(LocalCell(l))
    }

    /// Sets the index to the cells of `graph`.
    pub(crate) fn set(&mut self, graph: &LocalGraph) {
        for (l, &c) in graph.cells.iter().enumerate() {
            self.local[c as usize] = l as u32;
        }
    }

    /// Clears the cells of `graph` (set before) from the index.
    pub(crate) fn clear(&mut self, graph: &LocalGraph) {
        for &c in &graph.cells {
            self.local[c as usize] = u32::MAX;
        }
    }
}

/// A graph on local cells `0..n`: adjacency lists in one array, and the
/// board cell of each local cell.
#[derive(Clone, Debug)]
pub(crate) struct LocalGraph {
    cells: Vec<Cell>,
    offsets: Vec<u32>,
    targets: Vec<LocalCell>,
}

impl LocalGraph {
    /// The graph of one block: its entry is local cell 0, the other
    /// cells follow in the order the block's edges first meet them, and
    /// each cell's neighbours are in the order of those edges. `index`
    /// is scratch, left clear.
    pub(crate) fn of_block(blocks: &Blocks, block: &Block, index: &mut CellIndex) -> Self {
        let edges = blocks.edges_of(block);
        let mut cells = vec![block.entry];
        index.local[block.entry as usize] = 0;
        for &(u, v) in edges {
            for c in [u, v] {
                if index.local[c as usize] == u32::MAX {
                    index.local[c as usize] = cells.len() as u32;
                    cells.push(c);
                }
            }
        }
        let graph = Self::build(cells, edges, |c| index.local[c as usize]);
        index.clear(&graph);
        graph
    }

    /// The graph on `0..n` with these edges (local cell `i` standing for
    /// board cell `i`), neighbours in the order of the edges.
    #[cfg(test)]
    pub(crate) fn from_edges(n: usize, edges: &[(u32, u32)]) -> Self {
        Self::build((0..n as Cell).collect(), edges, |c| c)
    }

    /// Adjacency lists in one array, from edges named by `local`.
    fn build(cells: Vec<Cell>, edges: &[(u32, u32)], local: impl Fn(u32) -> u32) -> Self {
        let n = cells.len();
        let mut offsets = vec![0u32; n + 1];
        for &(u, v) in edges {
            offsets[local(u) as usize + 1] += 1;
            offsets[local(v) as usize + 1] += 1;
        }
        for i in 0..n {
            offsets[i + 1] += offsets[i];
        }
        let mut fill = offsets.clone();
        let mut targets = vec![LocalCell(0); 2 * edges.len()];
        for &(u, v) in edges {
            let (lu, lv) = (local(u), local(v));
            targets[fill[lu as usize] as usize] = LocalCell(lv);
            fill[lu as usize] += 1;
            targets[fill[lv as usize] as usize] = LocalCell(lu);
            fill[lv as usize] += 1;
        }
        Self {
            cells,
            offsets,
            targets,
        }
    }

    /// The graph whose cell `i` stands for board cell `cells[i]`, with
    /// neighbours `lists[i]`, in that order.
    pub(super) fn from_lists(
        cells: Vec<Cell>,
        lists: impl Iterator<Item = impl Iterator<Item = LocalCell>>,
    ) -> Self {
        let mut offsets = vec![0u32];
        let mut targets = Vec::new();
        for list in lists {
            targets.extend(list);
            offsets.push(targets.len() as u32);
        }
        debug_assert_eq!(offsets.len(), cells.len() + 1);
        Self {
            cells,
            offsets,
            targets,
        }
    }

    /// The number of cells.
    pub(crate) fn len(&self) -> usize {
        self.cells.len()
    }

    /// The number of edges.
    pub(crate) fn edge_count(&self) -> usize {
        self.targets.len() / 2
    }

    /// The board cell of local cell `l`.
    pub(crate) fn cell(&self, l: LocalCell) -> Cell {
        self.cells[l.index()]
    }

    /// The board cells, in local order.
    pub(crate) fn board_cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The neighbours of `l`, live or not.
    pub(crate) fn neighbours(&self, l: LocalCell) -> &[LocalCell] {
        let i = l.index();
        &self.targets[self.offsets[i] as usize..self.offsets[i + 1] as usize]
    }

    /// The whole graph as a region.
    pub(crate) fn whole(&self) -> Region<'_, All> {
        Region::new(self, &All)
    }

    /// The region of the cells `live` marks.
    pub(crate) fn within<'g>(&'g self, live: &'g LocalVec<bool>) -> Region<'g, LocalVec<bool>> {
        debug_assert_eq!(live.len(), self.len());
        Region::new(self, live)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn local_cells_index_local_vectors() {
        let l = LocalCell::new(3);
        assert_eq!(l.index(), 3);
        assert_eq!(u32::from(l), 3);
        assert_eq!(LocalCell::ENTRY.index(), 0);
        let mut v: LocalVec<char> = "abcd".chars().collect();
        v.swap(LocalCell::ENTRY, l);
        assert_eq!(v[l], 'a');
        assert_eq!(v[LocalCell::ENTRY], 'd');
        let listed: Vec<(usize, char)> = v.iter().map(|(c, &x)| (c.index(), x)).collect();
        assert_eq!(listed, vec![(0, 'd'), (1, 'b'), (2, 'c'), (3, 'a')]);
    }

    #[test]
    fn blocks_are_numbered_from_their_entry() {
        // A triangle 5-6-7 hanging from 7 on a path 7-8.
        let board = crate::Board::graph(9, &[(5, 6), (6, 7), (7, 5), (7, 8)]).unwrap();
        let blocks = Blocks::rooted(&board, 8);
        let triangle = blocks.blocks.iter().find(|b| b.entry == 7).unwrap();
        let mut index = CellIndex::new(9);
        let graph = LocalGraph::of_block(&blocks, triangle, &mut index);
        assert_eq!(graph.cell(LocalCell::ENTRY), 7);
        assert_eq!(graph.len(), 3);
        let mut board_cells = graph.board_cells().to_vec();
        board_cells.sort();
        assert_eq!(board_cells, vec![5, 6, 7]);
        assert_eq!(index.get(7), None, "left clear");
        index.set(&graph);
        assert_eq!(index.get(7), Some(LocalCell::ENTRY));
        let six = index.get(6).unwrap();
        assert_eq!(graph.cell(six), 6);
        index.clear(&graph);
        assert_eq!(index.get(6), None);
    }
}
