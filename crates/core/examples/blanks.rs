//! Figures for several blanks: solution lengths on big boxes (moves / n³
//! on n×n with 1, 2, 5 and 50 blanks) and the constructive solver on
//! boards with cut cells (masks with narrow necks, random graphs).
//!
//!     cargo run --release -p npuzzle-core --example blanks

use std::time::Instant;

use npuzzle_core::{Arrangement, Board, Solver, Token, reach};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A seeded generator (ChaCha8), so that failures are reproducible.
struct Seeded(ChaCha8Rng);

impl Seeded {
    fn new(seed: u64) -> Self {
        Self(ChaCha8Rng::seed_from_u64(seed))
    }

    /// A number below `n`, uniformly.
    fn below(&mut self, n: usize) -> usize {
        self.0.random_range(0..n)
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        items.shuffle(&mut self.0);
    }
}

/// A random arrangement that reaches `to`: a shuffle when one of a few
/// does, else a long random walk of the blanks.
fn reaching(board: &Board, to: &Arrangement, rng: &mut Seeded) -> Arrangement {
    for _ in 0..20 {
        let mut t = to.tokens().to_vec();
        rng.shuffle(&mut t);
        let a = Arrangement::new(t);
        if reach(board, &a, to).unwrap().is_reachable() {
            return a;
        }
    }
    let mut t = to.tokens().to_vec();
    for _ in 0..100 * t.len() {
        let b = rng.below(t.len());
        if t[b] != 0 {
            continue;
        }
        let nb = board.neighbours(b as u32);
        if !nb.is_empty() {
            t.swap(b, nb[rng.below(nb.len())] as usize);
        }
    }
    Arrangement::new(t)
}

fn boxes() {
    println!("n×n boxes, random arrangements to the solved one, blanks last:");
    for n in [50usize, 100] {
        let board: Board = format!("{n}x{n}").parse().unwrap();
        for blanks in [1, 2, 5, 50] {
            let to = Arrangement::solved_with_blanks(n * n, blanks);
            let mut rng = Seeded::new(blanks as u64);
            let (mut total, runs) = (0u64, 3);
            let started = Instant::now();
            for _ in 0..runs {
                let from = reaching(&board, &to, &mut rng);
                total += Solver::new().count(&board, &from, &to).unwrap().length;
            }
            let per = total as f64 / runs as f64 / (n * n * n) as f64;
            println!(
                "  {n}x{n}, {blanks:>2} blanks: {:.3} n³ moves ({:.2} s each)",
                per,
                started.elapsed().as_secs_f64() / runs as f64
            );
        }
    }
}

fn with_cuts(name: &str, board: &Board, blanks: usize, pairs: usize, seed: u64) {
    let n = board.cell_count();
    let mut rng = Seeded::new(seed);
    let (mut solved, mut moves, mut worst) = (0, 0usize, 0f64);
    let started = Instant::now();
    for _ in 0..pairs {
        let mut t: Vec<Token> = (1..=(n - blanks) as Token).collect();
        t.resize(n, 0);
        rng.shuffle(&mut t);
        let to = Arrangement::new(t);
        let from = reaching(board, &to, &mut rng);
        let one = Instant::now();
        if let Ok(s) = Solver::new().solve(board, &from, &to) {
            solved += 1;
            moves += s.len();
        }
        worst = worst.max(one.elapsed().as_secs_f64());
    }
    println!(
        "  {name} ({n} cells, {blanks} blanks): {solved} of {pairs} solved, {:.0} moves each, {:.2} s each, {:.2} s worst",
        moves as f64 / solved.max(1) as f64,
        started.elapsed().as_secs_f64() / pairs as f64,
        worst
    );
}

/// A random tree (with `stretch`, most cells hanging from the one
/// before: long corridors) and `n / extra` more edges.
fn random_graph(n: usize, stretch: bool, extra: usize, rng: &mut Seeded) -> Board {
    let mut edges: Vec<(u32, u32)> = (1..n)
        .map(|v| {
            let p = if stretch && rng.below(3) != 0 {
                v - 1
            } else {
                rng.below(v)
            };
            (p as u32, v as u32)
        })
        .collect();
    for _ in 0..n / extra {
        let (a, b) = (rng.below(n), rng.below(n));
        if a != b {
            edges.push((a as u32, b as u32));
        }
    }
    Board::graph(n, &edges).unwrap()
}

fn main() {
    if std::env::args().nth(1).as_deref() == Some("trees") {
        let mut rng = Seeded::new(5);
        for n in [30, 60, 120, 240] {
            let board = random_graph(n, false, n + 1, &mut rng);
            for blanks in [2, 5, 20, n / 4] {
                with_cuts("random tree", &board, blanks, 5, n as u64);
            }
        }
        return;
    }
    if let Some(n) = std::env::args()
        .nth(2)
        .and_then(|a| a.parse::<usize>().ok())
    {
        let blanks: usize = std::env::args().nth(3).unwrap().parse().unwrap();
        let mut rng = Seeded::new(n as u64 * 7 + 1);
        let board = random_graph(n, false, n + 1, &mut rng);
        with_cuts("random tree", &board, blanks, 2, n as u64);
        return;
    }
    boxes();
    println!("boards with cut cells:");
    let necks = Board::mask(&[
        "#####.#####",
        "#####.#####",
        "###########",
        "#####.#####",
        "#####.#####",
        "..#.....#..",
        "#####.#####",
        "#####.#####",
        "###########",
        "#####.#####",
    ])
    .unwrap();
    for blanks in [2, 3, 6] {
        with_cuts(
            "four rooms joined by necks",
            &necks,
            blanks,
            5,
            blanks as u64,
        );
    }
    let mut rng = Seeded::new(5);
    for n in [30, 60, 120, 240, 480] {
        for (stretch, extra, name) in [
            (false, 4, "random graph"),
            (true, 10, "sparse random graph"),
            (false, n + 1, "random tree"),
        ] {
            let board = random_graph(n, stretch, extra, &mut rng);
            for blanks in [2, 5, 20, n / 4] {
                with_cuts(name, &board, blanks, 5, n as u64);
            }
        }
    }
}
