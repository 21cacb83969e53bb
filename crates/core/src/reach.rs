//! The exact decision: can arrangement A become arrangement B?
//!
//! One blank on any graph, in O(N + E):
//! 1. slide A's blank along a shortest path to B's blank cell;
//! 2. root the block-cut tree at that cell; each block owns its cells but
//!    its entry (the cell nearest the root), and tokens never leave the
//!    cells of their block;
//! 3. each block allows a known group (Wilson 1974): a bridge nothing, a
//!    cycle its rotations, θ0 a group of order 120, another bipartite
//!    block the even permutations, any other block all of them.
//!
//! Boxes (every grid of the judges) take an O(N) fast path: parity of the
//! permutation by cycle counting against the parity of the blank's
//! Manhattan distance.

use std::fmt;
use std::sync::OnceLock;

use crate::arrangement::{Arrangement, BLANK, Token, TokenIds, check_same_tokens};
use crate::board::{Board, Cell, box_distance};
use crate::error::Error;
use crate::graph::{Block, Blocks, shortest_path};

/// The answer to "can A become B?".
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// B can be reached from A (and A from B: moves are reversible).
    Reachable,
    /// B cannot be reached; the invariant that differs.
    Unreachable(Reason),
}

impl Verdict {
    /// Whether B can be reached.
    pub fn is_reachable(&self) -> bool {
        matches!(self, Verdict::Reachable)
    }

    /// The reason, for an unreachable pair.
    pub fn reason(&self) -> Option<&Reason> {
        match self {
            Verdict::Reachable => None,
            Verdict::Unreachable(r) => Some(r),
        }
    }
}

/// Why B cannot be reached from A: the invariant that differs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// On a bipartite 2-connected board: the permutation's parity (blank
    /// included) differs from the parity of the blank's distance.
    Parity {
        /// Whether the permutation taking A to B is odd.
        permutation_odd: bool,
        /// The blank's distance from its cell in A to its cell in B.
        blank_distance: usize,
    },
    /// On a bipartite block of a board with cut vertices: the block's
    /// tokens would need an odd permutation.
    BlockParity {
        /// The block's cells.
        cells: Vec<Cell>,
    },
    /// On a path (a box with one side longer than 1): tiles keep their order.
    PathOrder {
        /// Which tile along the path differs (1-based).
        index: usize,
        /// The tile there in A.
        from: Token,
        /// The tile there in B.
        to: Token,
    },
    /// A token stands on a cell it can never leave (a dead end or the far
    /// end of a bridge).
    Locked {
        /// The token.
        token: Token,
        /// Its cell.
        cell: Cell,
        /// The other end of the bridge, on the blank's side; `None` when
        /// the cell is a dead end (a single neighbour).
        bridge_from: Option<Cell>,
    },
    /// A token would have to leave its block.
    LeavesBlock {
        /// The token.
        token: Token,
        /// The block's own cells (its entry excluded).
        cells: Vec<Cell>,
    },
    /// On a cycle block the tokens keep their cyclic order.
    CyclicOrder {
        /// The cycle's cells in order, starting at its entry.
        cells: Vec<Cell>,
    },
    /// On a θ0 block only 120 of the 720 orders of its tokens are reachable.
    Theta0 {
        /// The block's cells.
        cells: Vec<Cell>,
    },
    /// The blank cannot get from its cell in A to its cell in B.
    BlankSeparated {
        /// The blank's cell in A.
        from: Cell,
        /// The blank's cell in B.
        to: Cell,
    },
    /// A cell that the blank can never reach holds different tokens.
    OutOfReach {
        /// The cell.
        cell: Cell,
        /// Its token in A.
        from: Token,
        /// Its token in B.
        to: Token,
    },
}

impl Reason {
    /// A short machine-readable name for the kind of reason.
    pub fn kind(&self) -> &'static str {
        match self {
            Reason::Parity { .. } => "parity",
            Reason::BlockParity { .. } => "block-parity",
            Reason::PathOrder { .. } => "path-order",
            Reason::Locked { .. } => "locked",
            Reason::LeavesBlock { .. } => "leaves-block",
            Reason::CyclicOrder { .. } => "cyclic-order",
            Reason::Theta0 { .. } => "theta0",
            Reason::BlankSeparated { .. } => "blank-separated",
            Reason::OutOfReach { .. } => "out-of-reach",
        }
    }
}

