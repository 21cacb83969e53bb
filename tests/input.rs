//! Input as people type it and as hostile input comes: rows checked
//! against the board, stdin with `@-`, comments and byte-order marks in
//! files, `4×4`, escapes kept out of messages, and huge boards refused
//! before they are built.

mod common;

use common::{assert_clean_error, run};

#[test]
fn rows_and_forms_people_type() {
    let (code, _, err) = run(&["reach", "-b", "3x3", "-f", "1 2 3/4 5 6 7/8 0"], "");
    assert_eq!(code, 2);
    assert!(
        err.contains("row 2 has 4 tokens; the board's row 2 has 3 cells"),
        "{err}"
    );
    let (code, out, _) = run(
        &[
            "reach",
            "-b",
            "4×4",
            "-f",
            "1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 0",
        ],
        "",
    );
    assert_eq!((code, out.as_str()), (0, "reachable\n"));
    let (code, out, _) = run(&["reach", "-b", "3X3", "-f", "@-"], "8 2 0\n4 6 1\n3 7 5\n");
    assert_eq!((code, out.as_str()), (0, "reachable\n"));
    let path = std::env::temp_dir().join(format!("npuzzle-input-{}", std::process::id()));
    std::fs::write(&path, "\u{feff}# an 8-puzzle\n8 2 0\n4 6 1\n3 7 5\n").unwrap();
    let from = format!("@{}", path.display());
    let (code, out, err) = run(&["reach", "-b", "3x3", "-f", &from], "");
    assert_eq!((code, out.as_str()), (0, "reachable\n"), "{err}");
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn hostile_input_is_refused_cheaply_and_never_echoed_raw() {
    let started = std::time::Instant::now();
    let (code, _, err) = run(&["reach", "-b", "graph:67108864", "-f", "0"], "");
    assert_eq!(code, 2);
    assert!(
        err.contains("1 tokens for a board of 67108864 cells"),
        "{err}"
    );
    let batch = "{\"board\":\"graph:67108864\",\"from\":\"0\"}\n".repeat(20);
    let (code, out, _) = run(&["batch"], &batch);
    assert_eq!((code, out.lines().count()), (2, 20));
    // Both refused before any board was built (building one takes seconds).
    assert!(started.elapsed().as_secs() < 30);
    // An escape sequence in an argument, a NUL in a file.
    let (code, _, err) = run(&["reach", "-b", "3x3", "-f", "1 2 \u{1b}[31m 0"], "");
    assert_eq!(code, 2);
    assert_clean_error(&err);
    assert!(!err.contains('\u{1b}'), "{err:?}");
    let (code, _, err) = run(&["reach", "-b", "3x3", "-f", "@-"], "1 2 \u{0}\u{7} 0");
    assert_eq!(code, 2);
    assert!(!err.contains('\u{0}') && !err.contains('\u{7}'), "{err:?}");
    let (code, out, _) = run(
        &["batch"],
        "{\"board\":\"@/proc/self/environ\",\"from\":\"0\"}\n",
    );
    assert_eq!(code, 2);
    assert!(
        out.contains("not a board spec") && !out.contains("PATH"),
        "{out}"
    );
}
