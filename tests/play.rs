//! What a player touches first, end to end: default answers (shortest
//! where cheap, never a move undone at once, lengths in single- and
//! multi-tile moves), and the gen, apply and show commands.

mod support;

use support::{assert_clean_error, run};

const ISSUE_4X4: &str = "5 1 2 3/9 6 7 4/13 10 11 8/0 14 15 12";

#[test]
fn small_boards_get_shortest_answers_by_default() {
    let (code, out, err) = run(&["solve", "-b", "4x4", "-f", ISSUE_4X4], "");
    assert_eq!((code, out.as_str()), (0, "D3L3U3\n"), "{err}");
    assert!(err.starts_with("9 moves (3 multi-tile), shortest"), "{err}");
    let (code, out, _) = run(
        &[
            "solve",
            "--board",
            "3x4",
            "--from",
            "0 1 2 3/4 5 6 7/8 9 10 11",
            "--to",
            "1 2 3 0/4 5 6 7/8 9 10 11",
        ],
        "",
    );
    assert_eq!((code, out.as_str()), (0, "L3\n"));
    let (code, out, _) = run(&["solve", "-b", "4x4", "-f", ISSUE_4X4, "--json"], "");
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["optimal"], true);
    assert_eq!(v["length"], 9);
    assert_eq!(v["mtm"], 3);
    assert_eq!(v["directions"], "D3L3U3");
    // --fast keeps the constructive answer.
    let (code, _, err) = run(&["solve", "-b", "4x4", "-f", ISSUE_4X4, "--fast"], "");
    assert_eq!(code, 0);
    assert!(err.contains("× the shortest (which has at least"), "{err}");
}