fn parity_word(odd: bool) -> &'static str {
    if odd { "odd" } else { "even" }
}

/// Writes a list of cells, cut after the first twelve.
struct CellList<'a>(&'a [Cell]);

impl fmt::Display for CellList<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const SHOWN: usize = 12;
        for (i, c) in self.0.iter().take(SHOWN).enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{c}")?;
        }
        if self.0.len() > SHOWN {
            write!(f, ", … ({} cells)", self.0.len())?;
        }
        Ok(())
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::Parity {
                permutation_odd,
                blank_distance,
            } => write!(
                f,
                "permutation parity {}, blank distance {blank_distance} ({})",
                parity_word(*permutation_odd),
                parity_word(blank_distance % 2 == 1)
            ),
            Reason::BlockParity { cells } => write!(
                f,
                "the tokens of the bipartite block of cells {{{}}} would need an odd permutation; \
                 with the blank back in place it allows only even ones",
                CellList(cells)
            ),
            Reason::PathOrder { index, from, to } => write!(
                f,
                "on a path the tiles keep their order: tile {index} along it is {from} in from but {to} in to"
            ),
            Reason::Locked {
                token,
                cell,
                bridge_from,
            } => match bridge_from {
                None => write!(f, "token {token} is locked on dead-end cell {cell}"),
                Some(e) => write!(
                    f,
                    "token {token} is locked on cell {cell}: {e}–{cell} is a bridge and the blank ends on {e}'s side"
                ),
            },
            Reason::LeavesBlock { token, cells } => write!(
                f,
                "token {token} cannot leave the block of cells {{{}}}",
                CellList(cells)
            ),
            Reason::CyclicOrder { cells } => write!(
                f,
                "cyclic order differs on the cycle through cells {}",
                CellList(cells)
            ),
            Reason::Theta0 { cells } => write!(
                f,
                "on the θ0 block of cells {{{}}} only 120 of the 720 orders of its 6 tokens \
                 are reachable, and to's is not one of them",
                CellList(cells)
            ),
            Reason::BlankSeparated { from, to } => write!(
                f,
                "the blank cannot get from cell {from} to cell {to}: they are in different parts of the board"
            ),
            Reason::OutOfReach { cell, from, to } => write!(
                f,
                "cell {cell} is out of the blank's reach and holds {from} in from but {to} in to"
            ),
        }
    }
}

/// Decides whether `from` can be turned into `to` on `board`.
///
/// Checks the input first: one token per cell, exactly one blank in each,
/// the same tokens in both (repeated tokens are allowed).
///
/// ```
/// use npuzzle_core::{reach, Arrangement, Board};
/// let board = Board::grid(&[3, 3]).unwrap();
/// let solved = Arrangement::solved(9);
/// let swapped: Arrangement = "2 1 3/4 5 6/7 8 0".parse().unwrap();
/// let verdict = reach(&board, &swapped, &solved).unwrap();
/// assert!(!verdict.is_reachable());
/// assert_eq!(
///     verdict.reason().unwrap().to_string(),
///     "permutation parity odd, blank distance 0 (even)"
/// );
/// ```
pub fn reach(board: &Board, from: &Arrangement, to: &Arrangement) -> Result<Verdict, Error> {
    from.check(board, "from")?;
    to.check(board, "to")?;
    check_same_tokens(from.tokens(), to.tokens())?;
    Ok(decide(board, from.tokens(), to.tokens()))
}

/// The decision on input that [`reach`] has checked.
fn decide(board: &Board, from: &[Token], to: &[Token]) -> Verdict {
    match board.box_dims() {
        Some(dims) => decide_box(dims, from, to),
        None => decide_graph(board, from, to),
    }
}

fn blank_of(tokens: &[Token]) -> usize {
    tokens.iter().position(|&t| t == BLANK).expect("checked")
}

