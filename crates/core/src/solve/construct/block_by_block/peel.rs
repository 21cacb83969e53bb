//! The peeling policy: which cells of a 2-connected block are set next,
//! and round which home the peeling ends.
//!
//! A cell (or a pair of neighbouring cells, or an ear) may go when what
//! is left still allows every arrangement the block allows
//! ([`can_remain`]): 2-connected, not a cycle, not θ0, and with an odd
//! cycle when the block has one. Cells are set until a few are left for
//! the end search.

use std::cmp::Reverse;

use crate::arrangement::Token;
use crate::graph::{LocalCell, LocalGraph, LocalVec};
use crate::solve::construct::block_by_block::scoring::Aims;
use crate::solve::construct::block_by_block::{Piece, State, ears, endgame, movers};
use crate::solve::error::Limit;

/// Regions this small are finished breadth first.
const ENDGAME: usize = 8;

/// Cells to end the peeling round, best first: those with the most cells
/// within three steps (in the thick of the block, away from holes), each
/// at least five steps from the ones before.
pub(super) fn homes(piece: &Piece, count: usize) -> Vec<LocalCell> {
    let whole = piece.graph.whole();
    let mut order: Vec<(usize, LocalCell)> = whole
        .cells()
        .map(|l| (whole.count_within(l, 3), l))
        .collect();
    order.sort_by_key(|&(d, l)| (Reverse(d), l));
    let mut chosen: Vec<LocalCell> = Vec::new();
    for (_, l) in order {
        let dist = whole.distances(l);
        if chosen.iter().all(|&c| dist[c] >= 5) {
            chosen.push(l);
            if chosen.len() == count {
                break;
            }
        }
    }
    chosen
}

/// Peels a 2-connected block down to a breadth-first endgame round
/// `home`, where the goal (`goal`, on local cells) has its blank.
pub(super) fn peel(
    piece: &Piece,
    home: LocalCell,
    state: &mut State,
    goal: &LocalVec<Token>,
) -> Result<(), Limit> {
    let graph = piece.graph;
    let aims = Aims::new(piece, goal);
    let m = graph.len();
    let mut alive = LocalVec::new(m, true);
    let mut left = m;
    let odd_block = !graph.whole().is_bipartite();
    let mut blocked = LocalVec::new(m, false);
    while left > ENDGAME {
        // A cell that has not cut the region before (or two that go
        // together), else an ear, else any cell.
        let mut c = match peelable(graph, &alive, home, odd_block, &mut blocked, false) {
            Some(Peel::Pair(ear, u, v)) => {
                if ears::load(piece, &aims, &mut alive, &ear, u, v, state).is_ok() {
                    left -= 2;
                    continue;
                }
                None
            }
            Some(Peel::Cell(c)) => Some(c),
            None => None,
        };
        if c.is_none() {
            if let Some((ear, u, v)) = ears::peelable_ear(graph, &alive, home, odd_block)
                && ears::load(piece, &aims, &mut alive, &ear, u, v, state).is_ok()
            {
                left -= ear.len();
                continue;
            }
            c = match peelable(graph, &alive, home, odd_block, &mut blocked, true) {
                Some(Peel::Cell(c)) => Some(c),
                _ => None,
            };
        }
        // Neither a cell nor an ear can go (a long cycle with one chord,
        // say), or the ear is too long for the rest to load it.
        let Some(c) = c else { break };
        // Bring a token that belongs on c: the nearest one still free.
        let from = movers::nearest_token(piece, &alive, c, goal[c], state)
            .ok_or(Limit::Cornered("no token left for a cell"))?;
        movers::walk_token(piece, &aims, &alive, from, c, state);
        alive[c] = false;
        left -= 1;
    }
    endgame::finish(piece, &alive, home, state, goal)
}

/// What [`peelable`] found to go next.
enum Peel {
    Cell(LocalCell),
    /// Two neighbouring cells, ordered from `u`'s side to `v`'s, with
    /// `u` next to the first and `v` next to the second.
    Pair(Vec<LocalCell>, LocalCell, LocalCell),
}

/// A live cell (not home) whose removal keeps the rest 2-connected,
/// not a cycle, and non-bipartite if the block is: corners first (fewest
/// live neighbours: on grids the rest stays a fat rectangle-like shape),
/// the farthest from home first among equals. Or two neighbouring cells
/// that can go together where neither can alone.
fn peelable(
    graph: &LocalGraph,
    alive: &LocalVec<bool>,
    home: LocalCell,
    odd_block: bool,
    blocked: &mut LocalVec<bool>,
    retry: bool,
) -> Option<Peel> {
    let region = graph.within(alive);
    let dist = region.distances(home);
    let key = |l: LocalCell| (region.degree(l), Reverse(dist[l]));
    // Each trial walks the whole region, so cells that would have cut it
    // before (`blocked`) are tried only when no other cell and no ear can
    // go: they seldom can until much of the region is gone. The first
    // pass seldom tries more than a few cells, so it looks for the best
    // one each time instead of sorting them all.
    let mut candidates: Vec<LocalCell> = region
        .cells()
        .filter(|&l| l != home && blocked[l] == retry)
        .collect();
    if retry {
        candidates.sort_by_key(|&l| key(l));
        candidates.reverse();
    }
    let mut trial = alive.clone();
    while !candidates.is_empty() {
        let pick = if retry {
            candidates.len() - 1
        } else {
            (0..candidates.len())
                .min_by_key(|&i| key(candidates[i]))
                .expect("a candidate")
        };
        let c = candidates.swap_remove(pick);
        trial[c] = false;
        if can_remain(graph, &trial, odd_block) {
            blocked[c] = false;
            return Some(Peel::Cell(c));
        }
        if !retry && let Some(pair) = peelable_pair(graph, &mut trial, c, home, odd_block) {
            return Some(pair);
        }
        trial[c] = true;
        blocked[c] = true;
    }
    None
}

/// The last two cells of a row, say: neither can go alone, as the other
/// would hang on one neighbour. `c` (dead in `trial`) and a live
/// neighbour that can go with it, with the cells next to them that a
/// conveyor through both goes in from (next to `c`) and out to.
fn peelable_pair(
    graph: &LocalGraph,
    trial: &mut LocalVec<bool>,
    c: LocalCell,
    home: LocalCell,
    odd_block: bool,
) -> Option<Peel> {
    for &d in graph.neighbours(c) {
        if !trial[d] || d == home {
            continue;
        }
        trial[d] = false;
        let u = graph.neighbours(c).iter().copied().find(|&w| trial[w]);
        let v = u.and_then(|u| {
            graph
                .neighbours(d)
                .iter()
                .copied()
                .find(|&w| trial[w] && w != u)
        });
        if let (Some(u), Some(v)) = (u, v)
            && can_remain(graph, trial, odd_block)
        {
            return Some(Peel::Pair(vec![c, d], u, v));
        }
        trial[d] = true;
    }
    None
}

/// Whether the live cells are 2-connected, not a cycle, not θ0, and
/// non-bipartite if the block is: whether every arrangement the block
/// allows is still open to them.
pub(super) fn can_remain(graph: &LocalGraph, alive: &LocalVec<bool>, odd_block: bool) -> bool {
    let region = graph.within(alive);
    let cells = region.cell_count();
    let edges = region.edge_count();
    edges > cells
        && region.is_biconnected()
        && !(cells == 7 && edges == 8 && region.theta0_labels().is_some())
        && (!odd_block || !region.is_bipartite())
}