#[test]
fn constructive_answers_never_undo_a_move() {
    // A 12×12 and a board with holes: constructive, checked for undos.
    for (spec, cells) in [("12x12", 144), ("mask:#####/#####/##.##/#####/#####", 24)] {
        let mut tiles: Vec<String> = (1..cells).rev().map(|t| t.to_string()).collect();
        tiles.push("0".into());
        let from = tiles.join(" ");
        let (code, reach_out, _) = run(&["reach", "-b", spec, "-f", &from], "");
        let from = if code == 1 {
            let mut t = tiles.clone();
            t.swap(0, 1);
            t.join(" ")
        } else {
            assert_eq!(code, 0, "{reach_out}");
            from
        };
        let (code, out, err) = run(&["solve", "-b", spec, "-f", &from, "--json"], "");
        assert_eq!(code, 0, "{spec}: {err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        let moves = v["moves"].as_array().unwrap();
        assert_eq!(moves.len() as u64, v["length"].as_u64().unwrap());
        for pair in moves.windows(2) {
            assert!(
                !(pair[0][0] == pair[1][1] && pair[0][1] == pair[1][0]),
                "{spec}: {} then its undo",
                pair[0]
            );
        }
        assert!(v["mtm"].as_u64().unwrap() <= v["length"].as_u64().unwrap());
    }
}

#[test]
fn gen_is_reproducible_and_feeds_batch() {
    let args = ["gen", "-b", "3x3", "--count", "5", "--seed", "42"];
    let (code, first, _) = run(&args, "");
    assert_eq!(code, 0);
    assert_eq!(first.lines().count(), 5);
    assert_eq!(
        run(&args, "").1,
        first,
        "the same seed, the same arrangements"
    );
    for line in first.lines() {
        assert_eq!(run(&["reach", "-b", "3x3", "-f", line], "").0, 0, "{line}");
    }
    let (code, questions, _) = run(
        &[
            "gen", "-b", "hdu4021", "--count", "3", "--seed", "1", "--json",
        ],
        "",
    );
    assert_eq!(code, 0);
    let (code, answers, err) = run(&["batch", "--solve"], &questions);
    assert_eq!(code, 0, "{err}");
    for answer in answers.lines() {
        let v: serde_json::Value = serde_json::from_str(answer).unwrap();
        assert_eq!(v["reachable"], true, "{answer}");
    }
    // A scramble of exactly 7 moves: its blank is an odd distance away.
    let (code, out, _) = run(&["gen", "-b", "4x4", "--moves", "7", "--seed", "3"], "");
    assert_eq!(code, 0);
    let tokens: Vec<u32> = out
        .split([' ', '/', '\n'])
        .filter(|w| !w.is_empty())
        .map(|w| w.parse().unwrap())
        .collect();
    let blank = tokens.iter().position(|&t| t == 0).unwrap();
    assert_eq!((3 - blank / 4 + 3 - blank % 4) % 2, 1);
}

#[test]
fn apply_refuses_a_blank_sliding_letters_on_graphs_and_signed_cells() {
    for (board, from, moves, words) in [
        (
            "3x3",
            "1 0 3/4 0 6/7 8 0",
            "1-4",
            "move 1: cell 1 holds a blank",
        ),
        (
            "theta0",
            "1 2 3 4 5 6 0",
            "R",
            "direction letters are for 2-D boards",
        ),
        (
            "3x3",
            "1 2 3/4 5 6/7 0 8",
            "+8-7",
            "'+8-7') is not a from-to pair",
        ),
    ] {
        let (code, _, err) = run(&["apply", "-b", board, "-f", from, moves], "");
        assert_eq!(code, 2, "{moves}");
        assert!(err.contains(words), "{moves}: {err}");
        assert_clean_error(&err);
    }
}

#[test]
fn apply_plays_checks_inverts_and_simplifies() {
    let from = "1 2 3/4 5 6/7 8 0";
    let (code, out, _) = run(&["apply", "-b", "3x3", "-f", from, "R2D"], "");
    assert_eq!((code, out.as_str()), (0, "1 2 3/0 5 6/4 7 8\n"));
    let (code, _, _) = run(
        &[
            "apply",
            "-b",
            "3x3",
            "-f",
            from,
            "-t",
            "1 2 3/0 5 6/4 7 8",
            "R2D",
        ],
        "",
    );
    assert_eq!(code, 0);
    let (code, _, _) = run(&["apply", "-b", "3x3", "-f", from, "-t", from, "R2D"], "");
    assert_eq!(code, 1);
    let (code, out, _) = run(&["apply", "-b", "3x3", "-f", from, "R2D", "--invert"], "");
    assert_eq!((code, out.as_str()), (0, "UL2\n"));
    let (code, out, _) = run(
        &["apply", "-b", "3x3", "-f", from, "RDUL", "--simplify"],
        "",
    );
    assert_eq!((code, out.as_str()), (0, "\n"));
    let (code, out, _) = run(
        &["apply", "-b", "theta0", "-f", "0 1 2 3 4 5 6", "[[2,0]]"],
        "",
    );
    assert_eq!((code, out.as_str()), (0, "2 1 0 3 4 5 6\n"));
    let (code, _, err) = run(&["apply", "-b", "3x3", "-f", from, "R2L3"], "");
    assert_eq!(code, 2);
    assert_clean_error(&err);
    assert!(err.contains("move 5"), "{err}");
    let (code, out, err) = run(
        &[
            "apply",
            "-b",
            "3x3",
            "-f",
            from,
            "LU",
            "--invert",
            "--simplify",
        ],
        "",
    );
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(err.contains("cannot be used with"), "{err}");
}

#[test]
fn show_draws_boards_and_arrangements() {
    let (code, out, _) = run(&["show", "-b", "hdu4021"], "");
    assert_eq!(code, 0);
    assert_eq!(out.lines().next(), Some("     0        1"));
    let (code, out, _) = run(
        &[
            "show",
            "-b",
            "3x3",
            "-f",
            "8 2 0/4 6 1/3 7 5",
            "--color",
            "never",
        ],
        "",
    );
    assert_eq!((code, out.as_str()), (0, " 8 2 .\n 4 6 1\n 3 7 5\n"));
    let (code, out, _) = run(
        &[
            "show",
            "-b",
            "3x3",
            "-f",
            "1 2 3/4 5 6/7 8 0",
            "--color",
            "always",
        ],
        "",
    );
    assert_eq!(code, 0);
    assert!(out.contains("\x1b[32m"), "{out:?}");
    let (code, out, _) = run(&["show", "-b", "2x2x2"], "");
    assert_eq!((code, out.as_str()), (0, " 0 1  | 4 5\n 2 3  | 6 7\n"));
    let (code, out, _) = run(&["show", "-b", "theta0"], "");
    assert_eq!(code, 0);
    assert!(out.starts_with("7 cells, 8 edges"), "{out}");
    let (code, out, _) = run(
        &[
            "solve", "-b", "2x2", "-f", "1 2 0 3", "--steps", "--color", "never",
        ],
        "",
    );
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "start:\n 1 2\n . 3\n\nmove 1 (L, tile 3):\n 1 2\n 3 .\n\nL\n"
    );
}

