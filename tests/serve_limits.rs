//! `npuzzle serve` under abuse, against a real server on a free loopback
//! port: slow and surplus connections dropped, jobs past their slots
//! refused with `Retry-After`, long answers and big table builds refused
//! within the memory budget, and work stopped when its answer is given
//! up. Counts and waits are kept small: each test takes a few seconds.

mod support;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use support::serve::{Server, hard_search};

/// Opens a connection and sends `text`, leaving it open.
fn send_part(server: &Server, text: &str) -> TcpStream {
    let mut stream = TcpStream::connect(server.addr).unwrap();
    stream.write_all(text.as_bytes()).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    stream
}

/// What the server sends on `stream` until it closes it, and when.
fn read_until_closed(stream: &mut TcpStream) -> (String, Instant) {
    let mut got = Vec::new();
    let _ = stream.read_to_end(&mut got);
    (String::from_utf8_lossy(&got).into_owned(), Instant::now())
}

#[test]
fn slow_surplus_and_idle_connections_are_dropped() {
    let server = Server::start(&["--read-timeout", "1", "--max-connections", "16"]);
    let started = Instant::now();
    // Slowloris: headers begun and never finished, holding every slot
    // (one of them idle, one with half a body).
    let mut slow: Vec<TcpStream> = (0..14)
        .map(|_| send_part(&server, "POST /api/reach HTTP/1.1\r\nHost: localhost\r\n"))
        .collect();
    slow.push(send_part(&server, ""));
    slow.push(send_part(
        &server,
        &format!(
            "POST /api/reach HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
             Content-Length: 1000\r\n\r\n{{\"board\"",
            server.addr
        ),
    ));
    std::thread::sleep(Duration::from_millis(200));
    // Past the cap: answered 503 at once, and closed.
    let mut surplus = send_part(
        &server,
        "GET /api/status HTTP/1.1\r\nHost: localhost\r\n\r\n",
    );
    let (answer, _) = read_until_closed(&mut surplus);
    assert!(answer.starts_with("HTTP/1.1 503"), "{answer}");
    assert!(answer.contains("Retry-After: 5"), "{answer}");
    // A whole request with a body gets it too: the server reads what was
    // sent before it closes (unread bytes turned the close into a reset,
    // which often lost the answer).
    for _ in 0..5 {
        // A client that sends its request a little after connecting, and
        // reads a little after that.
        let mut surplus = TcpStream::connect(server.addr).unwrap();
        std::thread::sleep(Duration::from_millis(50));
        let body = "x".repeat(20_000);
        let request = format!(
            "POST /api/reach HTTP/1.1\r\nHost: localhost\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        );
        let _ = surplus.write_all(request.as_bytes());
        std::thread::sleep(Duration::from_millis(50));
        let (answer, _) = read_until_closed(&mut surplus);
        assert!(answer.starts_with("HTTP/1.1 503"), "{answer:?}");
    }
    // Every slow one is dropped after about the read timeout; the half
    // body gets a 408 first.
    let half_body = slow.pop().unwrap();
    for mut stream in slow.into_iter().chain([half_body]) {
        let (said, closed) = read_until_closed(&mut stream);
        let waited = closed - started;
        assert!(waited < Duration::from_secs(6), "{waited:?}");
        if !said.is_empty() {
            assert!(said.starts_with("HTTP/1.1 408"), "{said}");
        }
    }
    // And the server answers again.
    assert_eq!(server.searches(), 0);
}

#[test]
fn a_stalled_body_gets_408_after_the_read_timeout() {
    let server = Server::start(&["--read-timeout", "1"]);
    let mut stream = send_part(
        &server,
        &format!(
            "POST /api/solve HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
             Content-Length: 15000000\r\n\r\n{{\"board\": \"3x3\", \"from\": \"",
            server.addr
        ),
    );
    let started = Instant::now();
    let (answer, closed) = read_until_closed(&mut stream);
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(answer.contains("--read-timeout"), "{answer}");
    assert!(closed - started < Duration::from_secs(5));
}

#[test]
fn jobs_past_the_slots_and_the_queue_get_503_with_retry_after() {
    let server = Server::start(&[
        "--max-jobs",
        "1",
        "--time-limit",
        "3",
        "--pattern-tiles",
        "0",
    ]);
    let url = server.url();
    let hard = hard_search();
    let server = std::sync::Arc::new(server);
    let long = {
        let server = server.clone();
        std::thread::spawn(move || server.post("/api/solve", &hard))
    };
    let until = Instant::now() + Duration::from_secs(5);
    while server.searches() == 0 {
        assert!(Instant::now() < until, "the search did not start");
        std::thread::sleep(Duration::from_millis(10));
    }
    // Sixteen more wait for the one slot (the queue: sixteen per slot).
    let cheap = json!({"board": "3x3", "from": "1 2 3/4 5 6/7 0 8"});
    let queued: Vec<_> = (0..16)
        .map(|_| {
            let (server, cheap) = (server.clone(), cheap.clone());
            std::thread::spawn(move || server.post("/api/reach", &cheap))
        })
        .collect();
    let until = Instant::now() + Duration::from_secs(5);
    loop {
        let status = server.request("GET", "/api/status", &[], b"").json();
        if status["waiting"] == 16 {
            break;
        }
        assert!(Instant::now() < until, "not queued: {status} ({url})");
        std::thread::sleep(Duration::from_millis(10));
    }
    // The next is refused at once.
    let refused = server.request(
        "POST",
        "/api/reach",
        &[("Content-Type", "application/json")],
        cheap.to_string().as_bytes(),
    );
    assert_eq!(refused.status, 503, "{}", refused.text());
    assert_eq!(refused.header("retry-after"), Some("5"));
    assert!(refused.text().contains("--max-jobs"), "{}", refused.text());
    // The queued ones are answered once the long search is stopped.
    let (status, answer) = long.join().unwrap();
    assert_eq!(status, 503, "{answer}");
    for waiting in queued {
        let (status, answer) = waiting.join().unwrap();
        assert_eq!(status, 200, "{answer}");
        assert_eq!(answer["reachable"], true);
    }
}

/// A ring of `n` cells with a chord over five of them: no cell can be
/// peeled, so its solutions are sorted by 3-cycles, about n³ moves.
fn ring_with_a_chord(n: usize) -> String {
    let ring: Vec<String> = (0..n).map(|c| format!("{c}-{}", (c + 1) % n)).collect();
    format!("graph:{n}:{},0-5", ring.join(","))
}

#[test]
fn answers_past_a_jobs_share_of_memory_are_refused_before_they_are_made() {
    // 64 MiB for two jobs: 32 MiB each, 209,715 moves at 160 bytes.
    let server = Server::start(&["--max-memory", "64M", "--max-jobs", "2"]);
    let board = ring_with_a_chord(340);
    let (status, question) = server.post("/api/gen", &json!({"board": board, "seed": 3}));
    assert_eq!(status, 200, "{question}");
    let started = Instant::now();
    let (status, answer) = server.post(
        "/api/solve",
        &json!({"board": board, "from": question["from"], "to": question["to"]}),
    );
    assert_eq!(status, 400, "{answer}");
    let message = answer["error"].as_str().unwrap();
    assert!(message.contains("209715 moves"), "{message}");
    assert!(message.contains("--max-memory"), "{message}");
    assert!(started.elapsed() < Duration::from_secs(10));
    assert_eq!(server.searches(), 0);
    // A move sequence past the share is refused before it is played.
    let moves = "RL".repeat(150_000);
    let (status, answer) = server.post(
        "/api/apply",
        &json!({"board": "3x3", "from": "1 2 3/4 5 6/7 8 0", "moves": moves}),
    );
    assert_eq!(status, 400, "{answer}");
    assert!(
        answer["error"].as_str().unwrap().contains("--max-memory"),
        "{answer}"
    );
    // So are pairs, as text or as an array, and on /api/svg too.
    let pairs = json!([[7, 8], [8, 7]].repeat(150_000));
    for moves in [json!("7-8 8-7 ".repeat(150_000)), pairs] {
        let question = json!({"board": "3x3", "from": "1 2 3/4 5 6/7 8 0", "moves": moves});
        let (status, answer) = server.post("/api/apply", &question);
        assert_eq!(status, 400, "{answer}");
        assert!(
            answer["error"].as_str().unwrap().contains("300000"),
            "{answer}"
        );
        let (status, answer) = server.post("/api/svg", &question);
        assert_eq!(status, 400, "{answer}");
        assert!(
            answer["error"].as_str().unwrap().contains("animation"),
            "{answer}"
        );
    }
    // Within the share, the same ring answers.
    let small = ring_with_a_chord(40);
    let (_, question) = server.post("/api/gen", &json!({"board": small, "seed": 3}));
    let (status, answer) = server.post(
        "/api/solve",
        &json!({"board": small, "from": question["from"], "to": question["to"]}),
    );
    assert_eq!(status, 200, "{answer}");
}

#[test]
fn an_unread_answer_holds_its_memory_until_the_write_timeout() {
    // One job with all of 300 MiB: a 100×100 answer (1.7 M moves, 22 MB)
    // fits its share; while it waits for a client that does not read, the
    // next job cannot have its share.
    let budget: u64 = 300 << 20;
    let server = Server::start(&[
        "--max-memory",
        "300M",
        "--max-jobs",
        "1",
        "--write-timeout",
        "2",
    ]);
    let memory_free = || {
        let reply = server.request("GET", "/api/status", &[], b"");
        reply.json()["memory_free"].as_u64().expect("bytes")
    };
    assert_eq!(memory_free(), budget);
    let (_, question) = server.post("/api/gen", &json!({"board": "100x100", "seed": 1}));
    let body = json!({"board": "100x100", "from": question["from"], "to": question["to"]});
    let body = body.to_string();
    let mut unread = send_part(
        &server,
        &format!(
            "POST /api/solve HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\n\r\n{body}",
            server.addr,
            body.len()
        ),
    );
    let started = Instant::now();
    while memory_free() > budget - (8 << 20) {
        assert!(started.elapsed() < Duration::from_secs(60), "never held");
        std::thread::sleep(Duration::from_millis(20));
    }
    // The next job waits for the unread answer's room: its connection is
    // closed after the write timeout, and the room given back.
    let waiting = Instant::now();
    let (status, answer) = server.post(
        "/api/solve",
        &json!({"board": "3x3", "from": "8 6 7/2 5 4/3 0 1"}),
    );
    assert_eq!(status, 200, "{answer}");
    let waited = waiting.elapsed();
    assert!(waited > Duration::from_millis(500), "{waited:?}");
    let (said, _) = read_until_closed(&mut unread);
    assert!(said.starts_with("HTTP/1.1 200"));
    assert!(
        said.len() < 21_000_000,
        "{} bytes: the whole answer",
        said.len()
    );
    assert_eq!(memory_free(), budget);
}

#[test]
fn a_table_build_past_the_memory_budget_is_refused_with_how_to_build_it() {
    let server = Server::start(&["--max-memory", "1G"]);
    let from: Vec<u32> = (1..30).rev().chain([0]).collect();
    let started = Instant::now();
    let (status, answer) = server.post(
        "/api/solve",
        &json!({"board": "5x6", "from": from, "optimal": true}),
    );
    assert_eq!(status, 503, "{answer}");
    let message = answer["error"].as_str().unwrap();
    assert!(
        message.contains("npuzzle pdb build --board 5x6"),
        "{message}"
    );
    assert!(message.contains("--max-memory"), "{message}");
    assert!(started.elapsed() < Duration::from_secs(5));
}

#[test]
fn cached_tables_past_the_memory_budget_are_not_loaded() {
    // 3×4's tables (6 and 5 tiles: 1.5 MB in 16-bit entries) built ahead
    // into a cache.
    let cache = std::env::temp_dir().join(format!("npuzzle-serve-load-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&cache);
    let built = support::npuzzle_std()
        .env("NPUZZLE_CACHE", &cache)
        .args(["pdb", "build", "--board", "3x4"])
        .output()
        .unwrap();
    assert!(built.status.success(), "{built:?}");
    let question = json!({"board": "3x4", "from": "0 11 10 9/8 7 6 5/4 3 1 2", "optimal": true});
    // Under 1 MiB they are refused, not loaded; under 8 MiB, loaded.
    let small = Server::start_with_cache(&["--max-memory", "1M", "--max-jobs", "1"], &cache);
    let (status, answer) = small.post("/api/solve", &question);
    assert_eq!(status, 503, "{answer}");
    let message = answer["error"].as_str().unwrap();
    assert!(message.contains("load or build"), "{message}");
    let enough = Server::start_with_cache(&["--max-memory", "8M", "--max-jobs", "1"], &cache);
    let (status, answer) = enough.post("/api/solve", &question);
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["optimal"], true);
    let _ = std::fs::remove_dir_all(&cache);
}

#[test]
fn a_table_build_is_stopped_when_its_answer_is_given_up() {
    let cache = std::env::temp_dir().join(format!("npuzzle-serve-stop-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&cache);
    let server = Server::start_with_cache(&["--time-limit", "1", "--pattern-tiles", "7"], &cache);
    // 4×4's 7-8 tables: a build of many seconds that stops within one
    // (5×5's tables take longer to stop in a debug build).
    let question = json!({
        "board": "4x4",
        "from": "11 14 13 1/2 3 12 4/15 7 9 5/10 6 8 0",
        "to": "0 1 2 3/4 5 6 7/8 9 10 11/12 13 14 15",
        "optimal": true
    });
    let (status, answer) = server.post("/api/solve", &question);
    assert_eq!(status, 503, "{answer}");
    let waited = server.wait_until_idle(Duration::from_secs(10));
    assert!(waited < Duration::from_secs(5), "{waited:?}");
    let _ = std::fs::remove_dir_all(&cache);
}

#[test]
fn a_draw_is_stopped_when_its_answer_is_given_up() {
    // Two blanks on a path: shuffles are drawn by rejection, and almost
    // none keeps the tokens' order (200,000 tries of 20,000 cells each).
    let server = Server::start(&["--time-limit", "1"]);
    let to: Vec<u32> = (1..19_999).chain([0, 0]).collect();
    let (status, answer): (u16, Value) =
        server.post("/api/gen", &json!({"board": "1x20000", "to": to}));
    assert_eq!(status, 503, "{answer}");
    let waited = server.wait_until_idle(Duration::from_secs(10));
    assert!(waited < Duration::from_secs(3), "{waited:?}");
}

#[test]
fn dense_graphs_are_refused_before_they_are_drawn() {
    // The complete graph on 400 cells: 79,800 edges, a 249 MB picture
    // and 3 × 10⁹ pairs of edges to cross if it were drawn.
    let server = Server::start(&[]);
    let edges: Vec<String> = (0..400)
        .flat_map(|u| (u + 1..400).map(move |v| format!("{u}-{v}")))
        .collect();
    let board = format!("graph:400:{}", edges.join(","));
    let started = Instant::now();
    for endpoint in ["/api/show", "/api/svg"] {
        let (status, answer) = server.post(endpoint, &json!({ "board": board }));
        assert_eq!(status, 400, "{answer}");
        let message = answer["error"].as_str().unwrap();
        assert!(message.contains("at most 40000 edges"), "{message}");
    }
    assert!(started.elapsed() < Duration::from_secs(5));
    assert_eq!(server.searches(), 0);
}

#[test]
fn a_default_answer_past_the_table_budget_goes_on_without_tables() {
    // 16 MiB: not even the 5×5 default's small tables fit (four of 25 MB),
    // so the default answer is searched on Manhattan distance instead.
    let cache = std::env::temp_dir().join(format!("npuzzle-serve-light-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&cache);
    let server = Server::start_with_cache(&["--max-memory", "16M"], &cache);
    let from = "2 3 4 5 0/1 7 8 9 10/6 12 13 14 15/11 17 18 19 20/16 21 22 23 24";
    let (status, answer) = server.post("/api/solve", &json!({"board": "5x5", "from": from}));
    assert_eq!(status, 200, "{answer}");
    // The answer is short: searched again whole (its end made shortest,
    // on Manhattan distance too), it is the shortest and says so.
    assert_eq!(answer["optimal"], true, "{answer}");
    assert_eq!(answer["lower_bound"], answer["length"], "{answer}");
    let _ = std::fs::remove_dir_all(&cache);
}

#[test]
fn a_default_answer_keeps_its_search_within_the_jobs_share() {
    // 256 KiB for two jobs: room for about 400 states of a weighted
    // search, too few for this 4×5 state, whose answer is then the
    // constructive one (its bound the Manhattan distance); a share of 14 MiB holds the
    // weighted search's states. Both without tables (past the budget).
    let cache = std::env::temp_dir().join(format!("npuzzle-serve-share-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&cache);
    let question =
        json!({"board": "4x5", "from": "0 19 18 17 16/15 14 13 12 11/10 9 8 7 6/5 4 3 1 2"});
    let small = Server::start_with_cache(&["--max-memory", "256K", "--max-jobs", "2"], &cache);
    let (status, tight) = small.post("/api/solve", &question);
    assert_eq!(status, 200, "{tight}");
    let roomy = Server::start_with_cache(&["--max-memory", "28M", "--max-jobs", "2"], &cache);
    let (status, searched) = roomy.post("/api/solve", &question);
    assert_eq!(status, 200, "{searched}");
    assert!(searched["lower_bound"].as_u64() > Some(80), "{searched}");
    assert!(searched["length"].as_u64() < tight["length"].as_u64());
    assert!(searched["lower_bound"].as_u64() > tight["lower_bound"].as_u64());
    let _ = std::fs::remove_dir_all(&cache);
}
