//! A program that uses npuzzle as a library: decide, solve optimally with
//! tables cached where the program says, and stream a big solution.
//!
//!     cargo run --release -p npuzzle-core --example solve

use npuzzle_core::{Arrangement, Board, PdbCache, SolveError, Solver};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let board: Board = "4x4".parse()?;
    let from: Arrangement = "5 1 2 3/9 6 7 4/13 10 11 8/0 14 15 12".parse()?;
    let to = Arrangement::solved(board.cell_count());

    let verdict = npuzzle_core::reach(&board, &from, &to)?;
    println!("reachable: {}", verdict.is_reachable());

    let solution = Solver::new()
        .optimal(true)
        .cache(PdbCache::at("target/pdb")?) // the program decides where tables live
        .on_progress(|p| eprintln!("{p}"))
        .solve(&board, &from, &to)?;
    assert_eq!(solution.len(), 9);
    println!(
        "{} moves: {}",
        solution.len(),
        solution.directions().unwrap()
    );
    for m in solution.moves() {
        let (cell_from, cell_to) = (m.from, m.to);
        print!("{cell_from}-{cell_to} ");
    }
    println!();

    // An unreachable target is an error that carries the reason.
    let swapped: Arrangement = "2 1 3 4/5 6 7 8/9 10 11 12/13 14 15 0".parse()?;
    match Solver::new().solve(&board, &swapped, &to) {
        Err(SolveError::Unreachable(reason)) => println!("unreachable: {reason}"),
        other => panic!("expected unreachable, got {other:?}"),
    }

    // Big boards: moves streamed as they come, in constant memory.
    let big: Board = "200x200".parse()?;
    let mut tokens: Vec<u32> = (1..40_000).rev().collect();
    tokens.push(0);
    let to_big = Arrangement::solved(40_000);
    if !npuzzle_core::reach(&big, &Arrangement::new(tokens.clone()), &to_big)?.is_reachable() {
        tokens.swap(0, 1); // the other parity class
    }
    let from_big = Arrangement::new(tokens);
    let mut moves = 0u64;
    let summary = Solver::new().solve_into(&big, &from_big, &to_big, |_m| {
        moves += 1; // or write it somewhere: the first write error stops the solve
        Ok(())
    })?;
    println!(
        "200x200 reversed: {} moves streamed in {:.1} s",
        summary.length,
        summary.elapsed.as_secs_f64()
    );
    assert_eq!(moves, summary.length);
    Ok(())
}