/// The box fast path, O(N): sides of length 1 are dropped; one side left
/// is a path, two or more a bipartite 2-connected board (2×2 is the
/// 4-cycle, whose rotations are exactly the even permutations).
fn decide_box(dims: &[usize], from: &[Token], to: &[Token]) -> Verdict {
    let long_sides = dims.iter().filter(|&&d| d > 1).count();
    match long_sides {
        0 => Verdict::Reachable,
        1 => path_order(from, to),
        _ => {
            let ids = TokenIds::new(from);
            let mut place_in_to = vec![u32::MAX; ids.len()];
            for (cell, &t) in to.iter().enumerate() {
                let slot = &mut place_in_to[ids.id(t).expect("same tokens") as usize];
                if *slot != u32::MAX {
                    // A repeated token: any arrangement of the same tokens
                    // is reachable, as an odd permutation can be made even
                    // by swapping two equal tokens.
                    return Verdict::Reachable;
                }
                *slot = cell as u32;
            }
            let sigma: Vec<u32> = from
                .iter()
                .map(|&t| place_in_to[ids.id(t).expect("same tokens") as usize])
                .collect();
            let odd = permutation_parity(&sigma).expect("a permutation");
            parity_verdict(dims, odd, blank_of(from), blank_of(to))
        }
    }
}

/// The verdict on a path (a box with one side longer than 1): the
/// sequence of tiles, blank left out, never changes.
pub fn path_order(from: &[Token], to: &[Token]) -> Verdict {
    fn tiles(a: &[Token]) -> impl Iterator<Item = Token> + '_ {
        a.iter().copied().filter(|&t| t != BLANK)
    }
    match tiles(from)
        .zip(tiles(to))
        .enumerate()
        .find(|(_, (x, y))| x != y)
    {
        None => Verdict::Reachable,
        Some((i, (from, to))) => Verdict::Unreachable(Reason::PathOrder {
            index: i + 1,
            from,
            to,
        }),
    }
}

/// The verdict on a box with at least two sides longer than 1, from the
/// parity of the permutation taking A to B (blank included).
pub fn parity_verdict(
    dims: &[usize],
    permutation_odd: bool,
    blank_from: usize,
    blank_to: usize,
) -> Verdict {
    let blank_distance = box_distance(dims, blank_from, blank_to);
    if permutation_odd == (blank_distance % 2 == 1) {
        Verdict::Reachable
    } else {
        Verdict::Unreachable(Reason::Parity {
            permutation_odd,
            blank_distance,
        })
    }
}

/// Why a sequence is not a permutation of `0..len`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotPermutation {
    /// A value is `len` or more.
    OutOfRange(u32),
    /// A value appears twice.
    Repeated(u32),
}