#[test]
fn show_and_solve_write_svg_pictures() {
    let (code, out, err) = run(
        &["show", "-b", "3x3", "-f", "8 2 0/4 6 1/3 7 5", "--svg", "-"],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""),
        "{out}"
    );
    assert_eq!(out.matches("class=\"tile\"").count(), 8);
    assert!(out.trim_end().ends_with("</svg>"));
    // The moves as usual on stdout, the animation in the file.
    let path = std::env::temp_dir().join(format!("npuzzle-solve-{}.svg", std::process::id()));
    let file = path.to_str().unwrap();
    let (code, out, err) = run(&["solve", "3x3", "8 2 0/4 6 1/3 7 5", "--svg", file], "");
    assert_eq!(
        (code, out.as_str()),
        (0, "R2U2LDLDRURDL2URDLU2RDLU\n"),
        "{err}"
    );
    let film = std::fs::read_to_string(&path).unwrap();
    assert_eq!(film.matches("<animateTransform").count(), 8);
    assert!(film.contains("<desc>24 moves"));
    std::fs::remove_file(&path).unwrap();
    // `-`: only the animation, on stdout.
    let (code, out, _) = run(&["solve", "2x2", "1 2 0 3", "--svg", "-"], "");
    assert_eq!(code, 0);
    assert!(
        out.starts_with("<svg") && out.contains("<animateTransform"),
        "{out}"
    );
    // Too big a board is refused before any solving; a bad path is named.
    let (code, _, err) = run(&["show", "-b", "200x200", "--svg", "-"], "");
    assert_eq!(code, 2);
    assert!(
        err.contains("at most 10000 cells; this board has 40000"),
        "{err}"
    );
    assert_clean_error(&err);
    let (code, _, err) = run(
        &["solve", "2x2", "1 2 0 3", "--svg", "/no/such/folder/a.svg"],
        "",
    );
    assert_eq!(code, 2);
    assert!(err.contains("/no/such/folder/a.svg"), "{err}");
}

#[test]
fn show_refuses_arrangements_that_do_not_fit_the_board() {
    for from in ["1 2 3", "1 2 3 4 5 6 7 8 9"] {
        let (code, out, err) = run(&["show", "-b", "3x3", "-f", from], "");
        assert_eq!((code, out.as_str()), (2, ""), "{from}: {err}");
        assert_clean_error(&err);
        assert!(err.contains("from"), "{err}");
    }
}

#[test]
fn flags_that_do_nothing_are_refused() {
    let (code, _, err) = run(
        &[
            "solve",
            "-b",
            "4x4",
            "-f",
            ISSUE_4X4,
            "--pattern-tiles",
            "3",
        ],
        "",
    );
    assert_eq!(code, 2);
    assert!(err.contains("--optimal"), "{err}");
    let (code, _, _) = run(
        &["solve", "-b", "4x4", "-f", ISSUE_4X4, "--fast", "--optimal"],
        "",
    );
    assert_eq!(code, 2);
}

#[test]
fn completions_and_manual() {
    for shell in ["bash", "zsh", "fish"] {
        let (code, out, _) = run(&["completions", shell], "");
        assert_eq!(code, 0);
        assert!(out.contains("solve") && out.contains("board"), "{shell}");
    }
    let (code, out, _) = run(&["man"], "");
    assert_eq!(code, 0);
    assert!(out.contains(".TH npuzzle 1"), "{out}");
}

#[test]
fn a_time_limit_stops_a_shortest_search_and_says_what_it_ruled_out() {
    let (_, start, _) = run(&["gen", "-b", "6x6", "--seed", "3"], "");
    let started = std::time::Instant::now();
    let (code, _, err) = run(
        &[
            "solve",
            "--optimal",
            "-b",
            "6x6",
            "-f",
            start.trim(),
            "--time-limit",
            "1",
        ],
        "",
    );
    assert_eq!(code, 2);
    assert!(err.contains("limit reached"), "{err}");
    assert!(err.contains("every solution has at least"), "{err}");
    // No tables on 36 cells, and the answer says so.
    assert!(err.contains("no pattern databases"), "{err}");
    assert!(started.elapsed().as_secs() < 20);
}

#[test]
fn a_time_limit_without_optimal_gives_an_improved_answer() {
    // Korf & Felner's first 24-puzzle (95 moves at the shortest).
    let from = "14 5 9 2 18 8 23 19 12 17 15 0 10 20 4 6 11 21 1 7 24 3 16 22 13";
    let goal: Vec<String> = (0..25).map(|t| t.to_string()).collect();
    let args = [
        "solve",
        "-b",
        "5x5",
        "-f",
        from,
        "-t",
        &goal.join(" "),
        "--count",
        "--json",
    ];
    let length_and_bound = |extra: &[&str]| {
        let (code, out, err) = run(&[&args[..], extra].concat(), "");
        assert_eq!(code, 0, "{err}");
        let answer: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
        let (length, bound) = (answer["length"].as_u64(), answer["lower_bound"].as_u64());
        (length.unwrap(), bound.unwrap())
    };
    let (default, default_bound) = length_and_bound(&[]);
    let (improved, bound) = length_and_bound(&["--time-limit", "2"]);
    assert!(improved <= default, "{improved} against {default}");
    assert!(bound >= default_bound && bound <= 95, "{bound}");
    assert!(improved >= 95);
}

