//! The command line end to end: exit codes, JSON, batch, solve, the
//! table cache and bad input of every kind (a clear error, exit 2, never
//! a panic). The judge formats are in `judge.rs`.

mod support;

use support::{assert_clean_error, cache_dir, npuzzle, outcome, run};

#[test]
fn reach_exit_codes() {
    let (code, out, _) = run(
        &["reach", "--board", "3x3", "--from", "8 2 0/4 6 1/3 7 5"],
        "",
    );
    assert_eq!((code, out.as_str()), (0, "reachable\n"));
    let (code, out, _) = run(
        &["reach", "--board", "3x3", "--from", "2,1,3,4,5,6,7,8,0"],
        "",
    );
    assert_eq!(code, 1);
    assert_eq!(
        out,
        "unreachable: permutation parity odd, blank distance 0 (even)\n"
    );
    let (code, _, err) = run(&["reach", "--board", "3x3", "--from", "1 2 3"], "");
    assert_eq!(code, 2);
    assert_clean_error(&err);
    assert!(
        err.contains("from: 3 tokens for a board of 9 cells"),
        "{err}"
    );
}

#[test]
fn reach_json() {
    let (code, out, _) = run(
        &[
            "reach",
            "--board",
            "hdu4021",
            "--json",
            "--from",
            &(0..24).map(|i| i.to_string()).collect::<Vec<_>>().join(" "),
            "--to",
            "3 1 2 0 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23",
        ],
        "",
    );
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["reachable"], true);
    assert!(v["reason"].is_null());
    let (code, out, _) = run(
        &["reach", "--board", "2x2", "--json", "--from", "2 1 3 0"],
        "",
    );
    assert_eq!(code, 1);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["reachable"], false);
    assert_eq!(v["kind"], "parity");
}

#[test]
fn bad_input_of_every_kind() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["reach", "--board", "3y3", "--from", "0"],
            "is not a board spec",
        ),
        (
            &["reach", "--board", "1000000000x1000000000", "--from", "0"],
            "at most",
        ),
        (&["reach", "--board", "0x3", "--from", "0"], "at least 1"),
        (
            &["reach", "--board", "graph:3:0-1,1-7", "--from", "0 1 2"],
            "outside",
        ),
        (
            &["reach", "--board", "mask:#x/##", "--from", "0 1 2"],
            "neither",
        ),
        (
            &["reach", "--board", "@/no/such/file", "--from", "0"],
            "board: cannot read '/no/such/file'",
        ),
        (
            &["reach", "--board", "2x2", "--from", "1 2 3 y"],
            "token 4 ('y') is not a number",
        ),
        (
            &["reach", "--board", "2x2", "--from", "1 2 3 -1"],
            "token 4 ('-1') is negative",
        ),
        (
            &["reach", "--board", "2x2", "--from", "1 2 3 99999999999999"],
            "too large",
        ),
        (
            &["reach", "--board", "2x2", "--from", "1 2 3 4"],
            "no blank",
        ),
        (
            &[
                "reach", "--board", "2x2", "--from", "1 2 3 0", "--to", "1 2 2 0",
            ],
            "do not hold the same tokens",
        ),
        (
            &["reach", "--board", "2x2", "--from", "1 2 3 0 5"],
            "5 tokens for a board of 4 cells",
        ),
    ];
    for (args, needle) in cases {
        let (code, _, err) = run(args, "");
        assert_eq!(code, 2, "{args:?}: {err}");
        assert_clean_error(&err);
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}