/// The parity of a permutation of `0..len` (true: odd), by cycle
/// counting: O(N), no sorting. Says why when `p` is not a permutation.
///
/// Following a cycle is a chain of dependent random reads, so several
/// walks are interleaved to keep many reads in flight. Each walk stops
/// on the first cell already seen, which is always the start of another
/// walk (or of itself) when `p` is a permutation; the walks then form a
/// small permutation of their own, whose cycles are those of `p`.
///
/// ```
/// use npuzzle_core::reach::permutation_parity;
/// assert_eq!(permutation_parity(&[1, 0, 2]), Ok(true));
/// assert_eq!(permutation_parity(&[1, 2, 0]), Ok(false));
/// assert!(permutation_parity(&[1, 1, 0]).is_err());
/// ```
pub fn permutation_parity(p: &[u32]) -> Result<bool, NotPermutation> {
    const LANES: usize = 8;
    let n = p.len();
    // A max (which vectorizes) first; the offending value only if needed.
    if p.iter().fold(0, |m, &v| m.max(v)) as usize >= n.max(1) && !p.is_empty() {
        let v = *p
            .iter()
            .find(|&&v| v as usize >= n)
            .expect("the max is out of range");
        return Err(NotPermutation::OutOfRange(v));
    }
    if n == 0 {
        return Ok(false);
    }
    let mut seen = vec![0u64; n.div_ceil(64)];
    // Walk w starts on starts[w] (increasing) and ends where it meets
    // ends[w], a cell seen before.
    let mut starts: Vec<u32> = Vec::new();
    let mut ends: Vec<u32> = Vec::new();
    let mut scan = 0usize;
    let mut start_walk = |seen: &mut [u64], starts: &mut Vec<u32>, ends: &mut Vec<u32>| {
        while scan < n {
            let word = !seen[scan >> 6] >> (scan & 63);
            if word == 0 {
                scan = (scan | 63) + 1;
                continue;
            }
            let s = scan + word.trailing_zeros() as usize;
            if s >= n {
                break;
            }
            seen[s >> 6] |= 1 << (s & 63);
            starts.push(s as u32);
            ends.push(u32::MAX);
            return Some((s, starts.len() - 1));
        }
        None
    };
    // Each lane: the cell it stands on and its walk; `u32::MAX` when idle.
    // An idle lane stands where its next step is a cell seen (when no walk
    // is left to start, every cell is seen).
    let mut cell = [0u32; LANES];
    let mut walk = [u32::MAX; LANES];
    let mut active = 0;
    for lane in 0..LANES {
        if let Some((s, w)) = start_walk(&mut seen, &mut starts, &mut ends) {
            (cell[lane], walk[lane]) = (s as u32, w as u32);
            active += 1;
        }
    }
    while active > 0 {
        // One step of every lane, the body small enough to be unrolled
        // with the lanes in registers; walks that end are seen to after.
        let mut ended = 0u32;
        for lane in 0..LANES {
            let next = p[cell[lane] as usize] as usize;
            let (word, bit) = (seen[next >> 6], 1u64 << (next & 63));
            if word & bit != 0 {
                ended |= 1 << lane;
            } else {
                seen[next >> 6] = word | bit;
                cell[lane] = next as u32;
            }
        }
        while ended != 0 {
            let lane = ended.trailing_zeros() as usize;
            ended &= ended - 1;
            if walk[lane] == u32::MAX {
                continue;
            }
            ends[walk[lane] as usize] = p[cell[lane] as usize];
            match start_walk(&mut seen, &mut starts, &mut ends) {
                Some((s, w)) => (cell[lane], walk[lane]) = (s as u32, w as u32),
                None => {
                    walk[lane] = u32::MAX;
                    active -= 1;
                }
            }
        }
    }
    // Link each walk to the walk starting where it ended.
    let mut successor = vec![0u32; starts.len()];
    let mut has_predecessor = vec![false; starts.len()];
    for (w, &end) in ends.iter().enumerate() {
        match starts.binary_search(&end) {
            Ok(next) if !has_predecessor[next] => {
                successor[w] = next as u32;
                has_predecessor[next] = true;
            }
            _ => return Err(NotPermutation::Repeated(end)),
        }
    }
    let mut cycles = 0usize;
    for w in 0..starts.len() {
        if has_predecessor[w] {
            cycles += 1;
            let mut x = w;
            while has_predecessor[x] {
                has_predecessor[x] = false;
                x = successor[x] as usize;
            }
        }
    }
    Ok((n - cycles) % 2 == 1)
}