#[test]
fn batch_lines_past_a_limit_say_so_and_the_others_are_answered() {
    let (_, hard, _) = run(&["gen", "-b", "6x6", "--seed", "3"], "");
    let input = format!(
        "{}\n{}\n{}\n",
        r#"{"board":"3x3","from":"8 2 0/4 6 1/3 7 5"}"#,
        serde_json::json!({"board": "6x6", "from": hard.trim(), "id": "hard"}),
        r#"{"board":"4x4","from":"5 1 2 3/9 6 7 4/13 10 11 8/0 14 15 12"}"#,
    );
    for limit in [["--time-limit", "1"], ["--max-nodes", "500000"]] {
        let (code, out, err) = run(&["batch", "--optimal", limit[0], limit[1]], &input);
        assert_eq!(code, 2, "{err}");
        assert!(
            err.contains("1 line(s) of the batch reached the limit"),
            "{err}"
        );
        let answers: Vec<serde_json::Value> = out
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(answers.len(), 3);
        assert_eq!(answers[0]["length"], 24);
        assert_eq!(answers[1]["error"], "limit reached");
        assert_eq!(answers[1]["id"], "hard");
        assert_eq!(answers[1]["line"], 2);
        // Manhattan distance alone gives more than 100 on a random 6x6.
        assert!(answers[1]["lower_bound"].as_u64().unwrap() > 100);
        assert!(answers[1]["nodes"].as_u64().unwrap() > 0);
        assert_eq!(answers[2]["length"], 9);
    }
}

#[test]
fn a_node_limit_stops_a_search_and_bad_limits_are_refused() {
    let from = "14 13 15 7/11 12 9 5/6 0 2 1/4 8 10 3";
    let args = [
        "solve",
        "--optimal",
        "--pattern-tiles",
        "0",
        "-b",
        "4x4",
        "-f",
        from,
        "-t",
        "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15",
    ];
    let (code, _, err) = run(&[&args[..], &["--max-nodes", "100000"]].concat(), "");
    assert_eq!(code, 2);
    assert!(err.contains("limit reached after"), "{err}");
    for bad in ["0", "nan", "inf", "1e300"] {
        let (code, _, err) = run(&[&args[..], &["--time-limit", bad]].concat(), "");
        assert_eq!(code, 2, "{bad}");
        assert!(err.contains("--time-limit"), "{err}");
    }
    let (_, big, _) = run(&["gen", "-b", "9x9", "--seed", "1"], "");
    let (code, _, err) = run(&["solve", "--optimal", "-b", "9x9", "-f", big.trim()], "");
    assert_eq!(code, 2);
    assert!(err.contains("rectangles of at most 64 cells"), "{err}");
}

#[test]
fn board_and_arrangements_go_without_flags_on_every_command() {
    let from = "8 2 0/4 6 1/3 7 5";
    let (code, out, err) = run(&["apply", "3x3", from, "R2U2"], "");
    assert_eq!((code, out.as_str()), (0, "4 8 2/3 6 1/0 7 5\n"), "{err}");
    let (_, flagged, _) = run(&["apply", "-b", "3x3", "-f", from, "R2U2"], "");
    assert_eq!(flagged, out);
    let (code, out, _) = run(&["apply", "3x3", from, "R2U2", "--invert"], "");
    assert_eq!((code, out.as_str()), (0, "D2L2\n"));
    let (code, out, _) = run(&["gen", "3x3", "--seed", "1"], "");
    let (_, flagged, _) = run(&["gen", "-b", "3x3", "--seed", "1"], "");
    assert_eq!((code, &out), (0, &flagged));
    let (code, out, _) = run(&["show", "3x3", from, "--color", "never"], "");
    assert_eq!((code, out.as_str()), (0, " 8 2 .\n 4 6 1\n 3 7 5\n"));
    let (code, _, err) = run(&["show", "3x3", from, "1 2 3/4 5 6/7 8 0", "extra"], "");
    assert_eq!(code, 2, "{err}");
    let (code, _, err) = run(&["apply", "3x3", "R2"], "");
    assert_eq!(code, 2);
    assert!(err.contains("no FROM arrangement"), "{err}");
}

#[test]
fn steps_end_with_the_moves_and_their_length() {
    let (code, out, err) = run(
        &[
            "solve",
            "3x3",
            "1 2 3/4 5 6/7 0 8",
            "--steps",
            "--color",
            "never",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.ends_with("\nL\n"), "{out}");
    // One move, said in the singular.
    assert!(err.starts_with("1 move (1 multi-tile), shortest"), "{err}");
}
