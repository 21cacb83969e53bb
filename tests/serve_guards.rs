//! `npuzzle serve`'s guards, against a real server on a free loopback
//! port: bad input as 400 in the library's words, no file ever read,
//! other hosts (DNS rebinding) and other origins refused, big bodies 413.

mod support;

use serde_json::json;
use support::serve::Server;

#[test]
fn bad_input_is_a_400_with_the_librarys_words_and_files_are_never_read() {
    let server = Server::start(&[]);
    let big_from: Vec<u32> = (1..40_000).chain([0]).collect();
    let cases = [
        (
            "/api/reach",
            json!({"board": "3x3", "from": "1 2 3"}),
            "from",
        ),
        (
            "/api/reach",
            json!({"board": "3y3", "from": "1 0"}),
            "not a board spec",
        ),
        ("/api/reach", json!({"from": "1 0"}), "board"),
        (
            "/api/reach",
            json!({"board": "@/etc/passwd", "from": "1 0"}),
            "board",
        ),
        (
            "/api/reach",
            json!({"board": "2x2", "from": "@/etc/passwd"}),
            "from",
        ),
        (
            "/api/solve",
            json!({"board": "3x3", "from": "1 2 3/4 5 6/7 8 0", "optimal": "yes"}),
            "json",
        ),
        (
            "/api/solve",
            json!({"board": "200x200", "from": big_from}),
            "at most",
        ),
        ("/api/show", json!({"board": "200x200"}), "at most"),
        ("/api/show", json!({"board": "graph:67108864"}), "at most"),
        ("/api/gen", json!({"board": "graph:67108864"}), "at most"),
        (
            "/api/reach",
            json!({"board": "graph:67108864", "from": "1 0"}),
            "2 tokens for a board of 67108864 cells",
        ),
        (
            "/api/reach",
            json!({"board": "2x2", "from": "1 2 3 0", "optimal": true}),
            "unknown field",
        ),
        (
            "/api/show",
            json!({"board": "2x2", "color": true}),
            "unknown field",
        ),
        ("/api/show", json!({"board": "3x3", "to": [1, 2, 3]}), "to"),
        (
            "/api/gen",
            json!({"board": "3x3", "moves": 100_000_000u64}),
            "moves",
        ),
        ("/api/gen", json!({"board": "9000x9000"}), "board"),
        (
            "/api/apply",
            json!({"board": "3x3", "from": "1 2 3/4 5 6/7 8 0", "moves": "R1048576".repeat(20)}),
            "at most",
        ),
        (
            "/api/apply",
            json!({"board": "3x3", "from": "1 2 3/4 5 6/7 8 0", "moves": [[7, 9]]}),
            "off the board",
        ),
    ];
    for (path, body, words) in cases {
        let (status, answer) = server.post(path, &body);
        assert_eq!(status, 400, "{path} {body}: {answer}");
        let error = answer["error"]
            .as_str()
            .unwrap_or_else(|| panic!("{answer}"));
        assert!(error.contains(words), "{path}: {error}");
        assert!(!error.contains("root:"), "no file was read: {error}");
    }
    let not_json = server.request(
        "POST",
        "/api/reach",
        &[("Content-Type", "application/json")],
        b"{not json",
    );
    assert_eq!(not_json.status, 400);
    assert!(
        not_json.json()["error"]
            .as_str()
            .unwrap()
            .starts_with("json: ")
    );
    let plain = server.request(
        "POST",
        "/api/reach",
        &[("Content-Type", "text/plain")],
        b"{}",
    );
    assert_eq!(plain.status, 415);
    assert!(plain.json()["error"].is_string());
}

#[test]
fn other_hosts_and_other_origins_are_refused() {
    let server = Server::start(&[]);
    let body = json!({"board": "3x3", "from": "1 2 3/4 5 6/7 8 0"}).to_string();
    let post = |headers: &[(&str, &str)]| {
        let mut all = vec![("Content-Type", "application/json")];
        all.extend_from_slice(headers);
        server.request("POST", "/api/reach", &all, body.as_bytes())
    };
    let own = server.addr.to_string();
    let localhost = format!("localhost:{}", server.addr.port());
    let same_origin = format!("http://{own}");
    assert_eq!(post(&[]).status, 200, "no Origin: not a browser");
    assert_eq!(post(&[("Origin", &same_origin)]).status, 200);
    assert_eq!(
        post(&[
            ("Host", &localhost),
            ("Origin", &format!("http://{localhost}"))
        ])
        .status,
        200
    );
    let rebinding = post(&[("Host", "evil.example:8080")]);
    assert_eq!(rebinding.status, 403);
    assert!(rebinding.json()["error"].as_str().unwrap().contains("Host"));
    assert_eq!(
        server
            .request("GET", "/", &[("Host", "evil.example")], b"")
            .status,
        403
    );
    for origin in [
        "http://evil.example",
        "null",
        &format!("http://127.0.0.1:{}", server.addr.port() ^ 1),
    ] {
        let reply = post(&[("Origin", origin)]);
        assert_eq!(reply.status, 403, "{origin}");
        assert!(reply.header("access-control-allow-origin").is_none());
    }
    assert_eq!(post(&[("Sec-Fetch-Site", "cross-site")]).status, 403);
    // A header the guard reads, given twice: only one would be checked.
    let twice = post(&[("Origin", &same_origin), ("Origin", "http://evil.example")]);
    assert_eq!(twice.status, 400);
    assert!(
        twice.json()["error"]
            .as_str()
            .unwrap()
            .contains("more than once")
    );
    let twice = post(&[("Host", &own), ("Host", "evil.example")]);
    assert_eq!(twice.status, 400);
    // No CORS: a preflight gets no permission.
    let preflight = server.request(
        "OPTIONS",
        "/api/reach",
        &[
            ("Origin", "http://evil.example"),
            ("Access-Control-Request-Method", "POST"),
        ],
        b"",
    );
    assert!(preflight.status >= 400, "{}", preflight.status);
    assert!(preflight.header("access-control-allow-origin").is_none());
    // Even a same-origin answer carries no CORS header.
    assert!(
        post(&[("Origin", &same_origin)])
            .header("access-control-allow-origin")
            .is_none()
    );
}

#[test]
fn bodies_over_16_mib_are_413() {
    let server = Server::start(&[]);
    let big = vec![b' '; (16 << 20) + 1];
    let reply = server.request(
        "POST",
        "/api/reach",
        &[("Content-Type", "application/json")],
        &big,
    );
    assert_eq!(reply.status, 413);
    assert!(reply.json()["error"].as_str().unwrap().contains("bytes"));
    // Just under the limit is read (and is bad JSON).
    let fits = vec![b' '; 1 << 20];
    let reply = server.request(
        "POST",
        "/api/reach",
        &[("Content-Type", "application/json")],
        &fits,
    );
    assert_eq!(reply.status, 400);
}