/// The general decision on any graph, O(N + E).
fn decide_graph(board: &Board, from: &[Token], to: &[Token]) -> Verdict {
    let (a, b) = (blank_of(from) as Cell, blank_of(to) as Cell);
    let Some(path) = shortest_path(board, a, b) else {
        return Verdict::Unreachable(Reason::BlankSeparated { from: a, to: b });
    };
    // A': A with its blank slid to b. B is reachable from A iff it is
    // reachable from A' with the blank coming back to b.
    let mut slid = from.to_vec();
    for step in path.windows(2) {
        slid.swap(step[0] as usize, step[1] as usize);
    }
    let blank_distance = path.len() - 1;
    let blocks = Blocks::rooted(board, b);
    for (cell, &reached) in blocks.in_component.iter().enumerate() {
        if !reached && slid[cell] != to[cell] {
            return Verdict::Unreachable(Reason::OutOfReach {
                cell: cell as Cell,
                from: slid[cell],
                to: to[cell],
            });
        }
    }
    let ids = TokenIds::new(from);
    let mut checker = BlockChecker {
        board,
        blocks: &blocks,
        from: ids.ids_of(&slid),
        to: ids.ids_of(to),
        ids: &ids,
        local: vec![u32::MAX; board.cells()],
        count: vec![0; ids.len()],
        slot: vec![u32::MAX; ids.len()],
    };
    let single_block = blocks.blocks.len() == 1;
    // Bridges first: a locked token is the plainest reason to give.
    let (bridges, others): (Vec<&Block>, Vec<&Block>) =
        blocks.blocks.iter().partition(|b| b.edges.len() == 1);
    for block in bridges.into_iter().chain(others) {
        if let Err(reason) = checker.check(block) {
            // A 2-connected bipartite board gets the classic message.
            let reason = match reason {
                Reason::BlockParity { .. } if single_block => Reason::Parity {
                    permutation_odd: blank_distance % 2 == 0,
                    blank_distance,
                },
                other => other,
            };
            return Verdict::Unreachable(reason);
        }
    }
    Verdict::Reachable
}

/// Checks one block at a time, with scratch tables shared between blocks
/// so that the whole pass stays O(N + E).
struct BlockChecker<'a> {
    board: &'a Board,
    blocks: &'a Blocks,
    /// Token ids of A' (blank at the root) and of B.
    from: Vec<u32>,
    to: Vec<u32>,
    ids: &'a TokenIds,
    /// Global cell -> local index in the current block (`u32::MAX` outside).
    local: Vec<u32>,
    /// Per token id: A' count minus B count in the current block.
    count: Vec<i64>,
    /// Per token id: its local index in B, for the permutation.
    slot: Vec<u32>,
}

/// A block's shape, as far as the decision cares.
enum Shape {
    Bridge,
    Cycle,
    Theta0,
    Bipartite,
    Other,
}

