//! Helpers shared by the library's integration tests: a reproducible
//! generator, boards (one `random_graph` for all), token lists, random
//! walks, whole state spaces (`states`), and the default answer checked
//! against the construction's.

#![allow(dead_code)] // each test file uses some of them

pub(crate) mod states;

use npuzzle_core::{Arrangement, Board, Cell, Solution, Solver, Token, reach, replay};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::{Mutex, PoisonError};

/// A seeded generator (ChaCha8), so that failures are reproducible.
pub(crate) struct Seeded(ChaCha8Rng);

impl Seeded {
    pub(crate) fn new(seed: u64) -> Self {
        Self(ChaCha8Rng::seed_from_u64(seed))
    }

    /// A number below `n`, uniformly.
    pub(crate) fn below(&mut self, n: usize) -> usize {
        self.0.random_range(0..n)
    }
}

pub(crate) fn arrangement(state: &[u8]) -> Arrangement {
    Arrangement::new(state.iter().map(|&t| t as Token).collect())
}

pub(crate) fn graph(n: usize, edges: &[(Cell, Cell)]) -> Board {
    Board::graph(n, edges).unwrap()
}

/// θ(a, b, c): branch cells 0 and 1 joined by paths with a, b and c inner
/// cells.
pub(crate) fn theta(inner: [usize; 3]) -> Board {
    let mut edges = Vec::new();
    let mut next = 2;
    for k in inner {
        let mut prev = 0;
        for _ in 0..k {
            edges.push((prev, next));
            prev = next;
            next += 1;
        }
        edges.push((prev, 1));
    }
    graph(next as usize, &edges)
}

/// The same board as a plain graph, to run the general algorithms on
/// boxes and masks.
pub(crate) fn as_graph(board: &Board) -> Board {
    graph(board.cell_count(), &board.edges().collect::<Vec<_>>())
}

/// `steps` random moves from `tokens`: a random token next to a random
/// blank slides into it.
pub(crate) fn scrambled(
    board: &Board,
    tokens: &[Token],
    steps: usize,
    rng: &mut Seeded,
) -> Arrangement {
    let mut t = tokens.to_vec();
    for _ in 0..steps {
        let blanks: Vec<usize> = (0..t.len()).filter(|&c| t[c] == 0).collect();
        let b = blanks[rng.below(blanks.len())];
        let nb = board.neighbours(b as Cell);
        if !nb.is_empty() {
            let w = nb[rng.below(nb.len())] as usize;
            t.swap(b, w);
        }
    }
    Arrangement::new(t)
}

/// `m` blanks, then tokens 1, 2, … (distinct) or 1, 1, 2, 2, … (repeated).
pub(crate) fn tokens(n: usize, m: usize, repeated: bool) -> Vec<u8> {
    let mut t = vec![0u8; m];
    t.extend((0..n - m).map(|i| {
        if repeated {
            i as u8 / 2 + 1
        } else {
            i as u8 + 1
        }
    }));
    t
}

pub(crate) fn path(n: usize) -> Vec<(Cell, Cell)> {
    (0..n as Cell - 1).map(|i| (i, i + 1)).collect()
}

pub(crate) fn cycle(n: usize) -> Vec<(Cell, Cell)> {
    let mut e = path(n);
    e.push((n as Cell - 1, 0));
    e
}

/// A connected graph: a random tree plus extra edges. With `stretch`,
/// most cells hang from the one before, so that the tree has long
/// corridors and tails.
pub(crate) fn random_graph(
    n: usize,
    parents: &[usize],
    extra: &[(usize, usize)],
    stretch: bool,
) -> Board {
    let parent = |v: usize| {
        let p = parents[v - 1];
        if stretch && !p.is_multiple_of(3) {
            v - 1
        } else {
            p % v
        }
    };
    let mut e: Vec<(Cell, Cell)> = (1..n).map(|v| (parent(v) as Cell, v as Cell)).collect();
    for &(a, b) in extra {
        let (a, b) = (a % n, b % n);
        if a != b {
            e.push((a as Cell, b as Cell));
        }
    }
    graph(n, &e)
}

/// An arrangement that reaches `to`: a random order where one of a few
/// tries reaches it, else a long random walk from it.
pub(crate) fn reachable_shuffle(board: &Board, to: &[Token], rng: &mut Seeded) -> Arrangement {
    let goal = Arrangement::new(to.to_vec());
    for _ in 0..20 {
        let mut t = to.to_vec();
        for i in (1..t.len()).rev() {
            t.swap(i, rng.below(i + 1));
        }
        let a = Arrangement::new(t);
        if reach(board, &a, &goal).unwrap().is_reachable() {
            return a;
        }
    }
    scrambled(board, to, 50 * to.len(), rng)
}

/// A reachable target: `from` after a walk of the blank, step `s` taking
/// its `s`-th neighbour (modulo their number); an isolated blank stays.
pub(crate) fn walk(board: &Board, from: &[Token], steps: &[usize]) -> Vec<Token> {
    let mut to = from.to_vec();
    let mut blank = to.iter().position(|&t| t == 0).unwrap();
    for &s in steps {
        let nb = board.neighbours(blank as u32);
        if nb.is_empty() {
            break;
        }
        let w = nb[s % nb.len()] as usize;
        to.swap(blank, w);
        blank = w;
    }
    to
}

/// Swaps the first and last tiles of `from` when `to` cannot be reached
/// from it: on a 2-connected board other than a cycle or θ0, that gives
/// the other parity class, so random arrangements become reachable pairs.
pub(crate) fn into_reach(board: &Board, from: &mut [Token], to: &[Token]) {
    let (a, b) = (
        Arrangement::new(from.to_vec()),
        Arrangement::new(to.to_vec()),
    );
    if !reach(board, &a, &b).unwrap().is_reachable() {
        let (i, j) = (
            from.iter().position(|&t| t != 0).unwrap(),
            from.iter().rposition(|&t| t != 0).unwrap(),
        );
        from.swap(i, j);
    }
}

/// The default answer from `from` to `to` and the construction's
/// (`--fast`), the default's checked: replayed, no move undoing the one
/// before, never longer than the construction, its lower bound below its
/// length. Returns the default answer and the construction's length.
pub(crate) fn near_against_fast(
    board: &Board,
    from: &Arrangement,
    to: &Arrangement,
) -> (Solution, usize) {
    // One at a time within a test binary: a default answer takes both
    // cores for seconds under a 10 s guard clock, and two beside each
    // other (one building tables) had the beam on a mask stopped by it.
    static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());
    let _alone = ONE_AT_A_TIME.lock().unwrap_or_else(PoisonError::into_inner);
    let near = Solver::new()
        .shortest_when_cheap(true)
        .solve(board, from, to)
        .unwrap();
    let fast = Solver::new().solve(board, from, to).unwrap();
    replay(board, from.tokens(), to.tokens(), near.moves()).unwrap();
    let undone = near.moves().windows(2).any(|m| m[1] == m[0].undo());
    assert!(!undone, "{board}: {from}: a move undone");
    assert!(near.len() <= fast.len(), "{board}: {from}");
    assert!(near.lower_bound() <= near.len() as u64, "{board}: {from}");
    (near, fast.len())
}
