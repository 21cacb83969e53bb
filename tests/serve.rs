//! `npuzzle serve`'s JSON API, against a real server on a free loopback
//! port: answers as `batch` gives them, searches stopped at the time limit
//! and when their client hangs up, several requests at once. Its guards
//! against bad input and other sites are in `serve_guards.rs`.

mod support;

use std::time::{Duration, Instant};

use serde_json::{Value, json};
use support::serve::{Server, hard_search};

#[test]
fn the_page_and_its_files_are_served_with_safe_headers() {
    let server = Server::start(&[]);
    let page = server.request("GET", "/", &[], b"");
    assert_eq!(page.status, 200);
    assert!(
        page.header("content-type")
            .unwrap()
            .starts_with("text/html")
    );
    let html = page.text();
    for hook in [
        "board", "from", "to", "check", "verdict", "solve", "optimal", "moves", "play", "step",
    ] {
        assert!(
            html.contains(&format!("data-testid=\"{hook}\"")),
            "hook {hook}"
        );
    }
    assert!(
        !html.contains("http://") && !html.contains("https://"),
        "no CDN"
    );
    let csp = page.header("content-security-policy").unwrap();
    assert!(csp.contains("default-src 'self'") && csp.contains("frame-ancestors 'none'"));
    assert_eq!(page.header("x-content-type-options"), Some("nosniff"));
    for file in ["/app.js", "/board.js", "/mask.js"] {
        let js = server.request("GET", file, &[], b"");
        assert_eq!(js.status, 200, "{file}");
        assert!(
            js.header("content-type")
                .unwrap()
                .starts_with("text/javascript")
        );
    }
    assert_eq!(server.request("GET", "/style.css", &[], b"").status, 200);
    let missing = server.request("GET", "/nothing.js", &[], b"");
    assert_eq!(missing.status, 404);
    assert!(missing.json()["error"].is_string());
    assert_eq!(server.request("GET", "/api/nothing", &[], b"").status, 404);
}