impl BlockChecker<'_> {
    fn check(&mut self, block: &Block) -> Result<(), Reason> {
        let edges = self.blocks.edges_of(block);
        // Local cells: the entry first, then the owned cells.
        let mut cells = vec![block.entry];
        self.local[block.entry as usize] = 0;
        for &(u, v) in edges {
            for c in [u, v] {
                if self.local[c as usize] == u32::MAX {
                    self.local[c as usize] = cells.len() as u32;
                    cells.push(c);
                }
            }
        }
        let result = self.check_cells(block.entry, edges, &cells);
        for &c in &cells {
            self.local[c as usize] = u32::MAX;
        }
        result
    }

    fn check_cells(
        &mut self,
        entry: Cell,
        edges: &[(Cell, Cell)],
        cells: &[Cell],
    ) -> Result<(), Reason> {
        let owned = &cells[1..];
        self.same_tokens(entry, owned)?;
        let adjacency = LocalAdjacency::new(cells.len(), edges, &self.local);
        match classify(&adjacency, edges.len()) {
            Shape::Bridge | Shape::Other => Ok(()),
            Shape::Cycle => self.check_cycle(&adjacency, cells),
            Shape::Theta0 => self.check_theta0(&adjacency, cells),
            Shape::Bipartite => self.check_even(owned),
        }
    }

    /// Tokens never leave the cells their block owns.
    fn same_tokens(&mut self, entry: Cell, owned: &[Cell]) -> Result<(), Reason> {
        for &c in owned {
            self.count[self.from[c as usize] as usize] += 1;
            self.count[self.to[c as usize] as usize] -= 1;
        }
        let mut leaving = None;
        for &c in owned {
            let id = self.from[c as usize];
            if leaving.is_none() && self.count[id as usize] > 0 {
                leaving = Some((id, c));
            }
        }
        for &c in owned {
            self.count[self.from[c as usize] as usize] = 0;
            self.count[self.to[c as usize] as usize] = 0;
        }
        let Some((id, cell)) = leaving else {
            return Ok(());
        };
        let token = self.ids.token(id);
        if owned.len() == 1 {
            let dead_end = self.board.neighbours(cell).len() == 1;
            return Err(Reason::Locked {
                token,
                cell,
                bridge_from: (!dead_end).then_some(entry),
            });
        }
        let mut cells = owned.to_vec();
        cells.sort_unstable();
        Err(Reason::LeavesBlock { token, cells })
    }

    /// A bipartite block allows the even permutations; with a repeated
    /// token among its own cells, every arrangement of them.
    fn check_even(&mut self, owned: &[Cell]) -> Result<(), Reason> {
        let mut repeated = false;
        for (i, &c) in owned.iter().enumerate() {
            let slot = &mut self.slot[self.to[c as usize] as usize];
            if *slot != u32::MAX {
                repeated = true;
            }
            *slot = i as u32;
        }
        let odd = if repeated {
            false
        } else {
            let sigma: Vec<u32> = owned
                .iter()
                .map(|&c| self.slot[self.from[c as usize] as usize])
                .collect();
            permutation_parity(&sigma).expect("same tokens, all distinct")
        };
        for &c in owned {
            self.slot[self.to[c as usize] as usize] = u32::MAX;
        }
        if odd {
            let mut cells = owned.to_vec();
            cells.sort_unstable();
            return Err(Reason::BlockParity { cells });
        }
        Ok(())
    }

    /// A cycle's tokens keep their cyclic order: B's sequence around the
    /// cycle must be a rotation of A''s.
    fn check_cycle(&self, adjacency: &LocalAdjacency, cells: &[Cell]) -> Result<(), Reason> {
        let order = adjacency.cycle_order();
        let seq = |ids: &[u32]| -> Vec<u32> {
            order[1..]
                .iter()
                .map(|&l| ids[cells[l as usize] as usize])
                .collect()
        };
        let (a, b) = (seq(&self.from), seq(&self.to));
        if is_rotation(&a, &b) {
            Ok(())
        } else {
            Err(Reason::CyclicOrder {
                cells: order.iter().map(|&l| cells[l as usize]).collect(),
            })
        }
    }

    /// θ0: B must be the image of A' under one of the 120 arrangements
    /// reachable with the blank back on the entry, on the cells the block
    /// owns.
    fn check_theta0(&self, adjacency: &LocalAdjacency, cells: &[Cell]) -> Result<(), Reason> {
        let canon = adjacency.theta0_labels().expect("classified as θ0");
        // canon[k] = local index of canonical vertex k.
        let root = canon
            .iter()
            .position(|&l| l == 0)
            .expect("entry is a vertex");
        let a: Vec<u32> = canon
            .iter()
            .map(|&l| self.from[cells[l as usize] as usize])
            .collect();
        let b: Vec<u32> = canon
            .iter()
            .map(|&l| self.to[cells[l as usize] as usize])
            .collect();
        // The entry's token belongs to the parent block (a cycle there
        // can change it); the group fixes the entry anyway.
        let reachable = theta0_group(root).iter().any(|g| {
            (0..7)
                .filter(|&k| k != root)
                .all(|k| b[k] == a[g[k] as usize])
        });
        if reachable {
            Ok(())
        } else {
            let mut list = cells.to_vec();
            list.sort_unstable();
            Err(Reason::Theta0 { cells: list })
        }
    }
}

/// Is `b` a rotation of `a`? Knuth–Morris–Pratt search of `b` in `a a`.
fn is_rotation(a: &[u32], b: &[u32]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    if a.is_empty() {
        return true;
    }
    let mut fail = vec![0usize; b.len()];
    let mut k = 0;
    for i in 1..b.len() {
        while k > 0 && b[i] != b[k] {
            k = fail[k - 1];
        }
        if b[i] == b[k] {
            k += 1;
        }
        fail[i] = k;
    }
    let mut k = 0;
    for i in 0..2 * a.len() - 1 {
        let x = a[i % a.len()];
        while k > 0 && x != b[k] {
            k = fail[k - 1];
        }
        if x == b[k] {
            k += 1;
            if k == b.len() {
                return true;
            }
        }
    }
    false
}

