//! Micro-benchmarks of the hot loops, on N = 250,000 (a 500×500 board),
//! through the public API: a judge case (the number parser and the parity
//! by cycle counting) and whole decisions.
//!
//!     cargo bench -p npuzzle-core --bench micro

use divan::{Bencher, black_box};
use npuzzle_core::formats::judge::{self, JudgeFormat};
use npuzzle_core::{Arrangement, Board, reach};

const N: usize = 250_000;

fn main() {
    divan::main();
}

/// A random permutation of 0..n, seeded.
fn shuffled(n: usize, seed: u64) -> Vec<u32> {
    let mut p: Vec<u32> = (0..n as u32).collect();
    let mut x = seed;
    for i in (1..n).rev() {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        p.swap(i, (x >> 33) as usize % (i + 1));
    }
    p
}

fn text(p: &[u32]) -> Vec<u8> {
    let mut s = String::new();
    for (i, v) in p.iter().enumerate() {
        s.push_str(&v.to_string());
        s.push(if i % 500 == 499 { '\n' } else { ' ' });
    }
    s.into_bytes()
}

/// POJ 2893's format: one 500×500 case, parsed and decided.
#[divan::bench]
fn judge_500x500_case(bencher: Bencher) {
    let mut input = b"500 500\n".to_vec();
    input.extend(text(&shuffled(N, 1)));
    input.extend_from_slice(b"0 0\n");
    bencher
        .counter(divan::counter::BytesCount::new(input.len()))
        .bench(|| {
            let mut out = Vec::new();
            let input = std::io::Cursor::new(black_box(input.clone()));
            judge::run(JudgeFormat::Mxn, input, &mut out).unwrap();
            out
        });
}

#[divan::bench]
fn reach_500x500_box(bencher: Bencher) {
    let board = Board::new_box(&[500, 500]).unwrap();
    let from = Arrangement::new(shuffled(N, 3));
    let to = Arrangement::new(shuffled(N, 4));
    bencher.bench(|| reach(&board, black_box(&from), black_box(&to)).unwrap());
}

#[divan::bench]
fn reach_500x500_mask(bencher: Bencher) {
    // The same board as a mask: the general O(N + E) algorithm.
    let rows = vec!["#".repeat(500); 500];
    let board = Board::mask(&rows).unwrap();
    let from = Arrangement::new(shuffled(N, 3));
    let to = Arrangement::new(shuffled(N, 4));
    bencher.bench(|| reach(&board, black_box(&from), black_box(&to)).unwrap());
}