#[test]
fn reach_answers_as_batch_does_with_the_cells_named() {
    let server = Server::start(&[]);
    let solved: Vec<u32> = (1..24).chain([0]).collect();
    let swapped: Vec<u32> = [2, 1].into_iter().chain(3..24).chain([0]).collect();
    let lines = [
        json!({"board": "3x3", "from": "8 2 0/4 6 1/3 7 5", "id": 1}),
        json!({"board": "3x3", "from": [2, 1, 3, 4, 5, 6, 7, 8, 0], "id": "b"}),
        json!({"board": "hdu4021", "from": solved, "to": swapped}),
        json!({"board": "graph:4:0-1,2-3", "from": "1 0 2 3", "to": "1 2 0 3"}),
    ];
    let input: String = lines.iter().map(|l| format!("{l}\n")).collect();
    let (code, out, _) = support::run(&["batch"], &input);
    assert_eq!(code, 0);
    for (line, expected) in lines.iter().zip(out.lines()) {
        let (status, mut answer) = server.post("/api/reach", line);
        assert_eq!(status, 200, "{answer}");
        let cells = answer.as_object_mut().unwrap().remove("cells").unwrap();
        assert_eq!(answer, serde_json::from_str::<Value>(expected).unwrap());
        assert_eq!(
            cells.as_array().unwrap().is_empty(),
            answer["reachable"] == true
        );
    }
    // An id comes back as it was written.
    let echoed = server.request(
        "POST",
        "/api/reach",
        &[("Content-Type", "application/json")],
        br#"{"board": "2x2", "from": "1 2 0 3", "id": 12345678901234567890123}"#,
    );
    assert!(
        echoed.text().ends_with(r#""id":12345678901234567890123}"#),
        "{}",
        echoed.text()
    );
    // Token 2 locked on dead-end cell 1 of HDU 4021's board: that cell is named.
    let (_, locked) = server.post("/api/reach", &lines[2]);
    assert_eq!(locked["kind"], "locked", "{locked}");
    assert_eq!(locked["cells"], json!([1]));
    let (_, apart) = server.post("/api/reach", &lines[3]);
    assert_eq!(apart["kind"], "blank-separated");
    assert_eq!(apart["cells"], json!([1, 2]));
    // Sam Loyd's 14-15: the two tiles the parity is about, and the blank.
    let (_, loyd) = server.post(
        "/api/reach",
        &json!({"board": "4x4", "from": "1 2 3 4/5 6 7 8/9 10 11 12/13 15 14 0"}),
    );
    assert_eq!(loyd["kind"], "parity", "{loyd}");
    assert_eq!(loyd["cells"], json!([13, 14, 15]));
}

#[test]
fn solve_gives_replayable_solutions_shortest_where_asked() {
    let server = Server::start(&[]);
    let (status, a) = server.post(
        "/api/solve",
        &json!({"board": "3x3", "from": "8 2 0/4 6 1/3 7 5"}),
    );
    assert_eq!(status, 200, "{a}");
    assert_eq!(
        (a["length"].clone(), a["optimal"].clone()),
        (json!(24), json!(true))
    );
    assert_eq!(a["moves"].as_array().unwrap().len(), 24);
    assert!(a["directions"].is_string() && a["seconds"].is_number());
    // The moves replay to the goal.
    let (status, applied) = server.post(
        "/api/apply",
        &json!({"board": "3x3", "from": "8 2 0/4 6 1/3 7 5", "moves": a["moves"], "to": "1 2 3/4 5 6/7 8 0"}),
    );
    assert_eq!(status, 200, "{applied}");
    assert_eq!(applied["reached"], true);
    // Shortest on the 15-puzzle (small tables are built on first use).
    let from = "5 1 2 3/9 6 7 4/13 10 11 8/0 14 15 12";
    let (status, b) = server.post(
        "/api/solve",
        &json!({"board": "4x4", "from": from, "optimal": true}),
    );
    assert_eq!(status, 200, "{b}");
    assert_eq!(
        (b["length"].clone(), b["optimal"].clone()),
        (json!(9), json!(true))
    );
    assert_eq!(b["directions"], "D3L3U3");
    // Constructive on a board with holes, and the verdict when there is no solution.
    let (status, c) = server.post(
        "/api/solve",
        &json!({"board": "mask:####/####/####/###.", "from": "5 1 2 3/9 6 7 4/10 11 8 12/0 13 14", "fast": true}),
    );
    assert_eq!(status, 200, "{c}");
    assert_eq!(c["optimal"], false);
    let (status, d) = server.post(
        "/api/solve",
        &json!({"board": "3x3", "from": "2 1 3/4 5 6/7 8 0", "id": 4}),
    );
    assert_eq!(status, 200);
    assert_eq!(
        (d["reachable"].clone(), d["kind"].clone(), d["id"].clone()),
        (json!(false), json!("parity"), json!(4))
    );
    // The fewest multi-tile moves where asked: 18, where the single-tile
    // shortest answer is 20 of them; a metric that is none is a 400.
    let (status, e) = server.post(
        "/api/solve",
        &json!({"board": "3x3", "from": "8 2 0/4 6 1/3 7 5", "metric": "mtm"}),
    );
    assert_eq!(status, 200, "{e}");
    assert_eq!(
        (e["mtm"].clone(), e["metric"].clone(), e["optimal"].clone()),
        (json!(18), json!("mtm"), json!(true))
    );
    assert_eq!(a["mtm"], 20);
    let (status, f) = server.post(
        "/api/solve",
        &json!({"board": "3x3", "from": "8 2 0/4 6 1/3 7 5", "metric": "moves"}),
    );
    assert_eq!(status, 400, "{f}");
}

#[test]
fn gen_apply_and_show_translate_the_players_commands() {
    let server = Server::start(&[]);
    let (status, g) = server.post("/api/gen", &json!({"board": "4x4", "seed": 7}));
    assert_eq!(status, 200, "{g}");
    let (_, again) = server.post("/api/gen", &json!({"board": "4x4", "seed": 7}));
    assert_eq!(g, again, "a seed gives the same arrangement");
    let (code, out, _) = support::run(&["gen", "--board", "4x4", "--seed", "7", "--json"], "");
    assert_eq!(code, 0);
    let cli: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(
        (&g["board"], &g["from"], &g["to"]),
        (&cli["board"], &cli["from"], &cli["to"])
    );
    let (_, reach) = server.post("/api/reach", &json!({"board": "4x4", "from": g["from"]}));
    assert_eq!(reach["reachable"], true);
    let (_, scrambled) = server.post(
        "/api/gen",
        &json!({"board": "theta0", "moves": 1, "seed": 1}),
    );
    assert_ne!(scrambled["from"], scrambled["to"]);

    let (status, a) = server.post(
        "/api/apply",
        &json!({"board": "3x3", "from": "1 2 3/4 5 6/7 8 0", "moves": "R2D"}),
    );
    assert_eq!(status, 200, "{a}");
    assert_eq!(a["end"], json!([1, 2, 3, 0, 5, 6, 4, 7, 8]));
    assert_eq!(
        (a["length"].clone(), a["directions"].clone()),
        (json!(3), json!("R2D"))
    );
    assert!(a.get("reached").is_none());
    // Several blanks: moves are cell pairs, never letters.
    let (status, two) = server.post(
        "/api/apply",
        &json!({"board": "3x3", "from": "1 2 3/4 5 6/7 0 0", "moves": "5-8"}),
    );
    assert_eq!(status, 200, "{two}");
    assert!(two.get("directions").is_none(), "{two}");
    let (status, bad) = server.post(
        "/api/apply",
        &json!({"board": "3x3", "from": "1 2 3/4 5 6/7 8 0", "moves": "R2L2U"}),
    );
    assert_eq!(status, 400);
    assert!(bad["error"].as_str().unwrap().contains("move 5"), "{bad}");

    let (status, s) = server.post(
        "/api/show",
        &json!({"board": "mask:#.#/###", "from": "1 2 3 0 4"}),
    );
    assert_eq!(status, 200, "{s}");
    assert_eq!(
        (s["kind"].clone(), s["cells"].clone(), s["two_d"].clone()),
        (json!("mask"), json!(5), json!(true))
    );
    assert_eq!(
        s["positions"],
        json!([[0.5, 0.5], [2.5, 0.5], [0.5, 1.5], [1.5, 1.5], [2.5, 1.5]])
    );
    assert_eq!(s["edges"], json!([[0, 2], [1, 4], [2, 3], [3, 4]]));
    assert_eq!(
        (s["from"].clone(), s["to"].clone()),
        (json!([1, 2, 3, 0, 4]), json!([1, 2, 3, 4, 0]))
    );
    let (_, layers) = server.post("/api/show", &json!({"board": "2x3x4"}));
    assert_eq!(layers["dims"], json!([2, 3, 4]));
    assert_eq!(layers["labels"].as_array().unwrap().len(), 2);
    let (_, graph) = server.post("/api/show", &json!({"board": "theta0"}));
    assert_eq!(graph["kind"], "graph");
    assert_eq!(graph["positions"].as_array().unwrap().len(), 7);

    // Pictures to keep: the board, and a solution played.
    let (status, picture) = server.post(
        "/api/svg",
        &json!({"board": "3x3", "from": "8 2 0/4 6 1/3 7 5"}),
    );
    assert_eq!(status, 200, "{picture}");
    let text = picture["svg"].as_str().unwrap();
    assert!(text.starts_with("<svg") && text.matches("class=\"tile\"").count() == 8);
    let (status, film) = server.post(
        "/api/svg",
        &json!({"board": "2x2", "from": "1 2 0 3", "moves": [[3, 2]]}),
    );
    assert_eq!(status, 200, "{film}");
    assert_eq!(
        film["svg"]
            .as_str()
            .unwrap()
            .matches("<animateTransform")
            .count(),
        1
    );
    for (request, words) in [
        (json!(["2x2", "1 2 0 3"]), "a request is a JSON object"),
        (
            json!({"board": "2x2", "from": "1 2 0 3", "moves": "L2"}),
            "move 2",
        ),
        (
            json!({"board": "2x2", "moves": "L"}),
            "the `from` they start on",
        ),
        (
            json!({"board": "2x2", "from": "1 2 0 3", "moves": "R20001"}),
            "at most 20000 single moves",
        ),
        (json!({"board": "101x100"}), "at most 10000 cells"),
    ] {
        let (status, bad) = server.post("/api/svg", &request);
        assert_eq!(status, 400, "{request}: {bad}");
        assert!(
            bad["error"].as_str().unwrap().contains(words),
            "{request}: {bad}"
        );
    }
}

#[test]
fn a_search_past_the_time_limit_is_stopped_and_answered() {
    let server = Server::start(&["--time-limit", "1.5", "--pattern-tiles", "0"]);
    let started = Instant::now();
    let (status, answer) = server.post("/api/solve", &hard_search());
    let answered = started.elapsed();
    assert_eq!(status, 503, "{answer}");
    assert!(
        answer["error"].as_str().unwrap().contains("time limit"),
        "{answer}"
    );
    assert!(
        answered >= Duration::from_millis(1400) && answered < Duration::from_secs(5),
        "{answered:?}"
    );
    let stopped = server.wait_until_idle(Duration::from_secs(3));
    println!("time limit 1.5 s: answered after {answered:?}, search ended {stopped:?} later");
}

#[test]
fn a_client_that_hangs_up_cancels_its_search() {
    let server = Server::start(&["--pattern-tiles", "0"]);
    server.post_and_hang_up("/api/solve", &hard_search(), Duration::from_millis(500));
    let stopped = server.wait_until_idle(Duration::from_secs(3));
    println!("hung up after 0.5 s: the search ended {stopped:?} later");
}

#[test]
fn a_slow_search_does_not_hold_up_other_requests() {
    let server = Server::start(&["--time-limit", "20", "--pattern-tiles", "0"]);
    std::thread::scope(|s| {
        // A search on its own connection, hung up after a while.
        s.spawn(|| server.post_and_hang_up("/api/solve", &hard_search(), Duration::from_secs(6)));
        std::thread::sleep(Duration::from_millis(300));
        others_are_answered(&server);
    });
    server.wait_until_idle(Duration::from_secs(3));
}

/// Sixteen requests at once, each answered within three seconds.
fn others_are_answered(server: &Server) {
    assert_eq!(server.searches(), 1);
    let started = Instant::now();
    let answers: Vec<(u16, Duration)> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..16)
            .map(|i| {
                s.spawn(move || {
                    let t = Instant::now();
                    let question = json!({"board": "3x3", "from": "8 2 0/4 6 1/3 7 5", "id": i});
                    let (status, _) = server.post(
                        if i % 2 == 0 {
                            "/api/reach"
                        } else {
                            "/api/show"
                        },
                        &question,
                    );
                    (status, t.elapsed())
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let all = started.elapsed();
    assert!(
        answers.iter().all(|&(status, _)| status == 200),
        "{answers:?}"
    );
    let slowest = answers.iter().map(|&(_, t)| t).max().unwrap();
    println!(
        "16 requests at once beside a running search: all answered in {all:?}, slowest {slowest:?}"
    );
    assert!(slowest < Duration::from_secs(3), "{slowest:?}");
}

#[test]
fn table_builds_are_reported_as_server_sent_events() {
    let cache = std::env::temp_dir().join(format!("npuzzle-serve-events-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&cache);
    let server = Server::start_with_cache(&[], &cache);
    let events = server.events("/api/progress");
    assert_eq!(
        events.recv_timeout(Duration::from_secs(5)).unwrap(),
        json!({"building": []})
    );
    let (status, answer) = server.post(
        "/api/solve",
        &json!({"board": "4x4", "from": "5 1 2 3/9 6 7 4/13 10 11 8/0 14 15 12", "optimal": true}),
    );
    assert_eq!(status, 200, "{answer}");
    let seen: Vec<Value> = events.try_iter().collect();
    let building = seen
        .iter()
        .find(|e| !e["building"].as_array().unwrap().is_empty())
        .unwrap_or_else(|| panic!("no build reported: {seen:?}"));
    let table = &building["building"][0];
    assert!(
        table["table"].as_str().unwrap().starts_with("pdb-4x4"),
        "{table}"
    );
    assert!(table["total"].as_u64().unwrap() > 0);
    assert_eq!(seen.last().unwrap(), &json!({"building": []}));
    let _ = std::fs::remove_dir_all(&cache);
}

#[test]
fn bad_arguments_are_refused_before_listening() {
    let (code, _, err) = support::run(&["serve", "--port", "0", "--time-limit", "0"], "");
    assert_eq!(code, 2);
    support::assert_clean_error(&err);
    let (code, _, err) = support::run(
        &["serve", "--port", "0", "--host", "no such host.invalid"],
        "",
    );
    assert_eq!(code, 2);
    support::assert_clean_error(&err);
}

#[test]
fn a_field_given_twice_is_refused_on_every_endpoint() {
    let server = Server::start(&[]);
    let body = br#"{"board": "3x3", "board": "2x2", "from": "1 2 3/4 5 6/7 8 0"}"#;
    for path in ["/api/reach", "/api/solve", "/api/apply", "/api/gen"] {
        let reply = server.request("POST", path, &[("Content-Type", "application/json")], body);
        assert_eq!(reply.status, 400, "{path}");
        let message = reply.json()["error"].as_str().unwrap().to_string();
        assert!(
            message.contains("duplicate field `board`"),
            "{path}: {message}"
        );
    }
}
