//! The peer of npuzzle's optimal-solver benchmarks: slidy's optimal 4×4
//! solvers, one core, one solver built once and reused for every
//! instance (as slidy's own users do).
//!
//! `slidy-peer stm korf100.txt` solves Korf's 100 in single-tile moves;
//! `slidy-peer mtm states.txt` solves 4×4 states (a line each, 16 numbers
//! in row order, 0 the blank, goal blank last) in multi-tile moves. Each
//! prints the table build's seconds, each optimal length, and the
//! searches' seconds.
//!
//! slidy's goal has the blank bottom-right, Korf's top-left: Korf's
//! instances are turned by 180° and tile t relabelled 16 - t.
//!
//! slidy 0.7.0 needs the nightly toolchain: `cargo +nightly build
//! --release`.

use std::str::FromStr as _;
use std::time::Instant;

use slidy::puzzle::puzzle::Puzzle;
use slidy::solver::config::PdbConfig;
use slidy::solver::solver::Solver as _;

/// The instances of `text`, each as slidy's puzzle and its name.
fn instances(text: &str, korf: bool) -> Vec<(String, Puzzle)> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .enumerate()
        .map(|(i, line)| {
            let f: Vec<u64> = line.split_whitespace().map(|w| w.parse().unwrap()).collect();
            let (name, tiles) = if korf {
                let tiles = f[2..18]
                    .iter()
                    .rev()
                    .map(|&t| if t == 0 { 0 } else { 16 - t })
                    .collect();
                (f[0].to_string(), tiles)
            } else {
                ((i + 1).to_string(), f[..16].to_vec())
            };
            let rows: Vec<String> = tiles
                .chunks(4)
                .map(|r| r.iter().map(u64::to_string).collect::<Vec<_>>().join(" "))
                .collect();
            (name, Puzzle::from_str(&rows.join("/")).unwrap())
        })
        .collect()
}

fn main() {
    let mut args = std::env::args().skip(1);
    let (metric, path) = match (args.next(), args.next()) {
        (Some(m), Some(p)) if m == "stm" || m == "mtm" => (m, p),
        _ => panic!("usage: slidy-peer stm|mtm FILE"),
    };
    let text = std::fs::read_to_string(path).expect("the instances");
    let started = Instant::now();
    let mut solve: Box<dyn FnMut(&Puzzle) -> u64> = if metric == "stm" {
        let mut solver = slidy::solver::size4x4::stm::solver::Solver::new(&PdbConfig::default());
        Box::new(move |p| solver.solve(p).unwrap().len_stm())
    } else {
        let mut solver = slidy::solver::size4x4::mtm::solver::Solver::new(&PdbConfig::default());
        Box::new(move |p| solver.solve(p).unwrap().len_mtm())
    };
    println!("build {:.3}", started.elapsed().as_secs_f64());
    let mut search = 0.0;
    for (name, puzzle) in instances(&text, metric == "stm") {
        let started = Instant::now();
        let length = solve(&puzzle);
        search += started.elapsed().as_secs_f64();
        println!("{name} {length}");
    }
    println!("search {search:.3}");
}
