//! `npuzzle serve`: a web page on any board, served by the command line
//! itself, with a JSON API that speaks the batch format.
//!
//! The files of this module, each for one thing:
//! - `mod.rs` (this file): the command's arguments, the routes, and
//!   starting the server;
//! - [`guard`]: who may call (loopback by default, only this server's own
//!   Host names, no cross-origin callers) and the headers every answer
//!   carries;
//! - [`api`]: the JSON endpoints, each translating a request into calls
//!   of the library and its answer back into JSON;
//! - [`jobs`]: running the library's work on blocking threads, raced
//!   against the time limit and against the client going away, and the
//!   progress of pattern database builds (server-sent events);
//! - [`show`]: the drawing endpoint: cells, adjacency and the positions
//!   the library's [`layout`](npuzzle_core::formats::layout) gives;
//! - [`page`]: the page's files (HTML, JavaScript modules, CSS), embedded
//!   in the binary from `page/`.
//!
//! The server only translates: every decision, solution, random
//! arrangement and move check is the library's.

mod api;
mod guard;
mod jobs;
mod page;
mod show;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, Result, bail};
use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use npuzzle_core::PdbCache;

/// The largest request body taken, in bytes (16 MiB); larger ones are
/// answered with 413.
pub const MAX_BODY: usize = 16 << 20;

/// Serves the page and its JSON API: loopback only unless told otherwise.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The port to listen on (0: any free port; the address is printed on stderr).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on. Anything but a loopback address serves
    /// every machine that can reach this one.
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
    /// Seconds a request's work may take (shortest searches above all):
    /// past it the search is stopped and answered with an error.
    #[arg(long, default_value_t = 60.0)]
    time_limit: f64,
    /// Largest pattern database for shortest searches, in tiles (0:
    /// Manhattan distance and linear conflicts only); as `solve --pattern-tiles`.
    #[arg(long)]
    pattern_tiles: Option<usize>,
}

/// What every handler shares.
pub struct App {
    /// Requests' work, its limits and the table builds under way.
    jobs: jobs::Jobs,
    /// Where pattern databases live (the command line's cache).
    cache: Option<PdbCache>,
    /// As `--pattern-tiles`.
    pattern_tiles: Option<usize>,
}

/// The routes, behind the guard: the page, the API, and a JSON 404.
fn router(app: Arc<App>, guard: Arc<guard::Guard>) -> Router {
    Router::new()
        .route("/", get(page::index))
        .route("/{file}", get(page::file))
        .route("/api/reach", post(api::post_reach))
        .route("/api/solve", post(api::post_solve))
        .route("/api/gen", post(api::post_gen))
        .route("/api/apply", post(api::post_apply))
        .route("/api/show", post(show::post_show))
        .route("/api/svg", post(show::post_svg))
        .route("/api/progress", get(jobs::progress_events))
        .route("/api/status", get(api::get_status))
        .fallback(api::not_found)
        .with_state(app)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(axum::middleware::from_fn_with_state(guard, guard::check))
}

/// `npuzzle serve`: listens until the process is stopped (exit code 0
/// then; errors before listening are the caller's exit 2).
pub fn run(args: Args) -> Result<u8> {
    if !(args.time_limit > 0.0 && args.time_limit <= 1e6) {
        bail!("--time-limit: give a number of seconds above 0 (and at most 1000000)");
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .thread_name("npuzzle-serve")
        .build()
        .context("cannot start the server's threads")?;
    runtime.block_on(serve(args))?;
    Ok(0)
}

async fn serve(args: Args) -> Result<()> {
    let listener = tokio::net::TcpListener::bind((args.host.as_str(), args.port))
        .await
        .with_context(|| format!("cannot listen on {}:{}", args.host, args.port))?;
    let addr: SocketAddr = listener.local_addr()?;
    let app = Arc::new(App {
        jobs: jobs::Jobs::new(Duration::from_secs_f64(args.time_limit)),
        cache: crate::progress::cache_or_warn(),
        pattern_tiles: args.pattern_tiles,
    });
    let guard = Arc::new(guard::Guard::new(&args.host));
    if !addr.ip().is_loopback() {
        eprintln!(
            "warning: listening on {addr}, not a loopback address: every machine that can \
             reach this one can use the server"
        );
    }
    eprintln!("npuzzle serve: listening on http://{addr}/");
    axum::serve(listener, router(app, guard))
        .await
        .context("the server stopped")
}
