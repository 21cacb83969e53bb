//! `npuzzle judge` end to end: every format's samples byte for byte, read
//! from a pipe, from a file and mapped; bad input answered after every
//! earlier case, with the case and line of the error.

mod support;

use support::{assert_clean_error, run, run_on_file};

#[test]
fn judge_samples_byte_for_byte() {
    let samples: &[(&str, &str, &str)] = &[
        (
            "odd",
            "3\n1 2 3\n4 5 6\n7 8 0\n1 2 3\n4 5 6\n7 0 8\n",
            "TAK\n",
        ),
        (
            "odd",
            "3\r\n1 2 3 4 5 6 7 8 0\r\n2 1 3\r\n4 5 6 7 8 0\r\n1\r\n0\r\n0\r\n",
            "NIE\nTAK\n",
        ),
        (
            "mxn",
            "3 3\n1 2 3\n4 0 6\n7 5 8\n2 2\n2 1\n3 0\n0 0\n",
            "YES\nNO\n",
        ),
        (
            "mxn",
            "4 4\n1 2 3 4\n5 6 7 8\n9 10 11 0\n12 13 14 15\n0 0\n",
            "NO\n",
        ),
        (
            "commedia",
            "2\n2\n1 2 3 4\n5 6 7 0\n2\n2 1 3 4\n5 6 7 0\n",
            "Puzzle can be solved.\nPuzzle is unsolvable.\n",
        ),
        ("commedia", "1\n1\n0\n", "Puzzle can be solved.\n"),
        (
            "hdu4021",
            "2\n0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23\n\
             3 1 2 0 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23\n\
             0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23\n\
             3 0 2 1 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23\n",
            "N\nY\n",
        ),
    ];
    for (format, input, want) in samples {
        let (code, out, err) = run(&["judge", format], input);
        assert_eq!((code, out.as_str()), (0, *want), "{format}: {err}");
        // The same from a file, and from a file read past a first line.
        // Read, and mapped with --mmap.
        for args in [&["judge", format][..], &["judge", format, "--mmap"]] {
            let (code, out, err) = run_on_file(args, input, 0);
            assert_eq!((code, out.as_str()), (0, *want), "{args:?} (file): {err}");
            let skipped = format!("skipped\n{input}");
            let (code, out, err) = run_on_file(args, &skipped, 8);
            assert_eq!((code, out.as_str()), (0, *want), "{args:?} (offset): {err}");
        }
    }
}

#[test]
fn judge_errors_keep_earlier_answers() {
    let cases: &[(&str, &str, &str, &str)] = &[
        (
            "odd",
            "1\n0\n0\n3\n1 2 3\n4 5 x\n",
            "TAK\n",
            "case 2, line 6: 'x' is not a number",
        ),
        (
            "odd",
            "1\n0\n0\n3\n1 2 3 4 5 6 7 8 9\n",
            "TAK\n",
            "token 9 in the first grid is out of range",
        ),
        (
            "odd",
            "1\n0\n0\n0\n",
            "TAK\n",
            "case 2, line 4: n = 0: it must be at least 1",
        ),
        ("odd", "1000000000\n", "", "n = 1000000000 is too large"),
        (
            "odd",
            "3\n1 2 3 4 5 6 7 8 0\n1 2 3 4 5 6 7 8 8\n",
            "",
            "token 8 appears more than once in the second grid",
        ),
        ("odd", "-3\n", "", "'-3' is negative"),
        (
            "mxn",
            "2 2\n1 2 3 0\n2 2\n1 2\n",
            "YES\n",
            "case 2, line 4: input ends after 2 of the 4 numbers",
        ),
        ("mxn", "2 0\n", "", "N = 0: it must be at least 1"),
        (
            "commedia",
            "2\n1\n0\n",
            "Puzzle can be solved.\n",
            "case 2, line 3: input ends where M should be",
        ),
        (
            "hdu4021",
            "1\n0 1 2\n",
            "",
            "input ends after 3 of the 24 numbers",
        ),
    ];
    for (format, input, want, message) in cases {
        for (code, out, err) in [
            run(&["judge", format], input),
            run_on_file(&["judge", format], input, 0),
            run_on_file(&["judge", format, "--mmap"], input, 0),
        ] {
            assert_eq!(code, 2, "{format} {input:?}");
            assert_eq!(out, *want, "{format} {input:?}");
            assert_clean_error(&err);
            assert!(err.contains(message), "{format} {input:?}: {err}");
        }
    }
}