/// A block's adjacency on local indices (0 is the entry).
struct LocalAdjacency {
    offsets: Vec<u32>,
    targets: Vec<u32>,
}

impl LocalAdjacency {
    fn new(n: usize, edges: &[(Cell, Cell)], local: &[u32]) -> LocalAdjacency {
        let mut offsets = vec![0u32; n + 1];
        for &(u, v) in edges {
            offsets[local[u as usize] as usize + 1] += 1;
            offsets[local[v as usize] as usize + 1] += 1;
        }
        for i in 0..n {
            offsets[i + 1] += offsets[i];
        }
        let mut fill = offsets.clone();
        let mut targets = vec![0u32; 2 * edges.len()];
        for &(u, v) in edges {
            let (lu, lv) = (local[u as usize], local[v as usize]);
            targets[fill[lu as usize] as usize] = lv;
            fill[lu as usize] += 1;
            targets[fill[lv as usize] as usize] = lu;
            fill[lv as usize] += 1;
        }
        LocalAdjacency { offsets, targets }
    }

    fn len(&self) -> usize {
        self.offsets.len() - 1
    }

    fn of(&self, v: u32) -> &[u32] {
        &self.targets[self.offsets[v as usize] as usize..self.offsets[v as usize + 1] as usize]
    }

    fn is_bipartite(&self) -> bool {
        let mut colour = vec![u8::MAX; self.len()];
        colour[0] = 0;
        let mut stack = vec![0u32];
        while let Some(v) = stack.pop() {
            for &w in self.of(v) {
                if colour[w as usize] == u8::MAX {
                    colour[w as usize] = 1 - colour[v as usize];
                    stack.push(w);
                } else if colour[w as usize] == colour[v as usize] {
                    return false;
                }
            }
        }
        true
    }

    /// The vertices of a cycle block in order, starting at the entry.
    fn cycle_order(&self) -> Vec<u32> {
        let mut order = vec![0u32];
        let (mut prev, mut cur) = (0u32, self.of(0)[0]);
        while cur != 0 {
            order.push(cur);
            let next = self
                .of(cur)
                .iter()
                .copied()
                .find(|&w| w != prev)
                .expect("degree 2");
            prev = cur;
            cur = next;
        }
        order
    }

    /// If the block is θ0 (two degree-3 vertices joined by paths of 2, 3
    /// and 3 edges), its vertices in canonical order: the two branch
    /// vertices, the middle of the short path, then the two long paths.
    fn theta0_labels(&self) -> Option<[u32; 7]> {
        if self.len() != 7 || self.targets.len() != 16 {
            return None;
        }
        let branch: Vec<u32> = (0..7).filter(|&v| self.of(v).len() == 3).collect();
        if branch.len() != 2 || (0..7).any(|v| !matches!(self.of(v).len(), 2 | 3)) {
            return None;
        }
        let (u, w) = (branch[0], branch[1]);
        let mut paths: Vec<Vec<u32>> = Vec::new();
        for &first in self.of(u) {
            let mut inner = Vec::new();
            let (mut prev, mut cur) = (u, first);
            while cur != w {
                if cur == u || inner.len() > 7 {
                    return None;
                }
                inner.push(cur);
                let next = self.of(cur).iter().copied().find(|&x| x != prev)?;
                prev = cur;
                cur = next;
            }
            paths.push(inner);
        }
        paths.sort_by_key(|p| p.len());
        if paths.iter().map(|p| p.len()).collect::<Vec<_>>() != [1, 2, 2] {
            return None;
        }
        Some([
            u,
            w,
            paths[0][0],
            paths[1][0],
            paths[1][1],
            paths[2][0],
            paths[2][1],
        ])
    }
}

fn classify(adjacency: &LocalAdjacency, edges: usize) -> Shape {
    let n = adjacency.len();
    if edges == 1 {
        Shape::Bridge
    } else if edges == n {
        Shape::Cycle
    } else if adjacency.theta0_labels().is_some() {
        Shape::Theta0
    } else if adjacency.is_bipartite() {
        Shape::Bipartite
    } else {
        Shape::Other
    }
}

