//! Helpers shared by the command-line tests: running npuzzle on
//! arguments and stdin, and what a clean error looks like.
#![allow(dead_code)] // each test file uses its own share

pub(crate) mod serve;

use assert_cmd::Command;

/// npuzzle, with its table cache in a folder of this test process.
pub(crate) fn npuzzle() -> Command {
    let mut command = Command::cargo_bin("npuzzle").unwrap();
    command.env("NPUZZLE_CACHE", cache_dir());
    command
}

/// The same, as a plain process to drive (stdin kept open, output read
/// as it comes).
pub(crate) fn npuzzle_std() -> std::process::Command {
    let mut command = std::process::Command::new(assert_cmd::cargo::cargo_bin("npuzzle"));
    command.env("NPUZZLE_CACHE", cache_dir());
    command
}

/// The table cache of this test process.
pub(crate) fn cache_dir() -> std::path::PathBuf {
    std::env::temp_dir().join(format!("npuzzle-cli-cache-{}", std::process::id()))
}

/// Runs npuzzle with `args` and `stdin`; returns (exit code, stdout, stderr).
pub(crate) fn run(args: &[&str], stdin: &str) -> (i32, String, String) {
    outcome(npuzzle().args(args).write_stdin(stdin).output().unwrap())
}

/// Exit code, stdout and stderr.
pub(crate) fn outcome(out: std::process::Output) -> (i32, String, String) {
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// Runs npuzzle with `args`, its stdin a file holding `contents` and read
/// from offset `skip` on (npuzzle maps such a file instead of reading it).
pub(crate) fn run_on_file(args: &[&str], contents: &str, skip: u64) -> (i32, String, String) {
    use std::io::{Seek, SeekFrom};
    use std::sync::atomic::{AtomicUsize, Ordering};
    static FILES: AtomicUsize = AtomicUsize::new(0);
    let path = std::env::temp_dir().join(format!(
        "npuzzle-cli-stdin-{}-{}",
        std::process::id(),
        FILES.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::write(&path, contents).unwrap();
    let mut file = std::fs::File::open(&path).unwrap();
    file.seek(SeekFrom::Start(skip)).unwrap();
    let out = std::process::Command::new(assert_cmd::cargo::cargo_bin("npuzzle"))
        .env("NPUZZLE_CACHE", cache_dir())
        .args(args)
        .stdin(file)
        .output()
        .unwrap();
    std::fs::remove_file(&path).unwrap();
    outcome(out)
}

pub(crate) fn assert_clean_error(stderr: &str) {
    assert!(stderr.starts_with("error: "), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}