#[test]
fn huge_tokens_do_not_grow_memory() {
    // A megabyte of digits: refused after a few bytes, no panic.
    let digits = "9".repeat(1 << 20);
    for (code, _, err) in [
        run(&["judge", "odd"], &digits),
        run_on_file(&["judge", "odd"], &digits, 0),
    ] {
        assert_eq!(code, 2);
        assert!(err.contains("is too large"), "{err}");
    }
}

/// The classic problems through the command line: samples from a pipe
/// and from a file, the old formats under their problems' names.
#[test]
fn classic_formats_answer_their_samples() {
    let samples: &[(&str, &str, &str)] = &[
        (
            "hdu3567",
            "2\n12X453786\n12345678X\n564178X23\n7568X4123\n",
            "Case 1: 2\ndd\nCase 2: 8\nurrulldr\n",
        ),
        ("hdu1043", "2 1 3 4 5 6 7 8 x\r\n", "unsolvable\n"),
        (
            "sgu139",
            "1 2 3 4\n5 6 7 8\n9 10 11 0\n13 14 15 12\n",
            "YES\n",
        ),
        ("cf645a", "AB\nXC\nAC\nBX\n", "NO\n"),
        (
            "abc224d",
            "5\n1 2\n1 3\n1 9\n2 9\n3 9\n1 2 3 4 5 6 7 8\n",
            "0\n",
        ),
        (
            "acwing108",
            "3\n1 2 3 4 5 6 7 8 0\n1 2 3 4 5 6 7 0 8\n",
            "TAK\n",
        ),
        ("poj1507", "1\n1\n0\n", "Puzzle can be solved.\n"),
        ("aoj0190", "2 1 0 3 4 5 6 7 8 9 0 11 10\n-1\n", "2\n"),
    ];
    for &(format, input, expected) in samples {
        let (code, out, err) = run(&["judge", format], input);
        assert_eq!((code, out.as_str()), (0, expected), "{format}: {err}");
        let (code, out, _) = run_on_file(&["judge", format], input, 0);
        assert_eq!((code, out.as_str()), (0, expected), "{format} from a file");
    }
}

#[test]
fn judge_list_names_every_format() {
    let (code, out, _) = run(&["judge", "--list"], "");
    assert_eq!(code, 0);
    for name in [
        "odd",
        "mxn",
        "commedia",
        "hdu4021",
        "poj1077",
        "hdu1043",
        "uva652",
        "hdu3567",
        "uva10181",
        "poj3240",
        "hdu6620",
        "sgu139",
        "cf645a",
        "abc224d",
        "spoj-solving",
        "aoj0190",
        "hdu3095",
    ] {
        assert!(
            out.lines().any(|l| l.starts_with(name)),
            "{name} missing:\n{out}"
        );
    }
    let (code, _, err) = run(&["judge"], "");
    assert_eq!(code, 2, "{err}");
}

#[test]
fn classic_bad_input_comes_after_the_earlier_answers() {
    let (code, out, err) = run(
        &["judge", "hdu6620"],
        "3\n1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0\n1 2 3 x\n",
    );
    assert_eq!(code, 2);
    assert_eq!(out, "Yes\n");
    assert_clean_error(&err);
    assert!(
        err.contains("case 2, line 3") && err.contains("'x'"),
        "{err}"
    );
}

#[test]
fn input_after_the_last_case_is_refused_after_the_answers() {
    let case = "2 3 4 0\n1 5 7 8\n9 6 10 12\n13 14 11 15\n";
    let (code, out, err) = run(&["judge", "uva10181"], &format!("1\n{case}7\n"));
    assert_eq!((code, out.as_str()), (2, "LLLDRDRDR\n"), "{err}");
    assert!(
        err.contains("line 6: '7' comes after the last case"),
        "{err}"
    );
    let (code, _, err) = run(&["judge", "cf645a"], "AB\nXC\nXB\nAC\nAB\n");
    assert_eq!(code, 2, "{err}");
    // A letter twice: the line where it comes the second time.
    let (code, _, err) = run(&["judge", "cf645a"], "AA\nXC\nXB\nAC\n");
    assert_eq!(code, 2);
    assert!(err.contains("line 1: A appears twice in the grid"), "{err}");
}
