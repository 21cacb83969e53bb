//! Answers compared with the original problems' reference programs (C++)
//! on random cases, when `NPUZZLE_PEERS` names the folder that holds them
//! and a C++ compiler is there; otherwise each test says it was skipped.

use std::path::{Path, PathBuf};
use std::process::Command;

use assert_cmd::Command as Bin;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn peer(source: &str) -> Option<PathBuf> {
    let Some(folder) = std::env::var_os("NPUZZLE_PEERS").filter(|f| !f.is_empty()) else {
        eprintln!("skipped: NPUZZLE_PEERS (the reference programs' folder) is not set");
        return None;
    };
    let src = Path::new(&folder).join(source);
    if !src.exists() {
        eprintln!("skipped: {} is not there", src.display());
        return None;
    }
    let exe = std::env::temp_dir().join(format!("npuzzle-peer-{}-{source}", std::process::id()));
    let built = Command::new("g++")
        .args(["-O2", "-o"])
        .arg(&exe)
        .arg(&src)
        .status();
    match built {
        Ok(s) if s.success() => Some(exe),
        _ => {
            eprintln!("skipped: g++ could not build {source}");
            None
        }
    }
}

fn run_peer(exe: &Path, input: &str) -> String {
    use std::io::Write;
    let mut child = Command::new(exe)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    String::from_utf8(child.wait_with_output().unwrap().stdout).unwrap()
}

fn run_ours(format: &str, input: &str) -> String {
    let out = Bin::cargo_bin("npuzzle")
        .unwrap()
        .args(["judge", format])
        .write_stdin(input)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

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

fn line(v: &[u32]) -> String {
    v.iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn odd_matches_the_reference_program() {
    let Some(exe) = peer("seed000_odd.cpp") else {
        return;
    };
    let mut rng = Seeded::new(7);
    let mut input = String::new();
    let mut cases = 0;
    for n in [1usize, 3, 5, 7, 9, 11, 21, 51] {
        for _ in 0..25 {
            let mut a: Vec<u32> = (0..(n * n) as u32).collect();
            let mut b = a.clone();
            rng.shuffle(&mut a);
            rng.shuffle(&mut b);
            input += &format!("{n}\n{}\n{}\n", line(&a), line(&b));
            cases += 1;
        }
    }
    let ours = run_ours("odd", &input);
    assert_eq!(ours.lines().count(), cases);
    assert_eq!(ours, run_peer(&exe, &input));
    assert!(ours.contains("TAK") && ours.contains("NIE"));
    let _ = std::fs::remove_file(exe);
}

#[test]
fn hdu4021_matches_the_reference_program() {
    let Some(exe) = peer("seed004_24puzzle.cpp") else {
        return;
    };
    let board: npuzzle_core::Board = "hdu4021".parse().unwrap();
    let mut rng = Seeded::new(11);
    let mut cases = Vec::new();
    for i in 0..400 {
        let mut a: Vec<u32> = (0..24).collect();
        rng.shuffle(&mut a);
        let mut b = a.clone();
        // A random walk of the blank, then sometimes a swap of two tiles.
        let mut blank = b.iter().position(|&t| t == 0).unwrap();
        for _ in 0..rng.below(200) {
            let nb = board.neighbours(blank as u32);
            let w = nb[rng.below(nb.len())] as usize;
            b.swap(blank, w);
            blank = w;
        }
        if i % 2 == 1 {
            let (x, y) = (rng.below(24), rng.below(24));
            if b[x] != 0 && b[y] != 0 {
                b.swap(x, y);
            }
        }
        cases.push(format!("{}\n{}\n", line(&a), line(&b)));
    }
    let input = format!("{}\n{}", cases.len(), cases.concat());
    let ours = run_ours("hdu4021", &input);
    assert_eq!(ours.lines().count(), cases.len());
    assert_eq!(ours, run_peer(&exe, &input));
    assert!(ours.contains('Y') && ours.contains('N'));
    let _ = std::fs::remove_file(exe);
}
