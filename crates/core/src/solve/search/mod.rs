//! Searches over arrangements: most prove what they find (a shortest
//! answer, or a lower bound beside a near-shortest one); the beam and the
//! windows only shorten.
//!
//! - `bfs`: breadth-first search over every arrangement of a small board;
//!   `bfs_multi_tile` the same in multi-tile moves;
//! - `colors` and `ida_multi_tile`: IDA* in multi-tile moves on
//!   rectangles of up to 16 cells, guided by a table over colored tiles;
//! - `rectangle`: what the searches on rectangles share: the rectangle,
//!   arrangements relabelled by goal cells, the heuristic and the
//!   pattern databases' partitions;
//! - `ida`: IDA* on rectangles with additive pattern databases, split
//!   over cores (and machines: [`split`](crate::split));
//! - `ida_blanks`: IDA* with several blanks on any board of up to 64 cells;
//! - `weighted`: weighted A* for near-shortest answers on rectangles;
//! - `beam`: beam search over whole arrangements (6×6 to 12×12), which
//!   proves nothing of its answer; `beam_any` the same on any board
//!   (several blanks, masks, graphs) of up to 144 cells; `recent`: the
//!   arrangements both remember, by hash;
//! - `pdb`: the pattern databases, built, stored and cached;
//! - `prefetch`: a table's entry asked for before it is read;
//! - `placement`: shortest placements of a few tiles, the others ignored
//!   (the steps of the line reduction);
//! - `shorten`: shorter answers from a given one, window by window
//!   (the anytime improvement of near-shortest answers).

pub(crate) mod beam;
pub(crate) mod beam_any;
pub(crate) mod bfs;
pub(crate) mod bfs_multi_tile;
pub(crate) mod colors;
pub(crate) mod goal_distance;
pub(crate) mod ida;
pub(crate) mod ida_blanks;
pub(crate) mod ida_multi_tile;
mod in_order;
pub(crate) mod near;
pub(crate) mod pdb;
pub(crate) mod placement;
pub(crate) mod prefetch;
pub(crate) mod recent;
pub(crate) mod rectangle;
pub(crate) mod shorten;
pub(crate) mod weighted;

/// The arrangement `moves` lead to from `start`, each move checked (in
/// debug builds and tests) to go into the blank: a replay without a
/// board, for searches that go on from where others stopped.
pub(crate) fn played(start: &[crate::Token], moves: &[crate::moves::Move]) -> Vec<crate::Token> {
    let mut state = start.to_vec();
    for m in moves {
        debug_assert_eq!(state[m.to as usize], crate::BLANK, "a move into the blank");
        state.swap(m.from as usize, m.to as usize);
    }
    state
}
