//! Output that cannot be written and input that is not there: a reader
//! that goes away is a quiet success, a full disk or a closed stream a
//! clear error with exit 2, never a panic.

mod support;

use support::{assert_clean_error, cache_dir, outcome};

/// Runs a shell line with `npuzzle` standing for this build's binary;
/// returns (exit code, stdout, stderr) of the whole line.
fn shell(line: &str) -> (i32, String, String) {
    let npuzzle = assert_cmd::cargo::cargo_bin("npuzzle");
    let line = line.replace("npuzzle", &format!("'{}'", npuzzle.display()));
    outcome(
        std::process::Command::new("bash")
            .args(["-c", &format!("set -o pipefail; {line}")])
            .env("NPUZZLE_CACHE", cache_dir())
            .output()
            .unwrap(),
    )
}

#[test]
fn a_reader_that_goes_away_is_a_quiet_success() {
    let (code, out, err) = shell("npuzzle gen -b 3x3 --count 1000000 --seed 1 | head -n 1");
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 1);
    assert_eq!(err, "");
    let line = "npuzzle solve -b 30x30 -f \"$(npuzzle gen -b 30x30 --seed 1)\" | head -c 1";
    let (code, out, err) = shell(line);
    assert_eq!((code, out.len()), (0, 1), "{err}");
    assert!(!err.contains("error"), "{err}");
}

#[test]
fn a_full_disk_is_an_error() {
    if !std::path::Path::new("/dev/full").exists() {
        eprintln!("skipped: no /dev/full here");
        return;
    }
    let (code, _, err) = shell("npuzzle reach -b 3x3 -f '8 2 0/4 6 1/3 7 5' > /dev/full");
    assert_eq!(code, 2);
    assert_clean_error(err.lines().last().unwrap_or(""));
    assert!(err.contains("No space left"), "{err}");
}

#[test]
fn closed_streams_are_errors_and_dev_null_is_not() {
    let (code, _, err) = shell("npuzzle reach -b 3x3 -f '8 2 0/4 6 1/3 7 5' >&-");
    assert_eq!(code, 2);
    assert!(err.contains("stdout is closed"), "{err}");
    let (code, _, err) = shell("npuzzle batch <&-");
    assert_eq!(code, 2);
    assert!(err.contains("stdin is closed"), "{err}");
    let (code, _, _) = shell("npuzzle reach -b 3x3 -f '8 2 0/4 6 1/3 7 5' > /dev/null");
    assert_eq!(code, 0);
    let (code, out, _) = shell("npuzzle judge odd < /dev/null");
    assert_eq!((code, out.as_str()), (0, ""));
    // Read and written both ways at once, as some callers open it.
    let (code, _, _) = shell("npuzzle reach -b 3x3 -f '8 2 0/4 6 1/3 7 5' 1<> /dev/null");
    assert_eq!(code, 0);
}