#[test]
fn several_blanks_everywhere() {
    // The default target puts FROM's blanks last.
    let (code, out, _) = run(&["reach", "--board", "2x3", "--from", "0 4 2/0 1 3"], "");
    assert_eq!((code, out.as_str()), (0, "reachable\n"));
    let (code, out, _) = run(&["reach", "--board", "1x5", "--from", "2 0 1 3 0"], "");
    assert_eq!(code, 1);
    assert!(out.contains("keep their order"), "{out}");
    // Two triangles joined by a corridor of three edges: a token crosses
    // with five blanks, not with four.
    let board = "graph:8:0-1,1-2,2-0,2-3,3-4,4-5,5-6,6-7,7-5";
    let (code, out, _) = run(
        &[
            "reach",
            "--board",
            board,
            "--from",
            "5 0 0 0 0 0 2 3",
            "--to",
            "2 0 0 0 0 0 5 3",
        ],
        "",
    );
    assert_eq!((code, out.as_str()), (0, "reachable\n"));
    let (code, out, _) = run(
        &[
            "reach",
            "--board",
            board,
            "--json",
            "--from",
            "5 4 0 0 0 0 2 3",
            "--to",
            "2 4 0 0 0 0 5 3",
        ],
        "",
    );
    assert_eq!(code, 1);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["kind"], "crossing", "{out}");
    // Solutions are from-to pairs (letters would not say which blank),
    // and `apply` plays them back.
    let (code, moves, _) = run(
        &["solve", "--board", "3x3", "--from", "0 7 6/5 4 3/2 0 1"],
        "",
    );
    assert_eq!(code, 0);
    assert!(moves.contains('-'), "{moves}");
    let (code, out, _) = run(
        &[
            "apply",
            "--board",
            "3x3",
            "--from",
            "0 7 6/5 4 3/2 0 1",
            "--to",
            "1 2 3/4 5 6/7 0 0",
            moves.trim(),
        ],
        "",
    );
    assert_eq!((code, out.as_str()), (0, "the moves end on the target\n"));
    let (code, _, err) = run(
        &[
            "apply",
            "--board",
            "3x3",
            "--from",
            "0 7 6/5 4 3/2 0 1",
            "L",
        ],
        "",
    );
    assert_eq!(code, 2);
    assert!(err.contains("from-to cell pairs"), "{err}");
    // Random arrangements with several blanks, drawn and scrambled.
    for extra in [&[][..], &["--moves", "12"][..]] {
        let mut args = vec![
            "gen",
            "--board",
            "graph:6:0-1,1-2,2-0,2-3,3-4,4-5",
            "--to",
            "1 2 3 0 4 0",
            "--seed",
            "3",
            "--count",
            "4",
        ];
        args.extend_from_slice(extra);
        let (code, out, err) = run(&args, "");
        assert_eq!(code, 0, "{err}");
        for line in out.lines() {
            let (code, _, _) = run(
                &[
                    "reach",
                    "--board",
                    "graph:6:0-1,1-2,2-0,2-3,3-4,4-5",
                    "--from",
                    line,
                    "--to",
                    "1 2 3 0 4 0",
                ],
                "",
            );
            assert_eq!(code, 0, "{line}");
        }
    }
    // A batch line with several blanks, and the judges refusing them.
    let (code, out, _) = run(&["batch"], "{\"board\": \"2x2\", \"from\": [0, 2, 1, 0]}\n");
    assert_eq!(code, 0);
    assert!(out.contains("\"reachable\":true"), "{out}");
    let (code, _, err) = run(&["judge", "mxn"], "2 2\n1 0\n0 3\n0 0\n");
    assert_eq!(code, 2);
    assert!(err.contains("several blanks"), "{err}");
}

#[test]
fn batch_answers_every_line() {
    let input = concat!(
        r#"{"board":"3x3","from":"8 2 0/4 6 1/3 7 5"}"#,
        "\n",
        r#"{"board":"3x3","from":[2,1,3,4,5,6,7,8,0],"to":[1,2,3,4,5,6,7,8,0]}"#,
        "\n",
        r#"{"board":"3x3","from":[1,2]}"#,
        "\n",
        r#"{"board":"theta0","from":"0 1 2 3 4 5 6","to":"0 2 1 3 4 5 6"}"#,
        "\n",
    );
    let (code, out, err) = run(&["batch"], input);
    assert_eq!(code, 2, "{err}");
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0]["reachable"], true);
    assert_eq!(lines[1]["reachable"], false);
    assert!(
        lines[2]["error"]
            .as_str()
            .unwrap()
            .contains("line 3: from: 2 tokens")
    );
    assert_eq!(lines[3]["kind"], "theta0");
    let (code, _, _) = run(&["batch"], &input[..input.find("\n").unwrap() + 1]);
    assert_eq!(code, 0);
}

#[test]
fn demo_runs() {
    let (code, out, _) = run(&["demo"], "");
    assert_eq!(code, 0);
    assert!(out.contains("TAK\nNIE\n"));
    assert!(out.contains("Puzzle is unsolvable."));
}

