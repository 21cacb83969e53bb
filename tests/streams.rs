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
fn a_batch_whose_reader_went_away_stops_searching() {
    // An easy line, then four 7×7 ones of several seconds each: once
    // `head` has its line, the search under way stops, not all four.
    let line = "{ echo '{\"board\":\"3x3\",\"from\":\"1 2 3/4 5 6/7 0 8\"}'; \
                npuzzle gen -b 7x7 --count 4 --seed 1 --json; } \
                | npuzzle batch --solve | head -n 1";
    let started = std::time::Instant::now();
    let (code, out, err) = shell(line);
    assert_eq!((code, out.lines().count()), (0, 1), "{err}");
    let seconds = started.elapsed().as_secs_f64();
    assert!(seconds < 15.0, "{seconds} s after the reader went away");
}

#[test]
fn a_judge_whose_reader_went_away_stops_searching() {
    // SPOJ SOLVING: a 3×3 case, then four 7×7 ones of several seconds
    // each (and their tables to build): once `head` has its line, the
    // search under way stops. The input is made whole first and written
    // at once: written case by case, a judge that stops early could
    // leave the writer a closed pipe (exit 141 under pipefail).
    let line = "input=$(echo 5; echo 3; echo '1 2 3'; echo '4 5 6'; echo '7 0 8'; \
                for s in 1 2 3 4; do echo 7; npuzzle gen -b 7x7 --seed $s | tr '/' '\\n'; done); \
                printf '%s\\n' \"$input\" | npuzzle judge spoj-solving | head -n 1";
    let started = std::time::Instant::now();
    let (code, out, err) = shell(line);
    assert_eq!((code, out.lines().count()), (0, 1), "{err}");
    let seconds = started.elapsed().as_secs_f64();
    assert!(seconds < 15.0, "{seconds} s after the reader went away");
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

/// `npuzzle batch ARGS` driven line by line: stdin stays open.
struct Driven {
    child: std::process::Child,
    stdin: std::process::ChildStdin,
    answers: std::sync::mpsc::Receiver<String>,
}

impl Driven {
    fn start(args: &[&str]) -> Self {
        use std::io::BufRead;
        let mut child = support::npuzzle_std()
            .arg("batch")
            .args(args)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let stdout = std::io::BufReader::new(child.stdout.take().unwrap());
        let (sender, answers) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in stdout.lines().map_while(Result::ok) {
                let _ = sender.send(line);
            }
        });
        Self {
            child,
            stdin,
            answers,
        }
    }

    fn send(&mut self, line: &str) {
        use std::io::Write;
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// The next answer, which must come within ten seconds.
    fn answer(&self) -> serde_json::Value {
        let line = self
            .answers
            .recv_timeout(std::time::Duration::from_secs(10))
            .expect("an answer while stdin stays open");
        serde_json::from_str(&line).unwrap()
    }
}

impl Drop for Driven {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn a_batch_driven_line_by_line_answers_each_line_at_once() {
    for args in [&[][..], &["--solve"][..]] {
        let mut batch = Driven::start(args);
        batch.send(r#"{"board": "3x3", "from": "8 2 0/4 6 1/3 7 5", "id": 1}"#);
        assert_eq!(batch.answer()["id"], 1, "{args:?}");
        batch.send(r#"{"board": "3x3", "from": "2 1 3/4 5 6/7 8 0", "id": 2}"#);
        let second = batch.answer();
        assert_eq!(
            (second["id"].clone(), second["reachable"].clone()),
            (2.into(), false.into())
        );
    }
}

#[test]
fn an_easy_line_is_answered_while_the_hard_one_after_it_is_searched() {
    // Korf's 60th 15-puzzle on Manhattan distance alone: minutes.
    let mut batch = Driven::start(&["--optimal", "--pattern-tiles", "0"]);
    batch.send(r#"{"board": "3x3", "from": "8 2 0/4 6 1/3 7 5", "id": "easy"}"#);
    batch.send(r#"{"board": "4x4", "from": "11 14 13 1/2 3 12 4/15 7 9 5/10 6 8 0", "to": "0 1 2 3/4 5 6 7/8 9 10 11/12 13 14 15", "id": "hard"}"#);
    let easy = batch.answer();
    assert_eq!(
        (easy["id"].clone(), easy["length"].clone()),
        ("easy".into(), 24.into())
    );
}
