//! Input as people type it and as hostile input comes: rows checked
//! against the board, stdin with `@-`, comments and byte-order marks in
//! files, `4×4`, escapes kept out of messages, and huge boards refused
//! before they are built.

mod support;

use support::{assert_clean_error, run};

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
    let (code, _, err) = run(&["reach", "-b", "3x3", "-f", "1 2 3/4 5 6/7 8 9"], "");
    assert_eq!(code, 2);
    assert!(
        err.contains("written as 9") && err.contains("as 0"),
        "{err}"
    );
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

/// A 1×1000000 grid one token a line spans several input windows: a bad,
/// repeated or out-of-range token is reported on its own line, from a
/// pipe, a file and a mapped file alike.
#[test]
fn judge_errors_name_the_line_of_the_token_in_grids_of_many_windows() {
    let n = 1_000_000;
    let grid = |line5: &str| {
        let mut text = format!("1 {n}\n");
        for t in 1..n {
            text.push_str(if t == 4 { line5 } else { "" });
            if t != 4 {
                text.push_str(&t.to_string());
            }
            text.push('\n');
        }
        text.push_str("0\n0 0\n");
        text
    };
    let cases = [
        ("x", "line 5: 'x' is not a number"),
        (
            "7",
            "line 8: token 7 appears more than once in the first grid",
        ),
        (
            "99999999",
            "line 5: token 99999999 in the first grid is out of range",
        ),
        ("0", "line 1000001: several blanks (0) in the first grid"),
    ];
    for (token, message) in cases {
        let input = grid(token);
        let outcomes = [
            run(&["judge", "mxn"], &input),
            support::run_on_file(&["judge", "mxn"], &input, 0),
            support::run_on_file(&["judge", "mxn", "--mmap"], &input, 0),
        ];
        for (code, _, err) in outcomes {
            assert_eq!(code, 2, "{token}: {err}");
            assert!(
                err.contains(&format!("case 1, {message}")),
                "{token}: {err}"
            );
        }
    }
}

/// Many small cases are read in time proportional to the input (line
/// numbers are found only for errors).
#[test]
fn many_small_cases_and_an_error_at_the_end() {
    let mut input = String::new();
    for _ in 0..100_000 {
        input.push_str("3 3\n1 2 3\n4 5 6\n7 8 0\n");
    }
    input.push_str("2 2\n1 2\n3 3\n0 0\n");
    let (code, out, err) = run(&["judge", "mxn"], &input);
    assert_eq!(code, 2);
    assert_eq!(out.lines().count(), 100_000);
    assert!(
        err.contains("case 100001, line 400003: token 3 appears more than once"),
        "{err}"
    );
}

/// What people type: the board and arrangements without their flags,
/// the blank as `show` draws it, presets in any case, `4 x 4`.
#[test]
fn everyday_input_is_accepted() {
    let (code, out, err) = run(&["solve", "3x3", "8 2 ./4 6 1/3 7 5"], "");
    assert_eq!(
        (code, out.as_str()),
        (0, "R2U2LDLDRURDL2URDLU2RDLU\n"),
        "{err}"
    );
    let (code, out, _) = run(
        &[
            "reach",
            "15-Puzzle",
            "1 2 3 4/5 6 7 8/9 10 11 12/13 14 _ 15",
        ],
        "",
    );
    assert_eq!((code, out.as_str()), (0, "reachable\n"));
    let (code, out, _) = run(
        &[
            "reach",
            "-b",
            "4 x 4",
            "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0",
        ],
        "",
    );
    assert_eq!((code, out.as_str()), (0, "reachable\n"));
    let (code, out, _) = run(&["reach", "-b", "2x2", "1 2 3 0", "1 2 3 0"], "");
    assert_eq!((code, out.as_str()), (0, "reachable\n"));
    // Flags after the words are flags, not a TO arrangement.
    let (code, out, err) = run(&["solve", "3x3", "8 2 0/4 6 1/3 7 5", "--count"], "");
    assert_eq!((code, out.as_str()), (0, "24\n"), "{err}");
}

#[test]
fn too_many_words_or_none_are_clear_errors() {
    let (code, _, err) = run(&["reach", "2x2", "1 2 3 0", "1 2 3 0", "extra"], "");
    assert_eq!(code, 2);
    assert!(err.contains("'extra'"), "{err}");
    let (code, _, err) = run(&["reach", "2x2"], "");
    assert_eq!(code, 2);
    assert!(err.contains("no FROM arrangement"), "{err}");
}

#[test]
fn a_repeated_tile_is_named_when_the_blank_is_missing() {
    let (code, _, err) = run(&["solve", "-b", "3x3", "-f", "1 2 3/4 5 6/7 8 8"], "");
    assert_eq!(code, 2);
    assert!(err.contains("token 8 is on two cells (7 and 8)"), "{err}");
}

