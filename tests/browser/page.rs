//! The browser tests' driver: a server, chromedriver and a headless
//! Chromium session on the page, with the page's controls as methods, and
//! `with_page!` to run a test on one, one browser at a time.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

use crate::support::serve::Server;
use fantoccini::actions::{InputSource, KeyAction, KeyActions};
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{Value, json};

/// One browser at a time: the machine may have two cores.
pub(crate) static ONE_AT_A_TIME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// A program on the PATH (or named by the environment variable `var`).
fn find_program(var: &str, names: &[&str]) -> Option<PathBuf> {
    if let Some(path) = std::env::var_os(var).filter(|p| !p.is_empty()) {
        return Some(PathBuf::from(path));
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|dir| names.iter().map(move |name| dir.join(name)))
        .find(|candidate| candidate.is_file())
}

/// A server, chromedriver and a headless Chromium session on the page.
pub(crate) struct Page {
    pub client: Client,
    pub server: Server,
    driver: Child,
    /// chromedriver's port and the session's id, to end the session
    /// even when a test fails.
    driver_port: u16,
    session: String,
    profile: PathBuf,
}

impl Page {
    /// Everything started, or `None` (with the reason printed) when the
    /// browser is not installed.
    pub(crate) async fn open(server_args: &[&str]) -> Option<Self> {
        let chrome = find_program("CHROME", &["chromium", "chromium-browser", "google-chrome"]);
        let driver = find_program("CHROMEDRIVER", &["chromedriver"]);
        let (Some(chrome), Some(driver)) = (chrome, driver) else {
            let why = "skipped: chromium and chromedriver are not both on the PATH \
                       (apt-get install chromium chromium-driver)";
            if std::env::var("NPUZZLE_BROWSER_TESTS").as_deref() == Ok("require") {
                panic!("NPUZZLE_BROWSER_TESTS=require, but {why}");
            }
            // Straight to stderr, past the test harness's capture, so that
            // a plain `cargo test` shows it.
            let _ = writeln!(std::io::stderr(), "browser tests {why}");
            return None;
        };
        let server = Server::start(server_args);
        let mut driver = std::process::Command::new(driver)
            .arg("--port=0")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let mut out = BufReader::new(driver.stdout.take().unwrap());
        let mut line = String::new();
        let port: u16 = loop {
            line.clear();
            assert!(out.read_line(&mut line).unwrap() > 0, "chromedriver ended");
            if let Some(rest) = line.split("started successfully on port ").nth(1) {
                break rest.trim().trim_end_matches('.').parse().expect("a port");
            }
        };
        std::thread::spawn(move || std::io::copy(&mut out, &mut std::io::sink()));
        let profile =
            std::env::temp_dir().join(format!("npuzzle-chromium-{}-{port}", std::process::id()));
        let args = [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-dev-shm-usage",
            "--window-size=1280,960",
            &format!("--user-data-dir={}", profile.display()),
        ];
        let capabilities = json!({
            "browserName": "chrome",
            "goog:chromeOptions": {"binary": chrome, "args": args},
        });
        let client = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
            .capabilities(capabilities.as_object().unwrap().clone())
            .connect(&format!("http://127.0.0.1:{port}"))
            .await
            .expect("a browser session");
        let session = client.session_id().await.unwrap().unwrap_or_default();
        Some(Self {
            client,
            server,
            driver,
            driver_port: port,
            session,
            profile,
        })
    }

    /// Opens the page at `#hash` and waits until its board is drawn.
    pub(crate) async fn goto(&self, hash: &str) {
        self.client
            .goto(&format!("{}/#{hash}", self.server.url()))
            .await
            .unwrap();
        self.wait_for("document.body.classList.contains('ready')")
            .await;
    }

    /// Runs JavaScript (the body of a function) and gives its result.
    pub(crate) async fn js(&self, script: &str) -> Value {
        self.client.execute(script, vec![]).await.unwrap()
    }

    /// Waits up to ten seconds for a JavaScript expression to be true.
    pub(crate) async fn wait_for(&self, expression: &str) {
        self.wait_for_within(expression, 10).await;
    }

