//! Constructive solutions on any board: the block-cut tree of the
//! decision, one block at a time.
//!
//! The blank is slid to its goal cell and the block-cut tree rooted there,
//! as in [`crate::reach`](mod@crate::reach). Each block is then solved on
//! its own: the blank walks to the block's entry, sets the block's cells
//! with moves inside the block, and walks back the same way (which puts
//! every cell on its way back as it was). A bridge needs nothing, a cycle
//! turns, a small block (θ0 among them) is searched breadth first. A
//! larger 2-connected block is peeled (see `peel`): a cell whose removal
//! leaves the rest 2-connected (and not a cycle, and with an odd cycle
//! when the block has one) gets its token, walked there step by step with
//! the blank going round it (see `movers`; on grids, by the ways whose
//! slides bring other tokens nearer their targets, as on boxes: see
//! `scoring`); or two neighbouring cells that can only go together (the
//! last two of a row, say) or a whole ear are loaded at once, by turning
//! a cycle through them (see `ears`); until a few cells are left for a
//! breadth-first search (see `endgame`). A region that can lose neither a
//! cell nor an ear (a long cycle with one chord) is sorted by 3-cycles
//! instead (see `three_cycles`).
//!
//! This file holds the tour: the blank's way from block to block, and
//! what each kind of block gets.

mod ears;
mod endgame;
mod movers;
mod peel;
mod scoring;

pub(crate) use endgame::end_search;

use crate::arrangement::{BLANK, Token, blank_cell};
use crate::board::{Board, Cell};
use crate::graph::{
    Block, Blocks, CellIndex, LocalCell, LocalGraph, LocalVec, bfs_tree, shortest_path,
};
use crate::moves::Move;
use crate::solve::construct::budget;
use crate::solve::error::Limit;
use crate::solve::search::bfs;

/// Blocks larger than this are not peeled (the peeling is about quadratic
/// in the block's size).
pub(crate) const MAX_PEELED_BLOCK: usize = 40_000;

/// Moves taking `from` to `to` (a reachable pair), or the limit of the
/// method this board runs into.
///
/// Repeated tokens are matched as the peeling meets them: each cell gets
/// the nearest copy of its token still free, which keeps answers short
/// (a half to a third of the moves of copies matched in advance, on
/// masks with holes). That can
/// leave the last region needing an odd permutation with no equal pair
/// in it to make up the parity; then the copies are told apart by the
/// decision (`reach::distinct_labels`), block by block so that every
/// block's permutation is one it allows, and the labelled pair is solved.
pub(crate) fn solve_graph(board: &Board, from: &[Token], to: &[Token]) -> Result<Vec<Move>, Limit> {
    match solve_tokens(board, from, to) {
        Err(why @ (Limit::Cornered(_) | Limit::OddPermutation | Limit::LastTwoSwapped)) => {
            match crate::reach::distinct_labels(board, from, to) {
                Some((from, to)) => solve_tokens(board, &from, &to),
                None => Err(why),
            }
        }
        answer => answer,
    }
}

/// [`solve_graph`] with copies of a token matched as they are met.
fn solve_tokens(board: &Board, from: &[Token], to: &[Token]) -> Result<Vec<Move>, Limit> {
    let mut state = State {
        tokens: from.to_vec(),
        blank: blank_cell(from) as Cell,
        moves: Vec::new(),
    };
    let goal_blank = blank_cell(to) as Cell;
    let path = shortest_path(board, state.blank, goal_blank).expect("reachable");
    for &c in &path[1..] {
        state.slide(c);
    }
    let blocks = Blocks::rooted(board, goal_blank);
    // The blank travels on a breadth-first tree from the root, visiting the
    // blocks' entries in depth-first order: each tree edge is walked down
    // and back up once at most, and every walk is retraced, which puts
    // the cells on the way back as they were.
    let tree = bfs_tree(board, goal_blank);
    let (depth, preorder) = tree_order(&tree, goal_blank);
    let mut index = CellIndex::new(board.cell_count());
    let mut work: Vec<(&Block, LocalGraph)> = blocks
        .blocks
        .iter()
        .map(|block| (block, LocalGraph::of_block(&blocks, block, &mut index)))
        .filter(|(_, graph)| {
            let owned = &graph.board_cells()[1..];
            owned
                .iter()
                .any(|&c| state.tokens[c as usize] != to[c as usize])
        })
        .collect();
    work.sort_by_key(|(block, _)| preorder[block.entry as usize]);
    for (block, graph) in &work {
        walk_tree(&tree, &depth, block.entry, &mut state);
        index.set(graph);
        let solved = solve_block(board, graph, &index, &mut state, to);
        index.clear(graph);
        solved?;
    }
    walk_tree(&tree, &depth, goal_blank, &mut state);
    Ok(state.moves)
}

/// Depth of each cell on the tree, and its rank in a depth-first preorder.
fn tree_order(tree: &[Cell], root: Cell) -> (Vec<usize>, Vec<usize>) {
    let n = tree.len();
    let mut children = vec![Vec::new(); n];
    for (c, &p) in tree.iter().enumerate() {
        if p != u32::MAX && p as usize != c {
            children[p as usize].push(c);
        }
    }
    let (mut depth, mut preorder) = (vec![0; n], vec![usize::MAX; n]);
    let mut stack = vec![root as usize];
    let mut rank = 0;
    while let Some(v) = stack.pop() {
        preorder[v] = rank;
        rank += 1;
        for &w in &children[v] {
            depth[w] = depth[v] + 1;
            stack.push(w);
        }
    }
    (depth, preorder)
}

