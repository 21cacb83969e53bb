//! The end of a block: the last few cells searched breadth first (the
//! one end search, shared with the box solver), or a region that could
//! not be peeled sorted by 3-cycles.

use crate::arrangement::Token;
use crate::board::{Board, Cell};
use crate::graph::{LocalCell, LocalVec};
use crate::solve::construct::block_by_block::{Piece, State, movers};
use crate::solve::construct::three_cycles;
use crate::solve::error::Limit;
use crate::solve::search::bfs;

/// The cells the blank moves to, in order, on a shortest way from `now`
/// to `goal` (tokens on `cells`, in order) with moves between the
/// `cells` only: a breadth-first search on the board they make, each
/// cell's edges in the order `neighbours` lists them. `None` when the
/// goal cannot be reached.
pub(crate) fn end_search<T, I>(
    cells: &[T],
    neighbours: impl Fn(T) -> I,
    now: &[Token],
    goal: &[Token],
) -> Option<Vec<T>>
where
    T: Copy + PartialEq,
    I: IntoIterator<Item = T>,
{
    let mut edges = Vec::new();
    for (i, &c) in cells.iter().enumerate() {
        for w in neighbours(c) {
            if let Some(j) = cells.iter().position(|&x| x == w)
                && i < j
            {
                edges.push((i as Cell, j as Cell));
            }
        }
    }
    let sub = Board::graph(cells.len(), &edges).expect("a valid sub-board");
    let solution = bfs::shortest(&sub, now, goal)?;
    Some(
        solution
            .moves
            .iter()
            .map(|m| cells[m.from as usize])
            .collect(),
    )
}

/// Finishes the cells `region` of a block by breadth-first search over
/// their arrangements.
pub(super) fn search(
    piece: &Piece,
    region: &[LocalCell],
    state: &mut State,
    goal: &LocalVec<Token>,
) -> Result<(), Limit> {
    let now: Vec<Token> = region.iter().map(|&l| piece.token(state, l)).collect();
    let want: Vec<Token> = region.iter().map(|&l| goal[l]).collect();
    let neighbours = |l: LocalCell| piece.graph.neighbours(l).iter().copied();
    let walk = end_search(region, neighbours, &now, &want).ok_or(Limit::Cornered(
        "the last cells of a block could not be finished",
    ))?;
    for l in walk {
        piece.slide(state, l);
    }
    Ok(())
}

/// Sets the live cells: breadth first when few arrangements are left,
/// else (or where the search finds none) by 3-cycles.
pub(super) fn finish(
    piece: &Piece,
    alive: &LocalVec<bool>,
    home: LocalCell,
    state: &mut State,
    goal: &LocalVec<Token>,
) -> Result<(), Limit> {
    // The blank home first: the sorting wants it there.
    if !movers::walk_blank(piece, alive, home, state) {
        return Err(Limit::Cornered("the blank cannot get home"));
    }
    let region = piece.graph.within(alive);
    let cells: Vec<LocalCell> = region.cells().collect();
    let tokens: Vec<Token> = cells.iter().map(|&l| piece.token(state, l)).collect();
    if bfs::small_enough(&tokens) && search(piece, &cells, state, goal).is_ok() {
        return Ok(());
    }
    // The sorting, on the region's own cells.
    let (graph, kept) = region.compact();
    let own = |l: LocalCell| LocalCell::new(kept.iter().position(|&k| k == l).expect("live"));
    let want: Vec<Token> = kept.iter().map(|&l| goal[l]).collect();
    let walk = three_cycles::sort_by_three_cycles(&graph, own(home), &tokens, &want)?;
    for c in walk {
        piece.slide(state, kept[c.index()]);
    }
    Ok(())
}
