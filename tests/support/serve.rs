//! `npuzzle serve` for tests: a server on a free loopback port, stopped
//! when dropped, and a small HTTP/1.1 client that can send whatever a
//! test needs (any Host or Origin, oversized bodies, a hang-up halfway).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Stdio};
use std::time::Duration;

/// A shortest search on Korf & Felner's first 24-puzzle (95 moves):
/// hours without tables, so it runs until it is stopped, however fast
/// the build. (Korf's 60th 15-puzzle, used before, ends in 2.4 s of a
/// release build now that linear conflicts and redundant move strings
/// prune it: within the tests' time limits.)
pub(crate) fn hard_search() -> serde_json::Value {
    serde_json::json!({
        "board": "5x5",
        "from": "14 5 9 2 18/8 23 19 12 17/15 0 10 20 4/6 11 21 1 7/24 3 16 22 13",
        "to": "0 1 2 3 4/5 6 7 8 9/10 11 12 13 14/15 16 17 18 19/20 21 22 23 24",
        "optimal": true
    })
}

/// A running `npuzzle serve --port 0`.
pub(crate) struct Server {
    child: Child,
    /// Its address, as it printed it.
    pub addr: SocketAddr,
}

impl Server {
    /// Starts a server with these extra arguments and waits for its address.
    pub(crate) fn start(args: &[&str]) -> Self {
        Self::start_with_cache(args, &super::cache_dir())
    }

    /// As [`start`](Self::start), with its table cache in `cache`.
    pub(crate) fn start_with_cache(args: &[&str], cache: &std::path::Path) -> Self {
        let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("npuzzle"))
            .env("NPUZZLE_CACHE", cache)
            .args(["serve", "--port", "0"])
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("npuzzle runs");
        let mut stderr = BufReader::new(child.stderr.take().expect("piped"));
        let mut line = String::new();
        let addr = loop {
            line.clear();
            if stderr.read_line(&mut line).unwrap() == 0 {
                panic!("the server ended before saying where it listens");
            }
            if let Some(rest) = line.trim().split("http://").nth(1) {
                break rest.trim_end_matches('/').parse().expect("an address");
            }
        };
        // Keep reading its stderr, so that it never blocks on a full pipe.
        std::thread::spawn(move || std::io::copy(&mut stderr, &mut std::io::sink()));
        Self { child, addr }
    }

    /// `http://ADDR`.
    pub(crate) fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// POSTs JSON with the usual headers; (status, answer as JSON).
    pub(crate) fn post(&self, path: &str, body: &serde_json::Value) -> (u16, serde_json::Value) {
        let reply = self.request(
            "POST",
            path,
            &[("Content-Type", "application/json")],
            body.to_string().as_bytes(),
        );
        (reply.status, reply.json())
    }

    /// Sends a request with `headers` (a Host header is added unless given).
    pub(crate) fn request(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: &[u8],
    ) -> Reply {
        let mut stream = TcpStream::connect(self.addr).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(120)))
            .unwrap();
        let mut head = format!("{method} {path} HTTP/1.1\r\nConnection: close\r\n");
        if !headers.iter().any(|(k, _)| k.eq_ignore_ascii_case("host")) {
            head.push_str(&format!("Host: {}\r\n", self.addr));
        }
        for (k, v) in headers {
            head.push_str(&format!("{k}: {v}\r\n"));
        }
        head.push_str(&format!("Content-Length: {}\r\n\r\n", body.len()));
        stream.write_all(head.as_bytes()).unwrap();
        // The server may answer (413) and close before the whole body is sent.
        let _ = stream.write_all(body);
        read_reply(&mut stream)
    }

    /// Sends the first part of a POST and hangs up after `wait`, without
    /// reading the answer.
    pub(crate) fn post_and_hang_up(&self, path: &str, body: &serde_json::Value, wait: Duration) {
        let mut stream = TcpStream::connect(self.addr).unwrap();
        let body = body.to_string();
        let head = format!(
            "POST {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
            self.addr,
            body.len()
        );
        stream.write_all(head.as_bytes()).unwrap();
        stream.write_all(body.as_bytes()).unwrap();
        std::thread::sleep(wait);
        drop(stream);
    }

    /// Listens to the server-sent events of `path`: each event's data, as
    /// JSON, as it comes.
    pub(crate) fn events(&self, path: &str) -> std::sync::mpsc::Receiver<serde_json::Value> {
        let mut stream = TcpStream::connect(self.addr).unwrap();
        let head = format!("GET {path} HTTP/1.1\r\nHost: {}\r\n\r\n", self.addr);
        stream.write_all(head.as_bytes()).unwrap();
        let (send, receive) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stream).lines() {
                let Ok(line) = line else { return };
                if let Some(data) = line.strip_prefix("data:") {
                    let value = serde_json::from_str(data.trim()).expect("JSON data");
                    if send.send(value).is_err() {
                        return;
                    }
                }
            }
        });
        receive
    }

    /// The number of searches under way (`GET /api/status`).
    pub(crate) fn searches(&self) -> u64 {
        let reply = self.request("GET", "/api/status", &[], b"");
        reply.json()["searches"].as_u64().expect("a count")
    }

    /// Waits up to `limit` for no job to be under way; how long it took.
    pub(crate) fn wait_until_idle(&self, limit: Duration) -> Duration {
        let started = std::time::Instant::now();
        while self.searches() > 0 {
            assert!(
                started.elapsed() < limit,
                "a search still runs after {limit:?}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        started.elapsed()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An HTTP answer.
pub(crate) struct Reply {
    pub status: u16,
    /// Header names in lower case.
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Reply {
    pub(crate) fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    pub(crate) fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    pub(crate) fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.text()))
    }
}

/// Reads an answer to the end of the connection (chunked bodies joined).
fn read_reply(stream: &mut TcpStream) -> Reply {
    let mut raw = Vec::new();
    let _ = stream.read_to_end(&mut raw);
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .unwrap_or_else(|| panic!("no answer: {:?}", String::from_utf8_lossy(&raw)));
    let head = String::from_utf8_lossy(&raw[..split]).into_owned();
    let mut lines = head.lines();
    let status = lines
        .next()
        .unwrap()
        .split(' ')
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let mut body = raw[split + 4..].to_vec();
    let chunked = headers
        .iter()
        .any(|(k, v)| k == "transfer-encoding" && v.contains("chunked"));
    if chunked {
        body = unchunk(&body);
    }
    Reply {
        status,
        headers,
        body,
    }
}

fn unchunk(mut data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let Some(end) = data.windows(2).position(|w| w == b"\r\n") else {
            return out;
        };
        let size =
            usize::from_str_radix(String::from_utf8_lossy(&data[..end]).trim(), 16).unwrap_or(0);
        if size == 0 {
            return out;
        }
        let start = end + 2;
        out.extend_from_slice(&data[start..(start + size).min(data.len())]);
        data = &data[(start + size + 2).min(data.len())..];
    }
}