#[test]
fn unreachable_answers_say_why_in_a_players_words() {
    let (code, out, err) = run(
        &["reach", "4x4", "1 2 3 4/5 6 7 8/9 10 11 12/13 15 14 0"],
        "",
    );
    assert_eq!(code, 1);
    assert!(
        out.starts_with("unreachable: permutation parity odd"),
        "{out}"
    );
    assert!(err.contains("Sam Loyd's 14-15 puzzle"), "{err}");
    let (_, out, _) = run(
        &[
            "reach",
            "--json",
            "4x4",
            "1 2 3 4/5 6 7 8/9 10 11 12/13 15 14 0",
        ],
        "",
    );
    assert!(
        out.contains("\"explain\":\"an odd number of swaps away"),
        "{out}"
    );
}

#[test]
fn batch_lines_get_specific_words_for_odd_json() {
    let lines = [
        (
            r#"{"board": "2x2", "from": [1, 2, 3, 5.0]}"#,
            "token 4 (5.0) is not an integer",
        ),
        (
            r#"{"board": "2x2", "from": [1, 2, 3, -0]}"#,
            "is -0: the blank is written 0",
        ),
        (
            r#"{"board": "2x2", "from": [1, 2, 3, 99999999999999999999]}"#,
            "is too large: tokens go up to 4294967295",
        ),
        (
            r#"{"board": "2x2", "from": [1, 2, 3, 0.5]}"#,
            "(0.5) is not an integer",
        ),
        (
            r#"{"board": "2x2", "from": 7}"#,
            "an arrangement: a string such as",
        ),
        (r#"["2x2", "1 2 3 0"]"#, "a line is a JSON object"),
        (
            r#"{"board": "+2x2", "from": "1 2 3 0"}"#,
            "not a positive whole number",
        ),
    ];
    let input: String = lines.iter().map(|(l, _)| format!("{l}\n")).collect();
    let (code, out, _) = run(&["batch"], &input);
    assert_eq!(code, 2);
    for ((line, words), answer) in lines.iter().zip(out.lines()) {
        assert!(answer.contains(words), "{line}: {answer}");
        assert!(!answer.contains("untagged"), "{answer}");
    }
    assert_eq!(out.lines().count(), lines.len());
}

#[test]
fn a_pattern_bigger_than_the_board_is_refused() {
    let (code, _, err) = run(
        &[
            "solve",
            "--optimal",
            "--pattern-tiles",
            "100",
            "3x4",
            "1 2 3 4/5 6 7 8/9 10 0 11",
        ],
        "",
    );
    assert_eq!(code, 2);
    assert!(
        err.contains("this board has 11 tiles, so a pattern has at most 11"),
        "{err}"
    );
    // The same in batch, on the line's answer, and the lines after go on.
    let (code, out, _) = run(
        &["batch", "--solve", "--optimal", "--pattern-tiles", "100"],
        "{\"board\": \"3x4\", \"from\": \"1 2 3 4/5 6 7 8/9 10 0 11\"}\n\
         {\"board\": \"3x3\", \"from\": \"1 2 3/4 5 6/7 0 8\"}\n",
    );
    assert_eq!(code, 2, "{out}");
    let answers: Vec<&str> = out.lines().collect();
    assert!(answers[0].contains("at most 11"), "{out}");
    assert!(answers[1].contains("\"length\":1"), "{out}");
}

#[test]
fn ids_come_back_exactly_as_written() {
    let ids = [
        "12345678901234567890123",
        "1e2",
        "-0",
        "1e400",
        r#""\ud800""#,
        r#"{"a": [1, 2.50]}"#,
    ];
    for args in [&["batch"][..], &["batch", "--solve"][..]] {
        let input: String = ids
            .iter()
            .map(|id| format!("{{\"board\": \"2x2\", \"from\": \"1 2 0 3\", \"id\": {id}}}\n"))
            .chain([format!(
                "{{\"board\": \"2x2\", \"frm\": \"1\", \"id\": {}}}\n",
                ids[0]
            )])
            .collect();
        let (_, out, err) = run(args, &input);
        let answers: Vec<&str> = out.lines().collect();
        assert_eq!(answers.len(), ids.len() + 1, "{err}");
        for (id, answer) in ids.iter().chain(&[ids[0]]).zip(&answers) {
            // Byte for byte: digits, exponent, escapes and spaces.
            assert!(
                answer.ends_with(&format!("\"id\":{id}}}")),
                "{args:?} {id}: {answer}"
            );
        }
    }
}