#[test]
fn solve_prints_replayed_shortest_moves() {
    let (code, out, _) = run(
        &["solve", "--board", "3x3", "--from", "8 2 0/4 6 1/3 7 5"],
        "",
    );
    assert_eq!(code, 0);
    assert_eq!(out, "R2U2LDLDRURDL2URDLU2RDLU\n");
    let (code, out, _) = run(
        &[
            "solve",
            "--board",
            "3x3",
            "--optimal",
            "--json",
            "--from",
            "8 2 0/4 6 1/3 7 5",
        ],
        "",
    );
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["length"], 24);
    assert_eq!(v["optimal"], true);
    assert_eq!(v["moves"].as_array().unwrap().len(), 24);
    // Other boards print cell pairs.
    let (code, out, _) = run(
        &[
            "solve",
            "--board",
            "theta0",
            "--from",
            "0 1 2 3 4 5 6",
            "--to",
            "2 1 0 3 4 5 6",
        ],
        "",
    );
    assert_eq!((code, out.as_str()), (0, "2-0\n"));
    let (code, out, _) = run(&["solve", "--board", "2x2", "--from", "2 1 3 0"], "");
    assert_eq!(code, 1);
    assert!(
        out.starts_with("unreachable: permutation parity odd"),
        "{out}"
    );
    let (code, _, err) = run(&["solve", "--board", "9x9x9", "--from", "@/dev/null"], "");
    assert_eq!(code, 2);
    assert_clean_error(&err);
}

#[test]
fn the_multi_tile_metric_gives_the_fewest_multi_tile_moves() {
    // The single-tile shortest answer is 20 multi-tile moves; 18 do.
    let from = "8 2 0/4 6 1/3 7 5";
    let (code, out, err) = run(&["solve", "3x3", from, "--metric", "mtm"], "");
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("(18 multi-tile), the fewest multi-tile moves"),
        "{err}"
    );
    let moves = out.trim();
    let (code, applied, _) = run(&["apply", "3x3", from, moves], "");
    assert_eq!((code, applied.trim()), (0, "1 2 3/4 5 6/7 8 0"));
    let (code, out, _) = run(&["solve", "3x3", from, "--metric", "mtm", "--json"], "");
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (v["mtm"].as_u64(), v["lower_bound"].as_u64()),
        (Some(18), Some(18))
    );
    assert_eq!((&v["metric"], &v["optimal"]), (&"mtm".into(), &true.into()));
    // Batch: every line in the metric asked for.
    let input = format!("{{\"board\":\"3x3\",\"from\":\"{from}\"}}\n");
    let (code, out, _) = run(&["batch", "--solve", "--metric", "mtm"], &input);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(
        (v["mtm"].as_u64(), v["optimal"].as_bool()),
        (Some(18), Some(true))
    );
    // A line's own "metric" wins over the flag; one that is none is that
    // line's error, the others answered.
    let line = |metric: &str| {
        format!("{{\"board\":\"3x3\",\"from\":\"{from}\",\"metric\":\"{metric}\"}}\n")
    };
    let input = [line("mtm"), line("stm"), line("moves")].concat();
    let (code, out, _) = run(&["batch", "--solve"], &input);
    assert_eq!(code, 2);
    let answers: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(
        (
            answers[0]["mtm"].as_u64(),
            answers[0]["lower_bound"].as_u64()
        ),
        (Some(18), Some(18))
    );
    assert_eq!(
        (
            answers[1]["mtm"].as_u64(),
            answers[1]["lower_bound"].as_u64()
        ),
        (Some(20), Some(24))
    );
    let error = answers[2]["error"].as_str().unwrap();
    assert!(
        error.starts_with("line 3: metric: `moves` is not a metric"),
        "{error}"
    );
    // Past breadth-first search, on rectangles of up to 16 cells: IDA*
    // in multi-tile moves (its table 15 MB on 3×4).
    let (code, out, _) = run(
        &[
            "solve",
            "3x4",
            "5 1 3 4/2 6 7 8/9 0 10 11",
            "--metric",
            "mtm",
            "--optimal",
            "--json",
        ],
        "",
    );
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (
            v["length"].as_u64(),
            v["mtm"].as_u64(),
            v["lower_bound"].as_u64()
        ),
        (Some(8), Some(6), Some(6))
    );
    assert_eq!(v["optimal"].as_bool(), Some(true));
    // Past 16 cells: the usual answer, a bound in multi-tile moves beside
    // it; a shortest one is refused, as are boards where the metric
    // means nothing.
    let scrambled = "1 2 3 4 5 6/7 8 9 10 0 11/13 14 15 16 17 12";
    let (code, out, _) = run(
        &["solve", "3x6", scrambled, "--metric", "mtm", "--json"],
        "",
    );
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let (mtm, bound) = (
        v["mtm"].as_u64().unwrap(),
        v["lower_bound"].as_u64().unwrap(),
    );
    assert!(bound >= 1 && bound <= mtm, "{v}");
    for args in [
        &["solve", "3x6", scrambled, "--metric", "mtm", "--optimal"][..],
        &["solve", "2x2x2", "1 2 3 4 5 6 0 7", "--metric", "mtm"],
        &["solve", "3x3", from, "--metric", "moves"],
    ] {
        let (code, _, err) = run(args, "");
        assert_eq!(code, 2, "{args:?}");
        assert_clean_error(&err);
    }
}

