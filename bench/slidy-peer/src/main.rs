//! The peer of npuzzle's optimal-solver benchmark: slidy's 4×4 solver on
//! Korf's 100 instances, one core. Prints each optimal length and the
//! total search time; the PDB build time is printed apart.
//!
//! slidy's goal has the blank bottom-right, Korf's top-left: each instance
//! is turned by 180° and tile t relabelled 16 - t.
//!
//! slidy 0.4.0's solver does not reset its count of solutions found
//! between two `solve` calls, so a second call on the same solver searches
//! on without end: each instance gets a new solver, and only the `solve`
//! calls are timed.

use std::str::FromStr as _;
use std::time::Instant;

use slidy::puzzle::puzzle::Puzzle;
use slidy::solver::size4x4::stm::solver::Solver;
use slidy::solver::solver::Solver as _;

fn main() {
    let path = std::env::args().nth(1).expect("usage: slidy-peer korf100.txt");
    let text = std::fs::read_to_string(path).expect("the instances");
    let started = Instant::now();
    drop(Solver::new());
    println!("build {:.3}", started.elapsed().as_secs_f64());
    let mut search = 0.0;
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let f: Vec<u64> = line.split_whitespace().map(|w| w.parse().unwrap()).collect();
        let tiles: Vec<u64> = f[2..18]
            .iter()
            .rev()
            .map(|&t| if t == 0 { 0 } else { 16 - t })
            .collect();
        let rows: Vec<String> = tiles
            .chunks(4)
            .map(|r| r.iter().map(u64::to_string).collect::<Vec<_>>().join(" "))
            .collect();
        let puzzle = Puzzle::from_str(&rows.join("/")).unwrap();
        let solver = Solver::new();
        let started = Instant::now();
        let solution = solver.solve(&puzzle).unwrap();
        search += started.elapsed().as_secs_f64();
        println!("{} {}", f[0], solution.len_stm::<u64>());
    }
    println!("search {search:.3}");
}