/// The canonical θ0: branch vertices 0 and 1, short path 0-2-1, long
/// paths 0-3-4-1 and 0-5-6-1.
const THETA0_EDGES: [(u8, u8); 8] = [
    (0, 2),
    (2, 1),
    (0, 3),
    (3, 4),
    (4, 1),
    (0, 5),
    (5, 6),
    (6, 1),
];

/// The arrangements of canonical θ0 reachable from the identity with the
/// blank starting and ending on vertex `root`: `g[k]` is the vertex whose
/// token ends on vertex `k`. Found once per root by breadth-first search
/// over the 5040 states; each set has 120 elements (Wilson 1974).
fn theta0_group(root: usize) -> &'static [[u8; 7]] {
    static GROUPS: OnceLock<Vec<Vec<[u8; 7]>>> = OnceLock::new();
    let groups = GROUPS.get_or_init(|| {
        let mut neighbours = [[u8::MAX; 3]; 7];
        for &(u, v) in &THETA0_EDGES {
            for (a, b) in [(u, v), (v, u)] {
                let slot = neighbours[a as usize].iter_mut().find(|s| **s == u8::MAX);
                *slot.expect("degree at most 3") = b;
            }
        }
        (0..7)
            .map(|r| {
                let start: [u8; 7] = [0, 1, 2, 3, 4, 5, 6];
                let mut seen = std::collections::HashSet::from([start]);
                let mut queue = std::collections::VecDeque::from([(start, r as u8)]);
                let mut group = Vec::new();
                while let Some((state, blank)) = queue.pop_front() {
                    if blank as usize == r {
                        group.push(state);
                    }
                    for &w in neighbours[blank as usize].iter().filter(|&&w| w != u8::MAX) {
                        let mut next = state;
                        next.swap(blank as usize, w as usize);
                        if seen.insert(next) {
                            queue.push_back((next, w));
                        }
                    }
                }
                group
            })
            .collect()
    });
    &groups[root]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn theta0_group_has_order_120() {
        for r in 0..7 {
            assert_eq!(theta0_group(r).len(), 120);
        }
    }

    #[test]
    fn rotations() {
        assert!(is_rotation(&[1, 2, 3], &[3, 1, 2]));
        assert!(!is_rotation(&[1, 2, 3], &[2, 1, 3]));
        assert!(is_rotation(&[1, 1, 2, 1], &[1, 1, 1, 2]));
        assert!(!is_rotation(&[1, 1, 2, 2], &[1, 2, 1, 2]));
        assert!(is_rotation(&[], &[]));
    }

    #[test]
    fn parity_by_cycles() {
        assert_eq!(permutation_parity(&[]), Ok(false));
        assert_eq!(permutation_parity(&[0, 2, 1, 3]), Ok(true));
        assert_eq!(permutation_parity(&[3, 0, 1, 2]), Ok(true));
        assert_eq!(
            permutation_parity(&[0, 5, 1]),
            Err(NotPermutation::OutOfRange(5))
        );
        assert_eq!(
            permutation_parity(&[2, 2, 1]),
            Err(NotPermutation::Repeated(2))
        );
    }

    /// Parity by counting inversions, the slow and obvious way.
    fn inversion_parity(p: &[u32]) -> bool {
        let mut odd = false;
        for i in 0..p.len() {
            for j in i + 1..p.len() {
                odd ^= p[i] > p[j];
            }
        }
        odd
    }

    proptest::proptest! {
        #[test]
        fn parity_matches_inversions(seed in proptest::collection::vec(0usize..10_000, 0..300)) {
            let n = seed.len();
            let mut p: Vec<u32> = (0..n as u32).collect();
            for i in (1..n).rev() {
                p.swap(i, seed[i] % (i + 1));
            }
            proptest::prop_assert_eq!(permutation_parity(&p), Ok(inversion_parity(&p)));
            // Any non-permutation is refused.
            if n >= 2 {
                let mut q = p.clone();
                q[seed[0] % n] = q[(seed[0] + 1) % n];
                proptest::prop_assert!(permutation_parity(&q).is_err());
            }
        }
    }
}