/// Walks the blank on the tree to `target`: up to the common ancestor,
/// then down.
fn walk_tree(tree: &[Cell], depth: &[usize], target: Cell, state: &mut State) {
    let (mut a, mut b) = (state.blank, target);
    let mut down = Vec::new();
    while a != b {
        if depth[a as usize] >= depth[b as usize] {
            a = tree[a as usize];
            state.slide(a);
        } else {
            down.push(b);
            b = tree[b as usize];
        }
    }
    for &c in down.iter().rev() {
        state.slide(c);
    }
}

/// The arrangement being solved and the moves so far.
struct State {
    tokens: Vec<Token>,
    blank: Cell,
    moves: Vec<Move>,
}

impl State {
    /// The token on `cell` (next to the blank) slides into the blank.
    fn slide(&mut self, cell: Cell) {
        self.moves.push(Move {
            from: cell,
            to: self.blank,
        });
        self.tokens.swap(cell as usize, self.blank as usize);
        self.blank = cell;
        budget::spend(1);
    }
}

/// The block being solved: its graph on local cells, where those are on
/// the board, and their rows and columns on boards drawn on a grid.
struct Piece<'b> {
    graph: &'b LocalGraph,
    index: &'b CellIndex,
    position: Option<LocalVec<(usize, usize)>>,
}

impl Piece<'_> {
    /// The token on local cell `l`.
    fn token(&self, state: &State, l: LocalCell) -> Token {
        state.tokens[self.graph.cell(l) as usize]
    }

    /// The blank's local cell.
    fn blank(&self, state: &State) -> LocalCell {
        self.index
            .get(state.blank)
            .expect("the blank stays in the block")
    }

    /// The token on local cell `l` (next to the blank) slides into it.
    fn slide(&self, state: &mut State, l: LocalCell) {
        state.slide(self.graph.cell(l));
    }
}

/// Solves one block, the blank starting and ending on its entry.
fn solve_block(
    board: &Board,
    graph: &LocalGraph,
    index: &CellIndex,
    state: &mut State,
    to: &[Token],
) -> Result<(), Limit> {
    let piece = Piece {
        graph,
        index,
        position: graph
            .board_cells()
            .iter()
            .map(|&c| board.row_col(c))
            .collect(),
    };
    let whole = graph.whole();
    if whole.edge_count() == graph.len() && graph.len() > 3 {
        turn_cycle(&piece, state, to);
        return Ok(());
    }
    let tokens: Vec<Token> = graph
        .board_cells()
        .iter()
        .map(|&c| state.tokens[c as usize])
        .collect();
    if bfs::small_enough(&tokens) {
        let all: Vec<LocalCell> = whole.cells().collect();
        return endgame::search(&piece, &all, state, &local_goal(graph, to));
    }
    if graph.len() > MAX_PEELED_BLOCK {
        return Err(Limit::BlockTooLarge {
            cells: graph.len(),
            max: MAX_PEELED_BLOCK,
        });
    }
    peel_round_a_home(&piece, state, to)
}

/// Peels a block round a home cell in the thick of it: the goal's blank
/// is walked there first, and the blank walks back after. A peeling that
/// corners itself is tried again round another home.
fn peel_round_a_home(piece: &Piece, state: &mut State, to: &[Token]) -> Result<(), Limit> {
    let whole = piece.graph.whole();
    let mut failure = Limit::Cornered("no home to peel round");
    for home in peel::homes(piece, 4) {
        let walk = whole
            .path(LocalCell::ENTRY, home)
            .expect("a connected block");
        let mut goal = local_goal(piece.graph, to);
        for step in walk.windows(2) {
            goal.swap(step[0], step[1]);
        }
        let mut attempt = State {
            tokens: state.tokens.clone(),
            blank: state.blank,
            moves: Vec::new(),
        };
        match peel::peel(piece, home, &mut attempt, &goal) {
            Ok(()) => {
                for &l in walk.iter().rev().skip(1) {
                    piece.slide(&mut attempt, l);
                }
                state.tokens = attempt.tokens;
                state.blank = attempt.blank;
                state.moves.extend(attempt.moves);
                return Ok(());
            }
            Err(why) => failure = why,
        }
    }
    Err(failure)
}

/// A cycle block: the blank goes round it until the tokens are in place.
fn turn_cycle(piece: &Piece, state: &mut State, to: &[Token]) {
    let order = piece.graph.whole().cycle_order(LocalCell::ENTRY);
    let cells: Vec<Cell> = order.iter().map(|&l| piece.graph.cell(l)).collect();
    let solved = |s: &State| {
        cells[1..]
            .iter()
            .all(|&c| s.tokens[c as usize] == to[c as usize])
    };
    // One turn moves every token one cell back along the blank's way;
    // at most as many turns as tokens.
    for _ in 0..cells.len() {
        if solved(state) {
            return;
        }
        for &c in &cells[1..] {
            state.slide(c);
        }
        state.slide(cells[0]);
    }
    debug_assert!(solved(state));
}

/// The block's goal on local cells: `to`'s tokens, the blank on the
/// entry.
fn local_goal(graph: &LocalGraph, to: &[Token]) -> LocalVec<Token> {
    let mut goal: LocalVec<Token> = graph
        .board_cells()
        .iter()
        .map(|&c| to[c as usize])
        .collect();
    goal[LocalCell::ENTRY] = BLANK;
    goal
}