    /// Waits up to `seconds` for a JavaScript expression to be true.
    pub(crate) async fn wait_for_within(&self, expression: &str, seconds: u64) {
        let started = Instant::now();
        let script = format!("return !!({expression});");
        while self.js(&script).await != json!(true) {
            assert!(
                started.elapsed() < Duration::from_secs(seconds),
                "waited {seconds} s for {expression}; the page says: {}",
                self.js("return document.getElementById('message').textContent")
                    .await
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// (cell, token, at home) of every tile drawn, by cell.
    pub(crate) async fn tiles(&self) -> Vec<(u64, u64, bool)> {
        let list = self
            .js(
                "return [...document.querySelectorAll('#puzzle .tile')].map(t => \
                 [Number(t.dataset.cell), Number(t.dataset.token), t.classList.contains('home')])",
            )
            .await;
        let mut tiles: Vec<(u64, u64, bool)> = list
            .as_array()
            .unwrap()
            .iter()
            .map(|t| (t[0].as_u64().unwrap(), t[1].as_u64().unwrap(), t[2] == true))
            .collect();
        tiles.sort();
        tiles
    }

    /// The element with `data-testid` = `id`.
    pub(crate) async fn hook(&self, id: &str) -> fantoccini::elements::Element {
        let css = format!("[data-testid='{id}']");
        self.client.find(Locator::Css(&css)).await.unwrap()
    }

    pub(crate) async fn click(&self, id: &str) {
        self.hook(id).await.click().await.unwrap();
    }

    pub(crate) async fn text(&self, id: &str) -> String {
        self.hook(id).await.text().await.unwrap()
    }

    pub(crate) async fn value(&self, id: &str) -> String {
        self.hook(id)
            .await
            .prop("value")
            .await
            .unwrap()
            .unwrap_or_default()
    }

    /// Clicks the tile standing on `cell`.
    pub(crate) async fn click_tile(&self, cell: u64) {
        let css = format!("#puzzle .tile[data-cell='{cell}']");
        self.client
            .find(Locator::Css(&css))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
    }

    /// Presses a key (a WebDriver key code) on the page.
    pub(crate) async fn press(&self, key: char) {
        let keys = KeyActions::new("keyboard".into())
            .then(KeyAction::Down { value: key })
            .then(KeyAction::Up { value: key });
        self.client.perform_actions(keys).await.unwrap();
    }

    /// The hash of the page's URL.
    pub(crate) async fn hash(&self) -> String {
        self.js("return location.hash")
            .await
            .as_str()
            .unwrap()
            .to_string()
    }

    /// Ends the session (the browser quits); the rest goes when dropped.
    pub(crate) async fn close(mut self) {
        let _ = self.client.clone().close().await;
        self.session.clear();
    }
}

impl Drop for Page {
    /// Ends the session if a failed test left it open (a plain WebDriver
    /// request: no async here), then chromedriver and the profile.
    fn drop(&mut self) {
        use std::io::Read;
        let open = !self.session.is_empty();
        if let Ok(mut stream) = std::net::TcpStream::connect(("127.0.0.1", self.driver_port))
            && open
        {
            let _ = stream.set_read_timeout(Some(Duration::from_secs(10)));
            let request = format!(
                "DELETE /session/{} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nConnection: close\r\n\r\n",
                self.session, self.driver_port
            );
            // chromedriver answers once the browser has quit.
            if stream.write_all(request.as_bytes()).is_ok() {
                let _ = stream.read(&mut [0; 256]);
            }
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

/// Runs `test` on a page, one browser at a time; skipped without a browser.
macro_rules! with_page {
    (|$page:ident| $body:block) => {
        with_page!(server = [], |$page| $body)
    };
    (server = [$($arg:expr),*], |$page:ident| $body:block) => {{
        let _one = $crate::page::ONE_AT_A_TIME.lock().await;
        let Some($page) = $crate::page::Page::open(&[$($arg),*]).await else {
            return;
        };
        $body
        $page.close().await;
    }};
}