#[test]
fn batch_optimal_answers_with_moves() {
    let input = concat!(
        r#"{"board":"3x3","from":"8 2 0/4 6 1/3 7 5"}"#,
        "\n",
        r#"{"board":"2x2","from":"2 1 3 0"}"#,
        "\n",
    );
    let (code, out, _) = run(&["batch", "--optimal"], input);
    assert_eq!(code, 0);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["length"], 24);
    assert_eq!(lines[1]["reachable"], false);
}

#[test]
fn pdb_build_list_clear() {
    let dir = std::env::temp_dir().join(format!("npuzzle-cli-pdb-{}", std::process::id()));
    let with_cache = |args: &[&str]| {
        let out = npuzzle()
            .args(args)
            .env("NPUZZLE_CACHE", &dir)
            .output()
            .unwrap();
        (
            out.status.code().unwrap(),
            String::from_utf8(out.stdout).unwrap(),
        )
    };
    let (code, out) = with_cache(&["pdb", "build", "--board", "2x4", "--pattern-tiles", "4"]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), 2, "{out}");
    let (_, out) = with_cache(&["pdb", "list"]);
    // Seven tiles in two compact groups, column by column: 4 + 3.
    assert!(out.contains("pdb-2x4-b7-0.4.1.5.bin"), "{out}");
    // A file of the same name pattern that npuzzle did not write stays.
    let foreign = dir.join("pdb-notes.bin");
    std::fs::write(&foreign, b"someone else's file").unwrap();
    let (_, out) = with_cache(&["pdb", "clear"]);
    assert!(out.starts_with("removed 2"), "{out}");
    assert!(
        foreign.exists(),
        "pdb clear removed a file it did not write"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn solve_big_boxes_constructively() {
    // A 12×12 with tiles 1 and 2 swapped and the blank moved: too big for
    // breadth-first search, solved constructively (`--fast`: by default
    // it is near-shortest, whose polish has a clock) and replayed.
    let mut tiles: Vec<String> = (1..144).map(|t| t.to_string()).collect();
    tiles.swap(0, 1);
    tiles.swap(10, 11);
    tiles.push("0".into());
    let from = tiles.join(" ");
    let (code, out, err) = run(
        &[
            "solve", "--fast", "--board", "12x12", "--from", &from, "--json",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["optimal"], false);
    assert!(v["length"].as_u64().unwrap() > 0);
    let (code, out, _) = run(
        &[
            "solve", "--fast", "--board", "12x12", "--from", &from, "--count",
        ],
        "",
    );
    assert_eq!(code, 0);
    assert_eq!(out.trim(), v["length"].to_string());
    let input = format!("{{\"board\":\"12x12\",\"from\":\"{from}\"}}\n");
    let (code, out, _) = run(&["batch", "--solve", "--fast"], &input);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["optimal"], false);
}

#[test]
fn hostile_solves_are_refused_not_attempted() {
    // A pattern database far too big to build.
    let from: Vec<String> = [2, 1, 4, 3]
        .iter()
        .map(|t: &u32| t.to_string())
        .chain((5..32).map(|t| t.to_string()))
        .chain(["0".into()])
        .collect();
    let (code, _, err) = run(
        &[
            "solve",
            "--board",
            "4x8",
            "--optimal",
            "--pattern-tiles",
            "9",
            "--from",
            &from.join(" "),
        ],
        "",
    );
    assert_eq!(code, 2);
    assert!(err.contains("too big to build"), "{err}");
    // A board (not a box: boxes stream their moves) whose moves would not
    // fit in memory: a 410×400 mask.
    let dir = std::env::temp_dir().join(format!("npuzzle-cli-big-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mask = dir.join("board.txt");
    std::fs::write(
        &mask,
        format!("mask:{}", vec!["#".repeat(400); 410].join("/")),
    )
    .unwrap();
    let path = dir.join("from.txt");
    let tiles: Vec<String> = [2u32, 1, 4, 3]
        .iter()
        .map(|t| t.to_string())
        .chain((5..410 * 400).map(|t| t.to_string()))
        .chain(["0".into()])
        .collect();
    std::fs::write(&path, tiles.join(" ")).unwrap();
    let (code, _, err) = run(
        &[
            "solve",
            "--board",
            &format!("@{}", mask.display()),
            "--from",
            &format!("@{}", path.display()),
        ],
        "",
    );
    assert_eq!(code, 2);
    assert!(err.contains("at most 160000 cells"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `solve --optimal` with several blanks on a mask: the Eleven Puzzle's
/// diamond, its first sample (2 moves).
#[test]
fn shortest_with_two_blanks_on_a_mask() {
    let (code, out, err) = run(
        &[
            "solve",
            "--optimal",
            "--json",
            "--board",
            "mask:..#../.###./#####/.###./..#..",
            "--from",
            "2 1 0 3 4 5 6 7 8 9 0 11 10",
            "--to",
            "0 1 2 3 4 5 6 7 8 9 10 11 0",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (v["length"].as_u64(), v["optimal"].as_bool()),
        (Some(2), Some(true))
    );
}

#[test]
fn an_id_of_null_is_echoed_as_written() {
    let line = "{\"board\":\"3x3\",\"from\":\"1 2 3/4 5 6/7 8 0\",\"id\":null}\n";
    let (code, out, _) = run(&["batch"], line);
    assert_eq!(
        (code, out.as_str()),
        (0, "{\"reachable\":true,\"reason\":null,\"id\":null}\n")
    );
    let (_, out, _) = run(
        &["batch"],
        "{\"board\":\"3x3\",\"from\":\"1 2 3/4 5 6/7 8 0\"}\n",
    );
    assert!(!out.contains("\"id\""), "{out}");
}

/// A default answer keeps to the memory this process may have: under
/// `ulimit -v` of 200 MB, half of it is too little for the 5×5 compact
/// tables (129 MB to build), so the search goes on without tables and
/// says why, where it had tried to have them.
#[cfg(target_os = "linux")]
#[test]
fn a_default_answer_keeps_to_the_memory_the_process_may_have() {
    let kf1 = "14 5 9 2 18 8 23 19 12 17 15 0 10 20 4 6 11 21 1 7 24 3 16 22 13";
    let goal: Vec<String> = (0..25).map(|t| t.to_string()).collect();
    // `solve` of Korf & Felner's first with `flag`, in 200 MB of address space.
    let solve_within = |flag: &str| {
        let out = std::process::Command::new("sh")
            .arg("-c")
            .arg(r#"ulimit -v 204800 && exec "$0" solve 5x5 "$1" --to "$2" "$3""#)
            .arg(assert_cmd::cargo::cargo_bin("npuzzle"))
            .args([kf1, &goal.join(" "), flag])
            .env("NPUZZLE_CACHE", cache_dir())
            .output()
            .unwrap();
        outcome(out)
    };
    let (code, stdout, stderr) = solve_within("--count");
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stderr.contains("on Manhattan distance with linear conflicts: the pattern databases"),
        "{stderr}"
    );
    assert!(stderr.contains("bytes allowed"), "{stderr}");
    // Korf & Felner's first, 95 moves at the shortest.
    let moves: u64 = stdout.trim().parse().unwrap();
    assert!((95..150).contains(&moves), "{moves}");
    // A shortest search past it says why, and what needs less.
    let (code, _, stderr) = solve_within("--optimal");
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("bytes allowed (half the memory this process may have)")
            && stderr.contains("a lower --pattern-tiles"),
        "{stderr}"
    );
    // In a batch, the line's answer says why, and the end what needs less.
    let line = format!(
        r#"{{"board": "5x5", "from": [{}], "to": [{}]}}"#,
        kf1.replace(' ', ","),
        goal.join(",")
    );
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg(r#"ulimit -v 204800 && printf '%s\n' "$1" | "$0" batch --optimal"#)
        .arg(assert_cmd::cargo::cargo_bin("npuzzle"))
        .arg(&line)
        .env("NPUZZLE_CACHE", cache_dir())
        .output()
        .unwrap();
    let (code, stdout, stderr) = outcome(out);
    assert_eq!(code, 2, "{stderr}");
    assert!(stdout.contains("bytes allowed"), "{stdout}");
    assert!(
        stderr.contains("1 line(s) needed tables past half the memory")
            && stderr.contains("a lower --pattern-tiles"),
        "{stderr}"
    );
}
